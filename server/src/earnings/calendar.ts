import { INDIA_OFFSET } from '#domain/limits';
import { financialYearOf } from '#domain/tax-invoice';

/**
 * India's calendar for earnings: months (`YYYY-MM`), the weekly payout day and statement numbers.
 * India keeps +05:30 all year, so this is arithmetic on instants shifted by the offset.
 */

const OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The India month an instant falls in, `YYYY-MM`. */
export function indiaMonthOf(instant: Date): string {
  return new Date(instant.getTime() + OFFSET_MS).toISOString().slice(0, 7);
}

/** The month `count` months after `month` (before it when negative). */
export function addMonths(month: string, count: number): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const index = (year ?? 0) * 12 + (monthNumber ?? 1) - 1 + count;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** When an India month begins, as an instant. */
export function monthStart(month: string): Date {
  return new Date(`${month}-01T00:00:00${INDIA_OFFSET}`);
}

/** The `count` India months ending with the one `now` is in, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const current = indiaMonthOf(now);
  return Array.from({ length: count }, (_, index) => addMonths(current, index - count + 1));
}

/**
 * The next payout day (`payoutDay`, 0 Sunday to 6 Saturday) on India's calendar on or after the day
 * `now` is in, `YYYY-MM-DD`: today when today is the day.
 */
export function nextPayoutDate(now: Date, payoutDay: number): string {
  const indiaDay = Math.floor((now.getTime() + OFFSET_MS) / DAY_MS);
  // Day 0 of the epoch, 1 January 1970, was a Thursday.
  const weekday = (indiaDay + 4) % 7;
  const daysAhead = (payoutDay - weekday + 7) % 7;
  return new Date((indiaDay + daysAhead) * DAY_MS).toISOString().slice(0, 10);
}

/** The next India midnight after `now`: when the day, and with it the payout date, month and financial year, can turn. */
export function nextIndiaMidnight(now: Date): Date {
  return new Date((Math.floor((now.getTime() + OFFSET_MS) / DAY_MS) + 1) * DAY_MS - OFFSET_MS);
}

const twoDigits = (year: number) => String(year % 100).padStart(2, '0');

/**
 * A monthly statement's number, `WOW-ST/26-27/1A2B3C4D/11`: the financial year the month falls in,
 * the owner's short id (the first eight hex digits of their account's id), and the month's own
 * number, which appears once in a financial year. Made from the owner and the month alone, so the
 * statement of a month has the same number however often it is asked for. The short id is for people
 * to quote, not a key: the statement is found by the owner who is signed in and the month.
 */
export function statementNumber(ownerId: string, month: string): string {
  const year = financialYearOf(monthStart(month));
  const shortId = ownerId.replaceAll('-', '').slice(0, 8).toUpperCase();
  return `WOW-ST/${twoDigits(year)}-${twoDigits(year + 1)}/${shortId}/${month.slice(5, 7)}`;
}
