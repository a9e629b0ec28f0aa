/** A `YYYY-MM` month in words, as the earnings and the console's money pages write it. */

const shortMonth = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const longMonth = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The first day of a `YYYY-MM` month, as a UTC instant: what the month formatters read. */
const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

/** `2026-11` as "Nov 2026". */
export const monthShort = (month: string): string => shortMonth.format(monthDate(month));

/** `2026-11` as "November 2026". */
export const monthLong = (month: string): string => longMonth.format(monthDate(month));
