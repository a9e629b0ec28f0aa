import { INDIA_TIME_ZONE } from '../../domain/limits';

const payoutDay = new Intl.DateTimeFormat('en-IN', {
  weekday: 'long',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: INDIA_TIME_ZONE,
});

/** An India date, `2026-11-30`, as "Monday, 30 Nov 2026". */
export const dayInWords = (date: string): string => payoutDay.format(new Date(`${date}T12:00:00+05:30`));

/** A share in basis points as a whole percentage: 4250 is "43%". */
export const percentOf = (bps: number): string => `${Math.round(bps / 100)}%`;
