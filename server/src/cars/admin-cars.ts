import { and, count, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AdminCarsQuery } from '#domain/schemas/admin';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { accounts, type AccountRow, type CarRow, cars } from '../db/schema';
import type { AdminListReads } from '../http/admin-lists';
import { HttpError } from '../http/errors';
import type { BookingLinks } from '../mail/booking-mails';
import type { PaymentProviders } from '../payments/provider';
import { settlePayments } from '../payments/settle-payments';
import { expireDueRequests } from '../bookings/process';
import { lockCar } from '../bookings/status';
import { fleetThenNewest } from './public-cars';
import { declineOpenRequests } from './removal';
import { carStateIs, carStateOf } from './states';
import { t } from '../i18n';

// The Cars section of the admin console: every car, and taking one off the marketplace or putting it back.

export const NO_SUCH_CAR = 'server.adminCars.noSuchCar';
export const ARCHIVED = 'server.adminCars.archived';
/** What the renters of a delisted car's open requests read: the admin's own reason is for the car's owner. */
export const DELISTED_FOR_RENTERS_ID = 'server.adminCars.delistedForRenters';

/** A car with its owner (none for the fleet), as the console lists it. */
export interface AdminCarRow {
  car: CarRow;
  owner: Pick<AccountRow, 'id' | 'username' | 'disabled'> | null;
}

/** Cars with their owners (none for the fleet), as the console lists them. */
function carsWithOwners(db: Database) {
  return db
    .select({ car: cars, owner: { id: accounts.id, username: accounts.username, disabled: accounts.disabled } })
    .from(cars)
    .leftJoin(accounts, eq(accounts.id, cars.ownerId));
}

function carConditions({ q, kind, state, city }: AdminCarsQuery): SQL | undefined {
  return and(
    q === undefined
      ? undefined
      : // A plain substring test, as the public list's search: `%` and `_` are letters, not wildcards.
        or(sql`strpos(lower(${cars.carName}), lower(${q})) > 0`, sql`strpos(lower(${accounts.username}), lower(${q})) > 0`),
    kind === undefined ? undefined : eq(cars.kind, kind),
    state === undefined ? undefined : carStateIs[state],
    city === undefined ? undefined : eq(cars.city, city),
  );
}

/** The cars the console's query asks for: the fleet's in catalogue order, then owners' cars newest first. */
export function adminCarList(db: Database, query: AdminCarsQuery): AdminListReads<AdminCarRow> {
  const where = carConditions(query);
  return {
    rows: (limit, offset) =>
      carsWithOwners(db)
        .where(where)
        .orderBy(...fleetThenNewest)
        .limit(limit)
        .offset(offset),
    total: () => db.select({ n: count() }).from(cars).leftJoin(accounts, eq(accounts.id, cars.ownerId)).where(where),
  };
}

export interface DelistingDeps {
  db: Database;
  payments: PaymentProviders;
  log: FastifyBaseLogger;
  /** Where the mails telling renters their requests were declined link to. */
  links: BookingLinks;
}

export interface DelistChange {
  adminId: string;
  carId: string;
  delisted: boolean;
  reason: string | undefined;
}

/**
 * Delists or relists a car at `now` under its lock (the one a booking request and a step on its
 * bookings take), with the audit row in the same transaction. Delisting declines its open requests,
 * so no renter waits on a car that cannot be booked and no owner accepts one for it; its accepted
 * bookings stand, for an admin to cancel one by one if they must. A car already so is answered as
 * it stands and writes nothing, as an account's disable does.
 */
export async function setDelisted(
  { db, payments, log, links }: DelistingDeps,
  { adminId, carId: id, delisted, reason }: DelistChange,
  now: Date,
): Promise<AdminCarRow> {
  const { row, touched } = await db.transaction(async (tx) => {
    const standing = await lockCar(tx, id);
    if (!standing) throw new HttpError(404, t(NO_SUCH_CAR));
    if (standing.archivedAt) throw new HttpError(409, t(ARCHIVED));
    const touched: string[] = [];
    if (standing.delisted !== delisted) {
      const [changed] = await tx
        .update(cars)
        .set({ delisted, delistedReason: delisted ? reason : null, delistedAt: delisted ? now : null, updatedAt: now })
        .where(eq(cars.id, id))
        .returning();
      if (!changed) throw new Error('the locked car was not updated');
      if (delisted) {
        // Due requests expire first, as everywhere: only those still open are declined.
        touched.push(...(await expireDueRequests(tx, id, now, links)));
        const declined = await declineOpenRequests(tx, [id], t(DELISTED_FOR_RENTERS_ID), now, links);
        touched.push(...declined.map(({ bookingId }) => bookingId));
      }
      await recordAdminAction(tx, {
        adminId,
        action: delisted ? 'car.delist' : 'car.relist',
        objectType: 'car',
        objectId: id,
        reason,
        before: { state: carStateOf(standing) },
        after: { state: carStateOf(changed) },
        at: now,
      });
    }
    const [row] = await carsWithOwners(tx).where(eq(cars.id, id));
    if (!row) throw new Error('the locked car is gone');
    return { row, touched };
  });
  // After the commit, as every step's: the holds of the declined requests are let go, never under the lock.
  await settlePayments(db, payments, log, now, touched);
  return row;
}
