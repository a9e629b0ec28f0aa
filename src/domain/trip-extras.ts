/**
 * What a trip costs beyond its booking: a late return, kilometres beyond the car's daily limit and
 * fuel or charge returned below the handover level, from the two records of the car's state. One
 * function, so the page shows exactly what the server charges; the car page's rates come from here too.
 */
import { shareOf } from './booking-split';
import { type GstSetting, type TaxLine, taxLines } from './booking-total';

const MS_PER_HOUR = 60 * 60 * 1000;
const MS_PER_DAY = 24 * MS_PER_HOUR;
/** A battery's level is read in percent and charged by the tenth. */
const PERCENT_PER_TENTH = 10;

/** How full the tank is, in eighths (the gauge's marks), or the battery's charge in percent. */
export type FuelLevel = { kind: 'eighths'; eighths: number } | { kind: 'batteryPercent'; percent: number };

/** The car's state at handover or at return, as both sides recorded it. */
export interface TripReading {
  at: Date;
  odometerKm: number;
  fuel: FuelLevel;
}

/** The car's trip prices, in paise, as every car answer carries them. */
export interface TripPrices {
  /** Whole rupees an hour: the price `bookingTotal` charges the booking at. */
  price: number;
  /** Kilometres a day included; no limit when absent. */
  kmPerDayLimit?: number | undefined;
  /** Paise per kilometre beyond the limit; always set when a limit is. */
  extraKmPrice?: number | undefined;
  /** Paise per eighth of a tank returned below the handover level. */
  fuelEighthPrice: number;
  /** Paise per tenth of the battery returned below the handover level, each tenth started counting whole. */
  batteryTenthPrice: number;
}

export type ExtraKind = 'lateReturn' | 'extraKm' | 'fuel' | 'battery';

export interface ExtraLine {
  kind: ExtraKind;
  /** Hours started late, kilometres over, eighths or tenths short. */
  quantity: number;
  unitPaise: number;
  amountPaise: number;
}

export interface TripExtras {
  /** Only what is charged: an extra of nothing has no line. */
  lines: ExtraLine[];
  /** Before tax. */
  subtotalPaise: number;
  taxLines: TaxLine[];
  taxPaise: number;
  amountPaise: number;
}

export interface TripExtrasInput {
  /** The booking's period: the return is late after `to`, and the km allowance counts its days. */
  period: { from: Date; to: Date };
  car: TripPrices;
  handover: TripReading;
  returned: TripReading;
  /** LATE_FEE_BPS: the late fee an hour as a share of the hourly price (15000 is 150 %). */
  lateFeeBps: number;
  /** GST as the booking is taxed: the extras are part of the rental. */
  gst?: GstSetting | undefined;
}

/** Paise charged for each hour started past the booking's end: the hourly price at `lateFeeBps`, to the paisa. */
export function lateFeePerHourPaise(price: number, lateFeeBps: number): number {
  return shareOf(price * 100, lateFeeBps);
}

/** Hours started after `end` by `at`: none when on time or early, one for a minute late. */
export function lateHours(end: Date, at: Date): number {
  const ms = at.getTime() - end.getTime();
  return ms > 0 ? Math.ceil(ms / MS_PER_HOUR) : 0;
}

/** Days started in the booking's period, at least one: a 25-hour booking includes two days' kilometres. */
export function startedDays(from: Date, to: Date): number {
  return Math.max(1, Math.ceil((to.getTime() - from.getTime()) / MS_PER_DAY));
}

/** Kilometres driven beyond the allowance: the daily limit times the period's started days. */
function kmOver(input: TripExtrasInput): number {
  const limit = input.car.kmPerDayLimit;
  if (limit === undefined) return 0;
  const driven = input.returned.odometerKm - input.handover.odometerKm;
  return Math.max(0, driven - limit * startedDays(input.period.from, input.period.to));
}

/** Eighths or tenths short of the handover level; a battery short by any part of a tenth pays that tenth. */
function fuelShort(handover: FuelLevel, returned: FuelLevel): { kind: 'fuel' | 'battery'; quantity: number } {
  if (handover.kind === 'eighths' && returned.kind === 'eighths') {
    return { kind: 'fuel', quantity: Math.max(0, handover.eighths - returned.eighths) };
  }
  if (handover.kind === 'batteryPercent' && returned.kind === 'batteryPercent') {
    const short = handover.percent - returned.percent;
    return { kind: 'battery', quantity: short > 0 ? Math.ceil(short / PERCENT_PER_TENTH) : 0 };
  }
  // The car's fuel decides how both readings are taken, so two kinds on one trip is a fault upstream.
  throw new RangeError('the handover and return readings measure fuel differently');
}

/** The trip's extras, itemised, with GST on them as on the booking. */
export function tripExtras(input: TripExtrasInput): TripExtras {
  const { car } = input;
  const fuel = fuelShort(input.handover.fuel, input.returned.fuel);
  const charged: [ExtraKind, number, number][] = [
    ['lateReturn', lateHours(input.period.to, input.returned.at), lateFeePerHourPaise(car.price, input.lateFeeBps)],
    ['extraKm', kmOver(input), car.extraKmPrice ?? 0],
    [fuel.kind, fuel.quantity, fuel.kind === 'fuel' ? car.fuelEighthPrice : car.batteryTenthPrice],
  ];
  const lines = charged
    .filter(([, quantity]) => quantity > 0)
    .map(([kind, quantity, unitPaise]) => ({ kind, quantity, unitPaise, amountPaise: quantity * unitPaise }));
  const subtotalPaise = lines.reduce((sum, line) => sum + line.amountPaise, 0);
  const taxes = taxLines(subtotalPaise, input.gst);
  const taxPaise = taxes.reduce((sum, line) => sum + line.paise, 0);
  return { lines, subtotalPaise, taxLines: taxes, taxPaise, amountPaise: subtotalPaise + taxPaise };
}
