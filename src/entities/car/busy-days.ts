import type { Availability, AvailabilityQuery } from '../../domain/contract';
import { AVAILABILITY_MAX_DAYS } from '../../domain/limits';
import { nextIndiaHour, toIndiaIso } from '../../domain/india-time';

/** What a day on India's calendar holds for a renter: nothing booked, some hours booked, or no hour left to book. */
export type DayState = 'free' | 'partly' | 'busy';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant India's day "YYYY-MM-DD" begins. */
function indiaMidnight(day: string): number {
  return Date.parse(`${day}T00:00:00+05:30`);
}

/** India's calendar day of an instant, as "YYYY-MM-DD". */
function indiaDayOf(instant: number): string {
  return toIndiaIso(new Date(instant)).slice(0, 10);
}

/** `count` India days from `first` ("YYYY-MM-DD"), in order. */
export function indiaDays(first: string, count: number): string[] {
  const start = indiaMidnight(first);
  return Array.from({ length: count }, (_, index) => indiaDayOf(start + index * DAY_MS));
}

/** The longest period the server answers for, from the start of India's day `today`: what the car page asks about. */
export function availabilityPeriod(today: string): AvailabilityQuery {
  const from = indiaMidnight(today);
  return { from: toIndiaIso(new Date(from)), to: toIndiaIso(new Date(from + AVAILABILITY_MAX_DAYS * DAY_MS)) };
}

/**
 * How booked each India day is, from the server's busy stretches (in time order, touching stretches
 * already joined, so one stretch covers all of a span that is booked throughout). A day is busy when
 * every hour a renter could still start in is taken: all of it, or for today the hours from the next
 * whole hour on; partly when any booking falls on it. Days the answer did not cover read as free:
 * the server refuses a clashing request anyway.
 */
export function dayStates(busy: Availability['busy']): (day: string, now?: number) => DayState {
  const stretches = busy.map((stretch) => ({ from: Date.parse(stretch.from), to: Date.parse(stretch.to) }));
  return (day, now = Date.now()) => {
    const start = indiaMidnight(day);
    const end = start + DAY_MS;
    const onTheDay = stretches.filter((stretch) => stretch.from < end && stretch.to > start);
    if (onTheDay.length === 0) return 'free';
    const firstBookable = nextIndiaHour(now).getTime();
    // A day with no hour left to start in (before today, or today's last hour begun) is judged whole.
    const from = firstBookable < end ? Math.max(start, firstBookable) : start;
    return onTheDay.some((stretch) => stretch.from <= from && stretch.to >= end) ? 'busy' : 'partly';
  };
}
