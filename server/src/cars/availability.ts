import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings } from '../db/schema';
import { acceptedBookingOverlaps, type Period } from './public-cars';

/** Periods in start order, each cut to `within`, those that touch or overlap joined into one. */
function busyStretches(periods: Period[], within: Period): Period[] {
  const stretches: Period[] = [];
  for (const period of periods) {
    const from = period.from < within.from ? within.from : period.from;
    const to = period.to > within.to ? within.to : period.to;
    const last = stretches.at(-1);
    if (last && from <= last.to) {
      if (to > last.to) last.to = to;
    } else stretches.push({ from, to });
  }
  return stretches;
}

/**
 * When accepted bookings hold the car within `asked`, for a calendar: cut to the period, in time
 * order, touching stretches joined. Requests never count, since none of them holds the car yet.
 */
export async function busyDuring(db: Database, carId: string, asked: Period): Promise<Period[]> {
  const accepted = await db
    .select({ from: bookings.startsAt, to: bookings.endsAt })
    .from(bookings)
    .where(acceptedBookingOverlaps(carId, asked))
    .orderBy(asc(bookings.startsAt));
  return busyStretches(accepted, asked);
}
