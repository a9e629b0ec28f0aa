import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { TRIP_STATUSES } from '#domain/schemas/bookings';
import type { CarOccupancy } from '#domain/schemas/earnings';
import type { Database } from '../db/client';
import { bookings, cars } from '../db/schema';

const HOUR_MS = 60 * 60 * 1000;
export const OCCUPANCY_DAYS = 30;

/** Hours to a tenth. */
const tenths = (ms: number) => Math.round((ms / HOUR_MS) * 10) / 10;

const windowStartOf = (now: Date) => new Date(now.getTime() - OCCUPANCY_DAYS * 24 * HOUR_MS);

/** The owner's cars in use, each with the time its accepted bookings fill of the 30 days before `now`. */
export function carOccupancyQuery(db: Database, ownerId: string, now: Date) {
  const windowStart = windowStartOf(now);
  return db
    .select({
      carId: cars.id,
      carName: cars.carName,
      createdAt: cars.createdAt,
      pausedAt: cars.pausedAt,
      delisted: cars.delisted,
      delistedAt: cars.delistedAt,
      bookedMs:
        sql<number>`coalesce(sum(extract(epoch from (least(${bookings.endsAt}, ${now.toISOString()}::timestamptz) - greatest(${bookings.startsAt}, ${windowStart.toISOString()}::timestamptz)))), 0) * 1000`.mapWith(
          Number,
        ),
    })
    .from(cars)
    .leftJoin(
      bookings,
      and(
        eq(bookings.carId, cars.id),
        inArray(bookings.status, TRIP_STATUSES),
        lt(bookings.startsAt, now),
        gt(bookings.endsAt, windowStart),
      ),
    )
    .where(and(eq(cars.ownerId, ownerId), isNull(cars.archivedAt)))
    .groupBy(cars.id)
    .orderBy(desc(cars.createdAt), desc(cars.id));
}

/**
 * How busy each of the owner's cars (not archived) was in the last 30 days: hours of accepted
 * bookings within the window over hours it was listed in it. The database keeps when a car was
 * added and when a pause or a delisting still in force began, not the pauses that have ended, so
 * listed hours are the window since the car was added, less the time since a pause or delisting
 * still in force began (a delisting without its time counts for the whole window); an earlier pause
 * counts as listed. Bookings accepted before a pause still stand, so the share is capped at 100 %.
 */
export async function carOccupancy(db: Database, ownerId: string, now: Date): Promise<CarOccupancy[]> {
  const windowStart = windowStartOf(now);
  const rows = await carOccupancyQuery(db, ownerId, now);
  return rows.map((row) => {
    const listedFrom = Math.max(windowStart.getTime(), row.createdAt.getTime());
    const unlistedSince = [row.pausedAt, row.delisted ? (row.delistedAt ?? windowStart) : null]
      .flatMap((at) => (at ? [Math.max(at.getTime(), listedFrom)] : []))
      .reduce((earliest, at) => Math.min(earliest, at), now.getTime());
    const listedMs = Math.max(unlistedSince - listedFrom, 0);
    const bookedMs = Math.max(row.bookedMs, 0);
    return {
      carId: row.carId,
      carName: row.carName,
      bookedHours: tenths(bookedMs),
      listedHours: tenths(listedMs),
      occupancyBps: listedMs > 0 ? Math.min(10_000, Math.round((bookedMs / listedMs) * 10_000)) : null,
    };
  });
}
