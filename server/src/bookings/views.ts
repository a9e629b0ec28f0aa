import { eq, sql, type SQL } from 'drizzle-orm';
import type { BookingActor } from '#domain/booking-states';
import type { Database } from '../db/client';
import { accounts, bookings, cars, type AccountRow, type BookingRow, type CarRow } from '../db/schema';

/** A booking with what its answers show of the car and the renter, and the car's owner, who decides who answers for it. */
export interface BookingView {
  booking: BookingRow;
  car: Pick<CarRow, 'id' | 'kind' | 'carName' | 'city' | 'pickupArea' | 'ownerId'>;
  renter: Pick<AccountRow, 'id' | 'username'>;
}

export const viewColumns = {
  booking: bookings,
  car: {
    id: cars.id,
    kind: cars.kind,
    carName: cars.carName,
    city: cars.city,
    pickupArea: cars.pickupArea,
    ownerId: cars.ownerId,
  },
  renter: { id: accounts.id, username: accounts.username },
};

/** Bookings with what their answers show of the car and the renter. */
export function bookingViews(db: Database) {
  return db
    .select(viewColumns)
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(accounts, eq(accounts.id, bookings.renterId));
}

/**
 * A renter sees their own bookings, an owner the requests for their cars, an admin every booking.
 * Written over the bookings table alone, so counting them needs no join with their cars.
 */
export function visibleTo(db: Database, account: AccountRow): SQL | undefined {
  switch (account.role) {
    case 'admin':
      return undefined;
    case 'owner':
      // An array the subquery builds once (an InitPlan), not a join for the planner to weigh: the
      // bookings are then looked up by car in bookings_car_idx.
      return sql`${bookings.carId} = any(array(${db.select({ id: cars.id }).from(cars).where(eq(cars.ownerId, account.id))}))`;
    case 'user':
      return eq(bookings.renterId, account.id);
  }
}

/** The renter who asked, or whoever answers for the car: its owner, or an admin for a fleet car. */
export function actorFor(account: AccountRow, { booking, car }: Pick<BookingView, 'booking' | 'car'>): BookingActor | undefined {
  if (booking.renterId === account.id) return 'renter';
  const keepsCar = car.kind === 'fleet' ? account.role === 'admin' : car.ownerId === account.id;
  return keepsCar ? 'carKeeper' : undefined;
}

/** Whoever answers for the car, or an admin: who may see the renter's contact once accepted, and what stands in a request's way. */
export function onCarsSide(account: AccountRow, view: Pick<BookingView, 'booking' | 'car'>): boolean {
  return actorFor(account, view) === 'carKeeper' || account.role === 'admin';
}

/** The provider's payment reference is for the renter and admins; an owner sees where the money stands. */
export function showsPaymentRef(account: AccountRow): boolean {
  return account.role !== 'owner';
}
