import { wholeHours } from './booking-total';
import type { CheckMessage } from './issue-message';
import { BOOKING_MAX_HOURS, BOOKING_PAST_GRACE_MS } from './limits';

/** A period whose end is not after its start, in every request that names one. */
export const END_BEFORE_START = 'checks.period.endBeforeStart';

/** Which end of a period a rule is about: a form shows its message at that end's fields. */
export type PeriodEnd = 'from' | 'to';

export interface PeriodProblem {
  end: PeriodEnd;
  message: CheckMessage;
}

/**
 * The contract's rules for a booking's period, in the order the server refuses them: an end after
 * the start, at least one whole hour and at most BOOKING_MAX_HOURS of them, and a start not in the
 * past (a few minutes' grace for the time a request takes). The server refuses the first; a form
 * shows each at its own end.
 */
export function periodProblems(from: Date, to: Date, now: Date): PeriodProblem[] {
  const problems: PeriodProblem[] = [];
  const hours = wholeHours(from, to);
  if (to <= from) problems.push({ end: 'to', message: { id: END_BEFORE_START } });
  else if (hours < 1) problems.push({ end: 'to', message: { id: 'checks.period.underAnHour' } });
  else if (hours > BOOKING_MAX_HOURS) {
    problems.push({
      end: 'to',
      message: { id: 'checks.period.bookingTooLong', values: { hours: BOOKING_MAX_HOURS, days: BOOKING_MAX_HOURS / 24 } },
    });
  }
  if (from.getTime() < now.getTime() - BOOKING_PAST_GRACE_MS)
    problems.push({ end: 'from', message: { id: 'checks.period.startPast' } });
  return problems;
}
