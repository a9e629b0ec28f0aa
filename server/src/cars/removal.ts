import { and, asc, count, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { RESERVING_STATUSES } from '#domain/booking-states';
import { formatIndiaTime } from '#domain/india-time';
import type { CarRemoval } from '#domain/schemas/owner-cars';
import type { Database } from '../db/client';
import { bookings, carPhotos, cars } from '../db/schema';
import { HttpError } from '../http/errors';
import type { BookingLinks } from '../mail/booking-mails';
import type { PaymentProviders } from '../payments/provider';
import { settlePayments } from '../payments/settle-payments';
import { expireDueRequests } from '../bookings/process';
import { recordStatus } from '../bookings/status';
import { t } from '../i18n';

/** What the renter of a request reads when the car it asked for leaves the marketplace. */
export const CAR_REMOVED = 'server.removal.carRemoved';

const NOT_ALL_YOURS = 'server.removal.notAllYours';

/** An accepted booking that keeps its car: the trip is still to come or under way. */
interface StandingBooking {
  carName: string;
  startsAt: Date;
  endsAt: Date;
}

function stillBooked(standing: StandingBooking[]): HttpError {
  const named = standing.map(({ carName, startsAt, endsAt }) =>
    t('server.removal.bookedFrom', { carName, from: formatIndiaTime(startsAt), to: formatIndiaTime(endsAt) }),
  );
  return new HttpError(409, t('server.removal.stillBooked', { cars: named.join(t('server.removal.separator')) }));
}

/**
 * Declines the open requests of cars leaving the marketplace, telling each renter `reason`, and
 * records each change (which queues its mail). Called under the cars' locks, after their due
 * requests are expired: what is still `requested` then is open, its period not begun. The holds of
 * the requests declined are the caller's to let go once the transaction commits.
 */
export async function declineOpenRequests(
  tx: Database,
  carIds: string[],
  reason: string,
  now: Date,
  links: BookingLinks,
): Promise<{ bookingId: string; carId: string }[]> {
  const declined = await tx
    .update(bookings)
    .set({ status: 'declined', declineReason: reason, updatedAt: now })
    .where(and(inArray(bookings.carId, carIds), eq(bookings.status, 'requested')))
    .returning({ bookingId: bookings.id, carId: bookings.carId });
  await recordStatus(
    tx,
    declined.map(({ bookingId }) => ({ bookingId, status: 'declined' as const, at: now })),
    links,
  );
  return declined;
}

export interface CarRemovalDeps {
  db: Database;
  payments: PaymentProviders;
  log: FastifyBaseLogger;
  /** Where the mails telling renters their requests were declined link to. */
  links: BookingLinks;
}

export interface CarsRemoved {
  results: CarRemoval[];
  /** The file keys of the photos of the cars deleted outright, whose rows went with them: their files are to go too. */
  photoFileKeys: string[];
}

/** The owner's cars in use among `ids`, locked in id order; 404 unless every one of them is. */
async function lockOwnedCars(tx: Database, ownerId: string, ids: string[]): Promise<{ id: string; carName: string }[]> {
  // In id order, as every transaction that locks several cars must, so two never wait on each other.
  const owned = await tx
    .select({ id: cars.id, carName: cars.carName })
    .from(cars)
    .where(and(inArray(cars.id, ids), eq(cars.ownerId, ownerId), eq(cars.kind, 'listed'), isNull(cars.archivedAt)))
    .orderBy(asc(cars.id))
    .for('update');
  if (owned.length !== ids.length) throw new HttpError(404, t(NOT_ALL_YOURS));
  return owned;
}

/** Refuses (409) when any of the cars has an accepted booking that has not ended at `now`, naming the first of each. */
async function refuseStillBooked(tx: Database, ids: string[], nameOf: Map<string, string>, now: Date): Promise<void> {
  const standing = await tx
    .select({ carId: bookings.carId, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(and(inArray(bookings.carId, ids), inArray(bookings.status, [...RESERVING_STATUSES]), gt(bookings.endsAt, now)))
    .orderBy(asc(bookings.startsAt));
  if (standing.length === 0) return;
  // The first one of each car, in the order the owner named the cars.
  const firstOf = new Map<string, StandingBooking>();
  for (const { carId, startsAt, endsAt } of standing) {
    if (!firstOf.has(carId)) firstOf.set(carId, { carName: nameOf.get(carId) ?? '', startsAt, endsAt });
  }
  throw stillBooked(ids.flatMap((carId) => firstOf.get(carId) ?? []));
}

/** Deletes the cars that never had a booking, with their photos' rows: answers their photos' file keys. */
async function deleteUnbooked(tx: Database, toDelete: string[]): Promise<string[]> {
  if (toDelete.length === 0) return [];
  const photos = await tx.select({ fileKey: carPhotos.fileKey }).from(carPhotos).where(inArray(carPhotos.carId, toDelete));
  await tx.delete(cars).where(inArray(cars.id, toDelete));
  return photos.map(({ fileKey }) => fileKey);
}

/** Archives the cars with a history at `now`, their open requests declined first: answers those declined. */
async function archiveBooked(
  tx: Database,
  toArchive: string[],
  now: Date,
  links: BookingLinks,
): Promise<{ bookingId: string; carId: string }[]> {
  if (toArchive.length === 0) return [];
  const declined = await declineOpenRequests(tx, toArchive, t(CAR_REMOVED), now, links);
  await tx.update(cars).set({ archivedAt: now, updatedAt: now }).where(inArray(cars.id, toArchive));
  return declined;
}

/** Deletes or archives each of the locked cars; what became of each, and what is left to do after the commit. */
async function deleteOrArchive(
  tx: Database,
  owned: { id: string; carName: string }[],
  ids: string[],
  now: Date,
  links: BookingLinks,
) {
  const counted = await tx
    .select({ carId: bookings.carId, bookings: count() })
    .from(bookings)
    .where(inArray(bookings.carId, ids))
    .groupBy(bookings.carId);
  const withHistory = new Set(counted.map(({ carId }) => carId));
  const photoFileKeys = await deleteUnbooked(
    tx,
    ids.filter((carId) => !withHistory.has(carId)),
  );
  const declined = await archiveBooked(
    tx,
    ids.filter((carId) => withHistory.has(carId)),
    now,
    links,
  );
  const declinedOf = new Map<string, number>();
  for (const { carId } of declined) declinedOf.set(carId, (declinedOf.get(carId) ?? 0) + 1);
  const nameOf = new Map(owned.map((car) => [car.id, car.carName]));
  const removed: CarRemoval[] = ids.map((carId) => ({
    id: carId,
    carName: nameOf.get(carId) ?? '',
    outcome: withHistory.has(carId) ? 'archived' : 'deleted',
    declinedRequests: declinedOf.get(carId) ?? 0,
  }));
  return { removed, photoFileKeys, declined: declined.map(({ bookingId }) => bookingId) };
}

/**
 * Removes the owner's cars named by `ids` at `now`, all or nothing, in one transaction under the
 * cars' locks (the same locks a request and a step on a booking take, so none slips in between):
 * - any car not the owner's (or already gone): 404;
 * - any car with an accepted booking that has not ended (to come or under way): 409 naming it;
 * - a car that never had a booking is deleted;
 * - any other is archived, its open requests first declined with CAR_REMOVED. A request whose
 *   period has begun is expired by then, as everywhere, so it counts with the history.
 * Holds of the requests declined or expired here are let go after the commit, as a step's are.
 */
export async function removeCars(
  { db, payments, log, links }: CarRemovalDeps,
  ownerId: string,
  ids: string[],
  now: Date,
): Promise<CarsRemoved> {
  const unique = [...new Set(ids)];
  const { removed, photoFileKeys, touched } = await db.transaction(async (tx) => {
    const owned = await lockOwnedCars(tx, ownerId, unique);
    const expired: string[] = [];
    for (const car of owned) expired.push(...(await expireDueRequests(tx, car.id, now, links)));
    await refuseStillBooked(tx, unique, new Map(owned.map((car) => [car.id, car.carName])), now);
    const { removed, photoFileKeys, declined } = await deleteOrArchive(tx, owned, unique, now, links);
    return { removed, photoFileKeys, touched: [...expired, ...declined] };
  });
  await settlePayments(db, payments, log, now, touched);
  return { results: removed, photoFileKeys };
}
