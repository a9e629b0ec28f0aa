// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  fromIndiaWallClock,
  indiaLocalToIso,
  indiaToday,
  indiaWeekStart,
  isoToIndiaLocal,
  nextIndiaHour,
  toIndiaIso,
  toIndiaWallClock,
} from '../src/domain/india-time';

describe('India time', () => {
  it('writes an instant on India’s clock with its offset, whatever the machine’s zone', () => {
    expect(toIndiaIso(new Date('2030-01-31T04:30:00Z'))).toBe('2030-01-31T10:00:00+05:30');
    expect(toIndiaIso(new Date('2030-01-31T18:45:00Z'))).toBe('2030-02-01T00:15:00+05:30');
    expect(toIndiaIso(new Date('2030-01-31T04:30:00.250Z'))).toBe('2030-01-31T10:00:00.250+05:30');
  });

  it('reads a datetime-local value as India time and back', () => {
    expect(indiaLocalToIso('2026-01-31T22:30')).toBe('2026-01-31T22:30:00+05:30');
    expect(indiaLocalToIso('2026-01-31')).toBeUndefined();
    expect(isoToIndiaLocal('2026-01-31T17:00:00Z')).toBe('2026-01-31T22:30');
    expect(isoToIndiaLocal('not a date')).toBe('');
  });

  it('knows India’s date when UTC is still on the day before', () => {
    expect(indiaToday(new Date('2026-03-31T19:00:00Z'))).toBe('2026-04-01');
  });

  it('starts the India week on Monday at 00:00 India time, while UTC is still on Sunday', () => {
    // 2026-11-23 is a Monday: its first half hour on India's clock is still Sunday in UTC.
    expect(toIndiaIso(indiaWeekStart(new Date('2026-11-22T18:30:00Z')))).toBe('2026-11-23T00:00:00+05:30');
    expect(toIndiaIso(indiaWeekStart(new Date('2026-11-22T18:29:59Z')))).toBe('2026-11-16T00:00:00+05:30');
    expect(toIndiaIso(indiaWeekStart(new Date('2026-11-29T18:29:59Z')))).toBe('2026-11-23T00:00:00+05:30');
  });

  it('finds the next whole hour on India’s clock', () => {
    expect(toIndiaIso(nextIndiaHour(Date.parse('2030-01-31T04:40:00Z')))).toBe('2030-01-31T11:00:00+05:30');
  });

  it('gives pickers a wall clock that reads India time, and takes it back', () => {
    const instant = new Date('2030-01-31T04:30:00Z');
    const wallClock = toIndiaWallClock(instant);
    expect([wallClock.getHours(), wallClock.getMinutes()]).toEqual([10, 0]);
    expect(fromIndiaWallClock(wallClock).toISOString()).toBe(instant.toISOString());
  });
});
