// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bookingTotal, DRIVER_SURCHARGE_PER_HOUR } from '../src/domain/booking-total';

describe('bookingTotal', () => {
  it('charges the price for every whole hour of the period', () => {
    expect(bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T15:00:00+05:30', 50, false)).toEqual({
      hours: 5,
      total: 250,
      taxPaise: 0,
      taxLines: [],
      amountPaise: 25_000,
    });
  });

  it('costs nothing for an empty period or one that runs backwards', () => {
    const zero = { hours: 0, total: 0, taxPaise: 0, taxLines: [], amountPaise: 0 };
    expect(bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T10:00:00+05:30', 50, true)).toEqual(zero);
    expect(bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T08:00:00+05:30', 50, true)).toEqual(zero);
  });

  it('rounds a part hour down', () => {
    expect(bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T12:59:00+05:30', 65, false).hours).toBe(2);
    expect(bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T10:59:59+05:30', 65, false)).toEqual({
      hours: 0,
      total: 0,
      taxPaise: 0,
      taxLines: [],
      amountPaise: 0,
    });
  });

  it('adds the driver surcharge of 30 rupees per hour', () => {
    expect(DRIVER_SURCHARGE_PER_HOUR).toBe(30);
    const withDriver = bookingTotal('2026-03-10T10:00:00+05:30', '2026-03-10T14:00:00+05:30', 85, true);
    expect(withDriver).toMatchObject({ hours: 4, total: 4 * 85 + 4 * 30, amountPaise: (4 * 85 + 4 * 30) * 100 });
  });

  it('counts the real hours of a period that crosses midnight and a month end in India time', () => {
    expect(bookingTotal('2026-01-31T22:30:00+05:30', '2026-02-01T02:15:00+05:30', 50, false)).toEqual({
      hours: 3,
      total: 150,
      taxPaise: 0,
      taxLines: [],
      amountPaise: 15_000,
    });
  });

  it('gives the same answer for the same instants written in different offsets', () => {
    const inIndia = bookingTotal('2026-01-31T22:30:00+05:30', '2026-02-01T02:15:00+05:30', 70, true);
    const inUtc = bookingTotal('2026-01-31T17:00:00Z', '2026-01-31T20:45:00Z', 70, true);
    expect(inUtc).toEqual(inIndia);
  });

  describe('with GST', () => {
    const from = '2026-03-10T10:00:00+05:30';
    const to = '2026-03-10T13:00:00+05:30';

    it('adds CGST and SGST at half the rate each within the seller state, and IGST across states', () => {
      // 3 hours × ₹333 = ₹999, taxable value 99,900 paise.
      expect(bookingTotal(from, to, 333, false, { rateBps: 1800, intraState: true })).toEqual({
        hours: 3,
        total: 999,
        taxPaise: 17_982,
        taxLines: [
          { name: 'CGST', rateBps: 900, paise: 8991 },
          { name: 'SGST', rateBps: 900, paise: 8991 },
        ],
        amountPaise: 99_900 + 17_982,
      });
      expect(bookingTotal(from, to, 333, false, { rateBps: 1800, intraState: false })).toMatchObject({
        taxPaise: 17_982,
        taxLines: [{ name: 'IGST', rateBps: 1800, paise: 17_982 }],
      });
    });

    it.each([
      // ₹101 at 5 %: 10,100 × 0.025 = 252.5 paise per half, rounded up to 253; IGST 505 exactly.
      [101, 500, [253, 253], 505],
      // ₹7 at 12 %: 700 × 0.06 = 42 per half; 84 IGST.
      [7, 1200, [42, 42], 84],
      // ₹1 at 28 %: 100 × 0.14 = 14; 28.
      [1, 2800, [14, 14], 28],
      // An odd rate in basis points (12.5 %): ₹3 → 300 × 0.0625 = 18.75, rounded to 19 a half; IGST 37.5 → 38.
      [3, 1250, [19, 19], 38],
    ])('rounds each line half up to the paisa: ₹%i at %i bps', (rupees, rateBps, halves, igst) => {
      const oneHour = ['2026-03-10T10:00:00+05:30', '2026-03-10T11:00:00+05:30'] as const;
      const within = bookingTotal(...oneHour, rupees, false, { rateBps, intraState: true });
      expect(within.taxLines.map((line) => line.paise)).toEqual(halves);
      expect(within.amountPaise).toBe(rupees * 100 + halves[0]! + halves[1]!);
      const across = bookingTotal(...oneHour, rupees, false, { rateBps, intraState: false });
      expect(across.taxLines).toEqual([{ name: 'IGST', rateBps, paise: igst }]);
    });

    it('adds no tax line without a rate, or on a total of nothing', () => {
      expect(bookingTotal(from, to, 100, true, { rateBps: 0, intraState: true })).toMatchObject({ taxPaise: 0, taxLines: [] });
      expect(bookingTotal(from, from, 100, true, { rateBps: 1800, intraState: true })).toMatchObject({
        taxPaise: 0,
        taxLines: [],
        amountPaise: 0,
      });
    });
  });
});
