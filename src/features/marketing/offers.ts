import { formatRupees } from '../../domain/money';
import { catalogueCars } from '../../data/cars';
import { DRIVER_SURCHARGE_PER_HOUR } from '../../domain/booking-total';
import { t } from './words';

/**
 * The lowest price per hour among `cars`: the most an advertised "from" price may say, so every
 * renter who clicks through finds a car at that price.
 */
export function lowestPrice(cars: readonly { price: number }[]): number {
  if (cars.length === 0) throw new Error('There is no lowest price of no cars.');
  return Math.min(...cars.map((car) => car.price));
}

// The two prices are words made once, as the module loads: the catalogue's language is chosen before
// (a change of language loads the page again, src/lib/i18n.tsx).

/** What the fleet costs at the least, as the home page advertises it. */
export const fromPrice = t('site.offers.fromPrice', { price: formatRupees(lowestPrice(catalogueCars)) });

/** What a driver adds, as the booking total charges it. */
export const driverPrice = t('site.offers.driverPrice', { price: formatRupees(DRIVER_SURCHARGE_PER_HOUR) });
