import { formatRupees } from '../../domain/money';
import { catalogueCars } from '../../data/cars';
import { DRIVER_SURCHARGE_PER_HOUR } from '../../domain/booking-total';

/**
 * The lowest price per hour among `cars`: the most an advertised "from" price may say, so every
 * renter who clicks through finds a car at that price.
 */
export function lowestPrice(cars: readonly { price: number }[]): number {
  if (cars.length === 0) throw new Error('There is no lowest price of no cars.');
  return Math.min(...cars.map((car) => car.price));
}

/** What the fleet costs at the least, as the home page advertises it. */
export const fromPrice = `From ${formatRupees(lowestPrice(catalogueCars))} an hour`;

/** What a driver adds, as the booking total charges it. */
export const driverPrice = `A driver is ${formatRupees(DRIVER_SURCHARGE_PER_HOUR)} an hour more`;
