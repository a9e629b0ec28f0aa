import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { bookingNumber } from '#domain/booking-number';
import { payoutNumber, payoutRunNumber } from '#domain/payout-number';
import type { AdminAuditQuery, AdminObjectType } from '#domain/schemas/admin';
import { id as uuid } from '#domain/schemas/fields';
import type { Database } from '../db/client';
import {
  accounts,
  adminActions,
  bookings,
  cars,
  comments,
  contactMessages,
  payoutRuns,
  payouts,
  reviews,
  type AdminActionRow,
} from '../db/schema';
import type { AdminListReads } from '../http/admin-lists';

function auditConditions({ adminId, objectType, objectId }: AdminAuditQuery): SQL | undefined {
  return and(
    adminId === undefined ? undefined : eq(adminActions.adminId, adminId),
    objectType === undefined ? undefined : eq(adminActions.objectType, objectType),
    objectId === undefined || objectId === '' ? undefined : eq(adminActions.objectId, objectId),
  );
}

type Named = { id: string; name: string };

/**
 * What the console calls each kind of object, read where it lives: an account's username, a car's
 * name, a booking's number, the author of a comment or a review, the sender of a message, a payout's
 * or a run's number.
 */
const NAMERS: Record<AdminObjectType, (db: Database, ids: string[]) => PromiseLike<Named[]>> = {
  account: (db, ids) => db.select({ id: accounts.id, name: accounts.username }).from(accounts).where(inArray(accounts.id, ids)),
  car: (db, ids) => db.select({ id: cars.id, name: cars.carName }).from(cars).where(inArray(cars.id, ids)),
  booking: async (db, ids) =>
    (await db.select({ id: bookings.id, number: bookings.number }).from(bookings).where(inArray(bookings.id, ids))).map(
      ({ id, number }) => ({ id, name: bookingNumber(number) }),
    ),
  comment: (db, ids) => db.select({ id: comments.id, name: comments.author }).from(comments).where(inArray(comments.id, ids)),
  review: (db, ids) =>
    db
      .select({ id: reviews.id, name: accounts.username })
      .from(reviews)
      .innerJoin(accounts, eq(accounts.id, reviews.renterId))
      .where(inArray(reviews.id, ids)),
  contact_message: (db, ids) =>
    db
      .select({ id: contactMessages.id, name: contactMessages.name })
      .from(contactMessages)
      .where(inArray(contactMessages.id, ids)),
  payout_run: async (db, ids) =>
    (await db.select({ id: payoutRuns.id, number: payoutRuns.number }).from(payoutRuns).where(inArray(payoutRuns.id, ids))).map(
      ({ id, number }) => ({ id, name: payoutRunNumber(number) }),
    ),
  payout: async (db, ids) =>
    (await db.select({ id: payouts.id, number: payouts.number }).from(payouts).where(inArray(payouts.id, ids))).map(
      ({ id, number }) => ({ id, name: payoutNumber(number) }),
    ),
};

/** The names of the objects `actions` were taken on, by type and id: one query per kind of object on the page. */
async function objectNames(db: Database, actions: AdminActionRow[]): Promise<Map<string, string>> {
  const idsOf = new Map<AdminObjectType, Set<string>>();
  for (const { objectType, objectId } of actions) {
    // Every id the server writes is a uuid; anything else could only fail the lookup's cast.
    if (uuid.safeParse(objectId).success) idsOf.set(objectType, (idsOf.get(objectType) ?? new Set()).add(objectId));
  }
  const named = await Promise.all(
    [...idsOf].map(async ([type, ids]) =>
      (await NAMERS[type](db, [...ids])).map(({ id, name }) => [`${type}:${id}`, name] as const),
    ),
  );
  return new Map(named.flat());
}

export interface AuditRow {
  action: AdminActionRow;
  adminUsername: string;
  /** What the object is called; null when it is no longer there to ask. */
  objectName: string | null;
}

/** The admin actions the console's query asks for, newest first, each with its admin's username and its object's name. */
export function auditList(db: Database, query: AdminAuditQuery): AdminListReads<AuditRow> {
  const where = auditConditions(query);
  return {
    rows: async (limit, offset) => {
      const rows = await db
        .select({ action: adminActions, adminUsername: accounts.username })
        .from(adminActions)
        .innerJoin(accounts, eq(accounts.id, adminActions.adminId))
        .where(where)
        .orderBy(desc(adminActions.at), desc(adminActions.id))
        .limit(limit)
        .offset(offset);
      const names = await objectNames(
        db,
        rows.map((row) => row.action),
      );
      return rows.map((row) => ({
        ...row,
        objectName: names.get(`${row.action.objectType}:${row.action.objectId}`) ?? null,
      }));
    },
    total: () => db.select({ n: count() }).from(adminActions).where(where),
  };
}
