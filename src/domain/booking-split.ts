/**
 * Who a booking's money belongs to: one function, shown by the app and posted to the ledger by the
 * server. The platform is the seller: it invoices the renter for the whole rental and owes the GST;
 * the car's owner leases the car to it for a share of each booking's pre-tax price (driver included,
 * since the owner provides the driver), from which tax may be withheld. The fleet's money is all the
 * platform's.
 */

/** Basis points in a whole: a rate of 2000 is 20 %. */
export const BPS_PER_WHOLE = 10_000;

/** The rates a booking is split at, stored on it when its money is taken, so a later change never re-splits it. */
export interface SplitRates {
  /** The platform's share of the pre-tax price; a fleet car's is the whole. */
  commissionBps: number;
  /** Tax withheld from the owner's share; 0 when the operator withholds none. */
  tdsBps: number;
}

/** What a booking of `commissionBps` at the whole is: the fleet's, all the platform's. */
export const FLEET_RATES: SplitRates = { commissionBps: BPS_PER_WHOLE, tdsBps: 0 };

export interface BookingSplit {
  /** The price before tax, in paise: what the split divides. */
  grossPaise: number;
  /** GST, owed by the platform as the seller; nobody's share. */
  taxPaise: number;
  /** What the renter paid: gross and tax. */
  amountPaise: number;
  /** The platform's share of the gross (its commission). */
  platformPaise: number;
  /** The owner's share of the gross, before tax withheld. */
  ownerSharePaise: number;
  /** Tax withheld from the owner's share, paid to the government for them. */
  tdsPaise: number;
  /** What the owner is paid. */
  ownerNetPaise: number;
}

/** `value * bps / 10 000` rounded half up, in integers only, for non-negative values. */
export function shareOf(value: number, bps: number): number {
  return Math.floor((2 * value * bps + BPS_PER_WHOLE) / (2 * BPS_PER_WHOLE));
}

/** A booking's money divided: the platform's commission, the owner's share, the tax withheld from it, to the paisa. */
export function bookingSplit(booking: { total: number; taxPaise: number }, rates: SplitRates): BookingSplit {
  return splitOf(booking.total * 100, booking.taxPaise, rates);
}

/** `grossPaise` before tax and `taxPaise` divided as a booking is: what a partial refund takes back from each side. */
export function splitOf(grossPaise: number, taxPaise: number, rates: SplitRates): BookingSplit {
  const platformPaise = shareOf(grossPaise, rates.commissionBps);
  const ownerSharePaise = grossPaise - platformPaise;
  const tdsPaise = shareOf(ownerSharePaise, rates.tdsBps);
  return {
    grossPaise,
    taxPaise,
    amountPaise: grossPaise + taxPaise,
    platformPaise,
    ownerSharePaise,
    tdsPaise,
    ownerNetPaise: ownerSharePaise - tdsPaise,
  };
}
