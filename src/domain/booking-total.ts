/** The spec's booking total (sections 4 and 9): one function, shown by the app and stored by the server. */

export const DRIVER_SURCHARGE_PER_HOUR = 30;
const MS_PER_HOUR = 60 * 60 * 1000;
/** Basis points in a whole: a rate of 1800 is 18 %. */
const BPS_PER_WHOLE = 10_000;

/**
 * GST on a booking, when the seller is registered: the rate in basis points and whether the supply
 * is within the seller's state (CGST and SGST, half the rate each) or across states (IGST).
 */
export interface GstSetting {
  rateBps: number;
  intraState: boolean;
}

export interface TaxLine {
  name: 'CGST' | 'SGST' | 'IGST';
  rateBps: number;
  paise: number;
}

export interface BookingTotal {
  hours: number;
  /** Whole rupees before tax: the spec's formula. */
  total: number;
  taxPaise: number;
  taxLines: TaxLine[];
  /** What is charged: the total in paise and the tax. */
  amountPaise: number;
}

/** `numerator / denominator` rounded half up, for non-negative integers, in integers only. */
function roundHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The tax lines on a taxable value, each rounded half up to the paisa on its own, as an invoice prints them. */
export function taxLines(taxablePaise: number, gst: GstSetting | undefined): TaxLine[] {
  if (!gst || gst.rateBps <= 0 || taxablePaise <= 0) return [];
  if (!gst.intraState) {
    return [{ name: 'IGST', rateBps: gst.rateBps, paise: roundHalfUp(taxablePaise * gst.rateBps, BPS_PER_WHOLE) }];
  }
  // Half the rate each; an odd rate in basis points splits into halves of a basis point, kept exact.
  const half = roundHalfUp(taxablePaise * gst.rateBps, 2 * BPS_PER_WHOLE);
  return [
    { name: 'CGST', rateBps: gst.rateBps / 2, paise: half },
    { name: 'SGST', rateBps: gst.rateBps / 2, paise: half },
  ];
}

/** Whole hours from `from` to `to`, rounded down as the spec's moment difference does; 0 for a period that does not move forward. */
export function wholeHours(from: Date | string | number, to: Date | string | number): number {
  const ms = new Date(to).getTime() - new Date(from).getTime();
  return Number.isFinite(ms) && ms > 0 ? Math.floor(ms / MS_PER_HOUR) : 0;
}

/**
 * Whole hours between `from` and `to` (wholeHours), times
 * the car's price, plus the driver surcharge per hour; then GST on that total when a rate is set.
 * Instants, not wall-clock strings, so the answer is the same in every time zone. A period that does
 * not move forward costs nothing.
 */
export function bookingTotal(
  from: Date | string | number,
  to: Date | string | number,
  pricePerUnit: number,
  driver: boolean,
  gst?: GstSetting,
): BookingTotal {
  const hours = wholeHours(from, to);
  const total = hours * pricePerUnit + (driver ? DRIVER_SURCHARGE_PER_HOUR * hours : 0);
  const lines = taxLines(total * 100, gst);
  const taxPaise = lines.reduce((sum, line) => sum + line.paise, 0);
  return { hours, total, taxPaise, taxLines: lines, amountPaise: total * 100 + taxPaise };
}
