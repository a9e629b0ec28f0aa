// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { availabilityPeriod, dayStates, indiaDays } from '../src/entities/car/busy-days';

/** India's wall clock "2026-11-24T10:00" as the server writes it. */
const at = (india: string) => `${india}:00+05:30`;
const stretch = (from: string, to: string) => ({ from: at(from), to: at(to) });
/** An instant given on India's clock, in milliseconds. */
const clock = (india: string) => Date.parse(at(india));

/** A morning long before the days tested, so "today" plays no part. */
const EARLIER = clock('2026-11-01T09:00');

describe('dayStates', () => {
  it('reads a day with no booking on it as free', () => {
    const stateOf = dayStates([stretch('2026-11-24T10:00', '2026-11-24T14:00')]);
    expect(stateOf('2026-11-23', EARLIER)).toBe('free');
    expect(stateOf('2026-11-25', EARLIER)).toBe('free');
    expect(dayStates([])('2026-11-24', EARLIER)).toBe('free');
  });

  it('reads a day some hours of which are booked as partly booked', () => {
    const stateOf = dayStates([stretch('2026-11-24T10:00', '2026-11-24T14:00')]);
    expect(stateOf('2026-11-24', EARLIER)).toBe('partly');
  });

  it('reads a day booked from midnight to midnight in India as booked, and an hour short of it as partly booked', () => {
    expect(dayStates([stretch('2026-11-24T00:00', '2026-11-25T00:00')])('2026-11-24', EARLIER)).toBe('busy');
    expect(dayStates([stretch('2026-11-24T00:00', '2026-11-24T23:00')])('2026-11-24', EARLIER)).toBe('partly');
    expect(dayStates([stretch('2026-11-24T01:00', '2026-11-25T00:00')])('2026-11-24', EARLIER)).toBe('partly');
  });

  it('reads the days a long booking spans as booked, and the days it starts and ends on as partly booked', () => {
    const stateOf = dayStates([stretch('2026-11-29T18:00', '2026-12-02T09:00')]);
    expect(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03'].map((day) => stateOf(day, EARLIER))).toEqual([
      'partly',
      'busy',
      'busy',
      'partly',
      'free',
    ]);
  });

  it('leaves a day a booking only touches at midnight free', () => {
    const stateOf = dayStates([stretch('2026-11-23T20:00', '2026-11-24T00:00'), stretch('2026-11-25T00:00', '2026-11-25T03:00')]);
    expect(stateOf('2026-11-24', EARLIER)).toBe('free');
  });

  it('reads the days on India’s calendar, not UTC’s', () => {
    // 00:00 to 05:30 in India is the day before in UTC.
    const stateOf = dayStates([stretch('2026-11-24T00:00', '2026-11-24T05:30')]);
    expect(stateOf('2026-11-23', EARLIER)).toBe('free');
    expect(stateOf('2026-11-24', EARLIER)).toBe('partly');
  });

  it('reads today as booked when every hour left to start in is booked, from the next whole hour on', () => {
    const stateOf = dayStates([stretch('2026-11-24T11:00', '2026-11-25T00:00')]);
    expect(stateOf('2026-11-24', clock('2026-11-24T10:20'))).toBe('busy');
    expect(stateOf('2026-11-24', clock('2026-11-24T09:20'))).toBe('partly');
    expect(stateOf('2026-11-24', clock('2026-11-24T11:00'))).toBe('busy');
  });

  it('judges a day with no hour left to start in by the whole day', () => {
    const late = clock('2026-11-24T23:30');
    expect(dayStates([stretch('2026-11-24T00:00', '2026-11-25T00:00')])('2026-11-24', late)).toBe('busy');
    expect(dayStates([stretch('2026-11-24T22:00', '2026-11-25T00:00')])('2026-11-24', late)).toBe('partly');
  });
});

describe('indiaDays', () => {
  it('counts India’s days on across a month and a year end', () => {
    expect(indiaDays('2026-12-30', 4)).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(indiaDays('2028-02-28', 2)).toEqual(['2028-02-28', '2028-02-29']);
    expect(indiaDays('2026-11-24', 30)).toHaveLength(30);
  });
});

describe('availabilityPeriod', () => {
  it('asks from the start of India’s day for the 90 days the server answers at most', () => {
    expect(availabilityPeriod('2026-11-24')).toEqual({ from: '2026-11-24T00:00:00+05:30', to: '2027-02-22T00:00:00+05:30' });
  });
});
