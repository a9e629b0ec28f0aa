// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { toIndiaIso, toIndiaWallClock } from '../src/domain/india-time';
import { pickedPeriod } from '../src/features/bookings/picked-period';

const NOW = Date.parse('2026-11-23T19:30:00+05:30');
const wall = (india: string) => toIndiaWallClock(new Date(`${india}:00+05:30`));
const shown = { start: wall('2026-11-24T14:00'), end: wall('2026-11-25T14:00') };
const period = ({ from, to }: { from: Date; to: Date }) => [toIndiaIso(from), toIndiaIso(to)];

/** What react-datetime-range-picker reports when a start is clicked after the shown end: both a day later. */
function packageReport(clicked: string) {
  const moved = wall(clicked);
  moved.setDate(moved.getDate() + 1);
  return { start: moved, end: new Date(moved) };
}

describe('pickedPeriod', () => {
  it('keeps the start day clicked after the shown end, ending a day later', () => {
    expect(period(pickedPeriod(packageReport('2026-11-27T14:00'), shown, NOW))).toEqual([
      '2026-11-27T14:00:00+05:30',
      '2026-11-28T14:00:00+05:30',
    ]);
    expect(period(pickedPeriod(packageReport('2026-12-01T14:00'), shown, NOW))).toEqual([
      '2026-12-01T14:00:00+05:30',
      '2026-12-02T14:00:00+05:30',
    ]);
  });

  it('takes a start before the shown end and a later end as clicked', () => {
    expect(period(pickedPeriod({ start: wall('2026-11-25T09:00'), end: shown.end }, shown, NOW))).toEqual([
      '2026-11-25T09:00:00+05:30',
      '2026-11-25T14:00:00+05:30',
    ]);
    expect(period(pickedPeriod({ start: shown.start, end: wall('2026-11-29T14:00') }, shown, NOW))).toEqual([
      '2026-11-24T14:00:00+05:30',
      '2026-11-29T14:00:00+05:30',
    ]);
  });

  it('books nothing in the past and at least one hour', () => {
    expect(period(pickedPeriod({ start: wall('2026-11-23T08:00'), end: shown.end }, shown, NOW))).toEqual([
      '2026-11-23T20:00:00+05:30',
      '2026-11-25T14:00:00+05:30',
    ]);
    expect(period(pickedPeriod({ start: shown.start, end: wall('2026-11-24T14:00') }, shown, NOW))).toEqual([
      '2026-11-24T14:00:00+05:30',
      '2026-11-24T15:00:00+05:30',
    ]);
  });
});
