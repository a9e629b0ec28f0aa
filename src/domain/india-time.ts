import { INDIA_OFFSET, INDIA_TIME_ZONE } from './limits';

/**
 * Converting between what India-time form fields hold ("2026-01-31T22:30" from a datetime-local
 * input, or a date and a time field) and ISO instants with India's offset. India has kept +05:30
 * all year since 1945, so this is plain arithmetic and needs no time-zone library: the app's
 * filters and the server's answers use the same functions.
 */

const OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const LOCAL_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** "2026-01-31T22:30" read as India time → "2026-01-31T22:30:00+05:30"; undefined when not a full date and time. */
export function indiaLocalToIso(local: string): string | undefined {
  return LOCAL_PATTERN.test(local) ? `${local}:00${INDIA_OFFSET}` : undefined;
}

/** An instant → the "YYYY-MM-DDTHH:mm" India wall-clock value a datetime-local input shows; '' when not a date. */
export function isoToIndiaLocal(instant: string | undefined | null): string {
  if (!instant) return '';
  const ms = new Date(instant).getTime();
  if (Number.isNaN(ms)) return '';
  return new Date(ms + OFFSET_MS).toISOString().slice(0, 16);
}

/** Today's date in India as "YYYY-MM-DD", for a date field's minimum. */
export function indiaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * An instant as India's wall clock with India's offset ("2030-01-31T10:00:00+05:30"), whatever the
 * machine's own zone: what the app sends as `from` and `to`, and what the server answers with, so
 * the renter's and the owner's lists read the time that was booked.
 */
export function toIndiaIso(instant: Date): string {
  const wallClock = new Date(instant.getTime() + OFFSET_MS)
    .toISOString()
    .slice(0, -1)
    .replace(/\.000$/, '');
  return `${wallClock}${INDIA_OFFSET}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The period a renter gets when they name only its start: one day. */
export function defaultPeriodEnd(from: Date): Date {
  return new Date(from.getTime() + DAY_MS);
}

/** The next whole hour on India's clock (India's half-hour offset makes this differ from UTC's). */
export function nextIndiaHour(now: number = Date.now()): Date {
  const hour = 60 * 60 * 1000;
  return new Date(Math.ceil((now + OFFSET_MS) / hour) * hour - OFFSET_MS);
}

/**
 * For date pickers that can only show the browser's own clock: the Date whose local wall clock reads
 * what India's clock reads at `instant`. In India it is `instant` itself.
 */
export function toIndiaWallClock(instant: Date): Date {
  return new Date(instant.getTime() + OFFSET_MS + instant.getTimezoneOffset() * 60_000);
}

/** The instant a picker's local wall-clock reading means when read as India time (the inverse of toIndiaWallClock). */
export function fromIndiaWallClock(wallClock: Date): Date {
  return new Date(wallClock.getTime() - OFFSET_MS - wallClock.getTimezoneOffset() * 60_000);
}

const indiaClock = new Intl.DateTimeFormat('en-US', {
  timeZone: INDIA_TIME_ZONE,
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // A 24-hour clock (en-US would say 12:30 AM), with midnight as 00:30, never 24:30.
  hourCycle: 'h23',
});

/** An instant as the spec writes dates, 'MMM DD YYYY HH:mm' ("Jan 31 2030 22:30"), on India's clock wherever the reader is. */
export function formatIndiaTime(instant: Date | string | number): string {
  const parts = indiaClock.formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((candidate) => candidate.type === type)?.value ?? '';
  return `${part('month')} ${part('day')} ${part('year')} ${part('hour')}:${part('minute')}`;
}

const indiaDate = new Intl.DateTimeFormat('en-IN', {
  timeZone: INDIA_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The India day an instant falls on, as reviews are dated ("5 Jan 2026"). */
export function formatIndiaDate(instant: Date | string | number): string {
  return indiaDate.format(new Date(instant));
}

/** When the India week holding `now` began: Monday 00:00 in India, as an instant. */
export function indiaWeekStart(now: Date = new Date()): Date {
  const indiaDay = Math.floor((now.getTime() + OFFSET_MS) / DAY_MS);
  // Day 0 of the epoch, 1 January 1970, was a Thursday: three days after a Monday.
  const daysSinceMonday = (indiaDay + 3) % 7;
  return new Date((indiaDay - daysSinceMonday) * DAY_MS - OFFSET_MS);
}
