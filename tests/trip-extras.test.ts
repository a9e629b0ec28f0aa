// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  type FuelLevel,
  lateFeePerHourPaise,
  lateHours,
  startedDays,
  type TripExtrasInput,
  tripExtras,
} from '../src/domain/trip-extras';

const from = new Date('2026-03-10T10:00:00+05:30');
const to = new Date('2026-03-11T10:00:00+05:30');
const MINUTE = 60 * 1000;
const full: FuelLevel = { kind: 'eighths', eighths: 8 };

/** A one-day booking of a ₹100-an-hour car with a 200 km limit at ₹12/km, returned on time, full, at 200 km. */
function trip(change: Partial<TripExtrasInput> = {}, returned: Partial<TripExtrasInput['returned']> = {}): TripExtrasInput {
  return {
    period: { from, to },
    car: { price: 100, kmPerDayLimit: 200, extraKmPrice: 1200, fuelEighthPrice: 50_000, batteryTenthPrice: 20_000 },
    handover: { at: from, odometerKm: 10_000, fuel: full },
    returned: { at: to, odometerKm: 10_200, fuel: full, ...returned },
    lateFeeBps: 15_000,
    ...change,
  };
}

describe('tripExtras', () => {
  it('charges nothing for a trip back on time, within the limit, as full as it left', () => {
    expect(tripExtras(trip())).toEqual({ lines: [], subtotalPaise: 0, taxLines: [], taxPaise: 0, amountPaise: 0 });
  });

  it('charges nothing for an early return', () => {
    expect(tripExtras(trip({}, { at: new Date(to.getTime() - 90 * MINUTE) })).lines).toEqual([]);
  });

  it('charges one hour at 150 % of the hourly price for a return one minute late', () => {
    expect(tripExtras(trip({}, { at: new Date(to.getTime() + MINUTE) })).lines).toEqual([
      { kind: 'lateReturn', quantity: 1, unitPaise: 15_000, amountPaise: 15_000 },
    ]);
  });

  it('counts each started hour: exactly an hour late is one, an hour and a minute is two', () => {
    expect(lateHours(to, new Date(to.getTime() + 60 * MINUTE))).toBe(1);
    expect(lateHours(to, new Date(to.getTime() + 61 * MINUTE))).toBe(2);
    expect(lateHours(to, to)).toBe(0);
    expect(lateHours(to, new Date(to.getTime() + 1))).toBe(1);
  });

  it('charges the late fee at the configured rate, to the paisa', () => {
    expect(lateFeePerHourPaise(100, 15_000)).toBe(15_000);
    expect(lateFeePerHourPaise(100, 10_000)).toBe(10_000);
    // ₹33 at 150 % is ₹49.50; ₹1 at 0.5 % half a paisa, rounded up.
    expect(lateFeePerHourPaise(33, 15_000)).toBe(4_950);
    expect(lateFeePerHourPaise(1, 50)).toBe(1);
  });

  it('charges nothing at exactly the km limit and one km over for one more', () => {
    expect(tripExtras(trip({}, { odometerKm: 10_200 })).lines).toEqual([]);
    expect(tripExtras(trip({}, { odometerKm: 10_201 })).lines).toEqual([
      { kind: 'extraKm', quantity: 1, unitPaise: 1200, amountPaise: 1200 },
    ]);
  });

  it('allows the limit for every started day of the booking', () => {
    const longer = { period: { from, to: new Date(to.getTime() + MINUTE) } };
    expect(tripExtras(trip(longer, { at: longer.period.to, odometerKm: 10_400 })).lines).toEqual([]);
    expect(tripExtras(trip(longer, { at: longer.period.to, odometerKm: 10_401 })).lines[0]?.quantity).toBe(1);
    expect(startedDays(from, to)).toBe(1);
    expect(startedDays(from, new Date(from.getTime() + 60 * MINUTE))).toBe(1);
    expect(startedDays(from, new Date(to.getTime() + MINUTE))).toBe(2);
  });

  it('charges no kilometres for a car without a limit, however far it went', () => {
    const car = { price: 100, fuelEighthPrice: 50_000, batteryTenthPrice: 20_000 };
    expect(tripExtras(trip({ car }, { odometerKm: 99_000 })).lines).toEqual([]);
  });

  it('charges each eighth of a tank short, and nothing for a fuller tank', () => {
    expect(tripExtras(trip({}, { fuel: { kind: 'eighths', eighths: 7 } })).lines).toEqual([
      { kind: 'fuel', quantity: 1, unitPaise: 50_000, amountPaise: 50_000 },
    ]);
    expect(tripExtras(trip({}, { fuel: { kind: 'eighths', eighths: 0 } })).lines[0]?.quantity).toBe(8);
    const halfFull = { handover: { at: from, odometerKm: 10_000, fuel: { kind: 'eighths', eighths: 4 } as FuelLevel } };
    expect(tripExtras(trip(halfFull, { fuel: full })).lines).toEqual([]);
  });

  it('charges a battery by the started tenth: one percent short is a tenth, ten percent one, eleven two', () => {
    const charged = (percent: number) => {
      const handover = { at: from, odometerKm: 10_000, fuel: { kind: 'batteryPercent', percent: 80 } as FuelLevel };
      return tripExtras(trip({ handover }, { fuel: { kind: 'batteryPercent', percent } })).lines;
    };
    expect(charged(80)).toEqual([]);
    expect(charged(95)).toEqual([]);
    expect(charged(79)).toEqual([{ kind: 'battery', quantity: 1, unitPaise: 20_000, amountPaise: 20_000 }]);
    expect(charged(70)[0]?.quantity).toBe(1);
    expect(charged(69)[0]?.quantity).toBe(2);
    expect(charged(0)[0]?.quantity).toBe(8);
  });

  it('refuses readings that measure fuel in two ways', () => {
    expect(() => tripExtras(trip({}, { fuel: { kind: 'batteryPercent', percent: 50 } }))).toThrow(RangeError);
  });

  it('itemises every extra and totals them, with GST at the booking rate', () => {
    const late = trip(
      { gst: { rateBps: 1800, intraState: true } },
      { at: new Date(to.getTime() + 61 * MINUTE), odometerKm: 10_250, fuel: { kind: 'eighths', eighths: 6 } },
    );
    expect(tripExtras(late)).toEqual({
      lines: [
        { kind: 'lateReturn', quantity: 2, unitPaise: 15_000, amountPaise: 30_000 },
        { kind: 'extraKm', quantity: 50, unitPaise: 1200, amountPaise: 60_000 },
        { kind: 'fuel', quantity: 2, unitPaise: 50_000, amountPaise: 100_000 },
      ],
      subtotalPaise: 190_000,
      taxLines: [
        { name: 'CGST', rateBps: 900, paise: 17_100 },
        { name: 'SGST', rateBps: 900, paise: 17_100 },
      ],
      taxPaise: 34_200,
      amountPaise: 224_200,
    });
  });

  it('taxes across states as IGST, and nothing when no extra is charged', () => {
    const gst = { rateBps: 1800, intraState: false };
    expect(tripExtras(trip({ gst }, { odometerKm: 10_201 })).taxLines).toEqual([{ name: 'IGST', rateBps: 1800, paise: 216 }]);
    expect(tripExtras(trip({ gst })).taxLines).toEqual([]);
  });
});
