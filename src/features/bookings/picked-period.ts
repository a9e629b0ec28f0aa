import { fromIndiaWallClock, nextIndiaHour } from '../../domain/india-time';

const HOUR_MS = 60 * 60 * 1000;

/** Two readings of the range picker's local wall clock (which the car page makes read India time). */
export interface WallClockRange {
  start: Date;
  end: Date;
}

/**
 * The period a renter meant by a pick in react-datetime-range-picker, as instants.
 *
 * When a start lands after the shown end, the package moves the end to the next day with
 * `date.add(1, 'd')` on the very moment it keeps as the start (moment mutates), so it reports start
 * and end both one day after the day clicked. That case is recognised (a changed start, equal to
 * the end and past the shown end) and the start put back on the clicked day, leaving the end the
 * day after it as the package intends.
 *
 * Then the period is made bookable: a start no earlier than the next whole hour on India's clock,
 * an end at least one hour after the start. (Minutes stay as given: the picker cannot change them.)
 */
export function pickedPeriod(picked: WallClockRange, shown: WallClockRange, now: number = Date.now()) {
  const start = new Date(picked.start);
  const startMoved =
    picked.start.getTime() !== shown.start.getTime() &&
    picked.start.getTime() === picked.end.getTime() &&
    picked.start.getTime() > shown.end.getTime();
  // A calendar day on the picker's clock, as moment added it (23 or 25 hours across a DST change).
  if (startMoved) start.setDate(start.getDate() - 1);

  const earliest = nextIndiaHour(now).getTime();
  const from = new Date(Math.max(fromIndiaWallClock(start).getTime(), earliest));
  const to = new Date(Math.max(fromIndiaWallClock(picked.end).getTime(), from.getTime() + HOUR_MS));
  return { from, to };
}
