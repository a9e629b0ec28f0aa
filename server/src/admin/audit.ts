import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { bookingNumber } from '#domain/booking-number';
import { payoutNumber, payoutRunNumber } from '#domain/payout-number';
import type { AdminAuditQuery, AdminObjectType, AuditActionName, AuditActor } from '#domain/schemas/admin';
import { id as uuid } from '#domain/schemas/fields';
import type { Database } from '../db/client';
import {
  accountActions,
  accounts,
  adminActions,
  bookings,
  cars,
  comments,
  contactMessages,
  licences,
  payoutRuns,
  payouts,
  reviews,
} from '../db/schema';
import { field, none } from '../db/union-columns';
import type { AdminListReads } from '../http/admin-lists';

// The audit log: the admins' actions and the account holders' changes to their own accounts, as one
// UNION ALL ordered and paged by the database, so the two are interleaved by time on every page.

/** The fields an action changed, as it was or as it became: jsonb, read as the column reads it. */
const changed = (
  column: typeof adminActions.before | typeof adminActions.after | typeof accountActions.before | typeof accountActions.after,
  name: string,
) => sql<Record<string, unknown> | null>`${column}`.mapWith(column).as(name);

/** The admins' actions, each by the admin who took it. */
function adminEntries(db: Database) {
  return db
    .select({
      by: field<AuditActor>(sql`'admin'::text`, 'by'),
      id: field<number>(adminActions.id, 'id'),
      actorId: field<string>(adminActions.adminId, 'actor_id'),
      actorUsername: field<string>(accounts.username, 'actor_username'),
      action: field<AuditActionName>(adminActions.action, 'action'),
      objectType: field<AdminObjectType>(adminActions.objectType, 'object_type'),
      objectId: field<string>(adminActions.objectId, 'object_id'),
      reason: field<string | null>(adminActions.reason, 'reason'),
      before: changed(adminActions.before, 'before'),
      after: changed(adminActions.after, 'after'),
      at: sql<Date>`${adminActions.at}`.mapWith(adminActions.at).as('at'),
    })
    .from(adminActions)
    .innerJoin(accounts, eq(accounts.id, adminActions.adminId));
}

/** The account holders' changes in the same shape: each taken on their own account, with no reason asked. */
function accountEntries(db: Database) {
  return db
    .select({
      by: field<AuditActor>(sql`'accountHolder'::text`, 'by'),
      id: field<number>(accountActions.id, 'id'),
      actorId: field<string>(accountActions.accountId, 'actor_id'),
      actorUsername: field<string>(accounts.username, 'actor_username'),
      action: field<AuditActionName>(accountActions.action, 'action'),
      objectType: field<AdminObjectType>(sql`'account'::text`, 'object_type'),
      objectId: field<string>(sql`${accountActions.accountId}::text`, 'object_id'),
      reason: none<string>('text', 'reason'),
      before: changed(accountActions.before, 'before'),
      after: changed(accountActions.after, 'after'),
      at: sql<Date>`${accountActions.at}`.mapWith(accountActions.at).as('at'),
    })
    .from(accountActions)
    .innerJoin(accounts, eq(accounts.id, accountActions.accountId));
}

/** Both as one table, `log`: each half read through a subquery of one name, so the halves have one type. */
function auditLog(db: Database) {
  const half = (entries: ReturnType<typeof adminEntries> | ReturnType<typeof accountEntries>) =>
    db.select().from(entries.as('entry'));
  return unionAll(half(adminEntries(db)), half(accountEntries(db))).as('log');
}

/** One row of the log, whichever table it is from. */
export type AuditEntry = Awaited<ReturnType<typeof adminEntries>>[number];

type Log = ReturnType<typeof auditLog>;

/** An admin filter leaves out the account holders' changes: no admin took them. */
function auditConditions(log: Log, { adminId, objectType, objectId }: AdminAuditQuery): SQL | undefined {
  return and(
    adminId === undefined ? undefined : and(eq(log.by, 'admin'), eq(log.actorId, adminId)),
    objectType === undefined ? undefined : eq(log.objectType, objectType),
    objectId === undefined || objectId === '' ? undefined : eq(log.objectId, objectId),
  );
}

type Named = { id: string; name: string };

/**
 * What the console calls each kind of object, read where it lives: an account's username, a car's
 * name, a booking's number, the author of a comment or a review, the sender of a message, a payout's
 * or a run's number.
 */
const NAMERS: Record<AdminObjectType, (db: Database, ids: string[]) => PromiseLike<Named[]>> = {
  // A licence goes by its renter's username: its number stays out of the log.
  licence: (db, ids) =>
    db
      .select({ id: licences.id, name: accounts.username })
      .from(licences)
      .innerJoin(accounts, eq(accounts.id, licences.accountId))
      .where(inArray(licences.id, ids)),
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
async function objectNames(db: Database, actions: readonly AuditEntry[]): Promise<Map<string, string>> {
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
  entry: AuditEntry;
  /** What the object is called; null when it is no longer there to ask. */
  objectName: string | null;
}

/** The log's rows the console's query asks for, newest first, each with who acted and its object's name. */
export function auditList(db: Database, query: AdminAuditQuery): AdminListReads<AuditRow> {
  const log = auditLog(db);
  const where = auditConditions(log, query);
  return {
    rows: async (limit, offset) => {
      const rows = await db
        .select()
        .from(log)
        .where(where)
        .orderBy(desc(log.at), desc(log.by), desc(log.id))
        .limit(limit)
        .offset(offset);
      const names = await objectNames(db, rows);
      return rows.map((entry) => ({ entry, objectName: names.get(`${entry.objectType}:${entry.objectId}`) ?? null }));
    },
    total: () => db.select({ n: count() }).from(log).where(where),
  };
}
