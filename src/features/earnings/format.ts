import { INDIA_TIME_ZONE } from '../../domain/limits';

const shortMonth = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const payoutDay = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: INDIA_TIME_ZONE,
});

/** The first day of a `YYYY-MM` month, as a UTC instant: what the month formatters read. */
const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** `2026-11` as "Nov 2026". */
export const monthShort = (month: string): string => shortMonth.format(monthDate(month));

/** `2026-11` as "November 2026". */
export const monthLong = (month: string): string => longMonth.format(monthDate(month));

/** An India date, `2026-11-30`, as "Monday, 30 Nov 2026". */
export const dayInWords = (date: string): string => payoutDay.format(new Date(`${date}T12:00:00+05:30`));

/** A share in basis points as a whole percentage: 4250 is "43%". */
export const percentOf = (bps: number): string => `${Math.round(bps / 100)}%`;
