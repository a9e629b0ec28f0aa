import { count, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import { indiaWeekStart } from '#domain/india-time';
import type { AdminOverview } from '#domain/schemas/admin';
import { BookingStatus } from '#domain/schemas/bookings';
import { hasStatusAt } from '../bookings/status';
import { carStateIs } from '../cars/states';
import type { Database } from '../db/client';
import { accounts, bookings, cars, contactMessages, type AccountRow } from '../db/schema';

/** `count(*) FILTER (WHERE …)`: several counts of one table in a single scan. */
const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);

/**
 * What the console's first page counts at `now`: accounts by role, cars by state, the bookings made
 * this India week by their status now, and contact messages not yet answered.
 */
export async function overviewOf(db: Database, now: Date): Promise<AdminOverview> {
  const byRole = await db
    .select({ role: accounts.role, n: count(), disabled: countWhere(eq(accounts.disabled, true)) })
    .from(accounts)
    .groupBy(accounts.role);
  const roleCount = (role: AccountRow['role']) => byRole.find((row) => row.role === role)?.n ?? 0;

  const [carCounts] = await db
    .select({
      listed: countWhere(carStateIs.listed),
      paused: countWhere(carStateIs.paused),
      delisted: countWhere(carStateIs.delisted),
      archived: countWhere(carStateIs.archived),
    })
    .from(cars);

  const weekStart = indiaWeekStart(now);
  const statuses = BookingStatus.options;
  const [bookingCounts] = await db
    .select(Object.fromEntries(statuses.map((status) => [status, countWhere(hasStatusAt(status, now))])))
    .from(bookings)
    .where(gte(bookings.createdAt, weekStart));

  const [awaiting] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.answeredAt));

  return {
    accounts: {
      user: roleCount('user'),
      owner: roleCount('owner'),
      admin: roleCount('admin'),
      disabled: byRole.reduce((sum, row) => sum + row.disabled, 0),
    },
    cars: carCounts ?? { listed: 0, paused: 0, delisted: 0, archived: 0 },
    bookingsThisWeek: {
      weekStart: weekStart.toISOString(),
      byStatus: Object.fromEntries(statuses.map((status) => [status, bookingCounts?.[status] ?? 0])) as Record<
        BookingStatus,
        number
      >,
    },
    contactMessagesAwaitingAnswer: awaiting?.n ?? 0,
  };
}
