import { describe, expect, it } from 'vitest';
import { bookingTotal, DRIVER_SURCHARGE_PER_HOUR } from '../src/domain/booking-total';

describe('bookingTotal', () => {
  it('charges the price for every whole hour of the period', () => {
    expect(bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T15:00:00+05:30', 50, false)).toEqual({
      hours: 5,
      total: 250,
      amountPaise: 25_000,
    });
  });

  it('costs nothing for an empty period or one that runs backwards', () => {
    const zero = { hours: 0, total: 0, amountPaise: 0 };
    expect(bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T10:00:00+05:30', 50, true)).toEqual(zero);
    expect(bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T08:00:00+05:30', 50, true)).toEqual(zero);
  });

  it('rounds a part hour down', () => {
    expect(bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T12:59:00+05:30', 65, false).hours).toBe(2);
    expect(bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T10:59:59+05:30', 65, false)).toEqual({
      hours: 0,
      total: 0,
      amountPaise: 0,
    });
  });

  it('adds the driver surcharge of 30 rupees per hour', () => {
    expect(DRIVER_SURCHARGE_PER_HOUR).toBe(30);
    const withDriver = bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T14:00:00+05:30', 85, true);
    expect(withDriver).toEqual({ hours: 4, total: 4 * 85 + 4 * 30, amountPaise: (4 * 85 + 4 * 30) * 100 });
  });

  it('counts the real hours of a period that crosses midnight and a month end in India time', () => {
    expect(bookingTotal('2026-01-31T22:30:00+05:30', '2026-02-01T02:15:00+05:30', 50, false)).toEqual({
      hours: 3,
      total: 150,
      amountPaise: 15_000,
    });
  });

  it('gives the same answer for the same instants written in different offsets', () => {
    const inIndia = bookingTotal('2026-01-31T22:30:00+05:30', '2026-02-01T02:15:00+05:30', 70, true);
    const inUtc = bookingTotal('2026-01-31T17:00:00Z', '2026-01-31T20:45:00Z', 70, true);
    expect(inUtc).toEqual(inIndia);
  });
});
