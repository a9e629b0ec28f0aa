/** The spec's booking total (sections 4 and 9): one function, shown by the app and stored by the server. */

export const DRIVER_SURCHARGE_PER_HOUR = 30;
const MS_PER_HOUR = 60 * 60 * 1000;

export interface BookingTotal {
  hours: number;
  total: number;
  amountPaise: number;
}

/**
 * Whole hours between `from` and `to`, rounded down as the spec's moment difference does, times
 * the car's price, plus the driver surcharge per hour. Instants, not wall-clock strings, so the
 * answer is the same in every time zone. A period that does not move forward costs nothing.
 */
export function bookingTotal(
  from: Date | string | number,
  to: Date | string | number,
  pricePerUnit: number,
  driver: boolean,
): BookingTotal {
  const ms = new Date(to).getTime() - new Date(from).getTime();
  const hours = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / MS_PER_HOUR) : 0;
  const total = hours * pricePerUnit + (driver ? DRIVER_SURCHARGE_PER_HOUR * hours : 0);
  return { hours, total, amountPaise: total * 100 };
}
