import { catalogueCars } from '../../data/cars';
import type { CarQuery, CarSort } from '../../domain/contract';
import { BODY_TYPES, CITIES, FUELS, SEATS_MAX, SEATS_MIN, TRANSMISSIONS } from '../../domain/car-attributes';
import { defaultPeriodEnd, toIndiaIso } from '../../domain/india-time';
import { pageInUrl } from '../../components/Pager';
import type { CarSummary } from './CarCard';

export type CarListing = CarSummary & { id: string };

const SORTS: readonly CarSort[] = ['price-asc', 'price-desc'];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  values.find((candidate) => candidate === value);

/** Where the car is and what it is, as the URL holds them. */
function attributesFrom(params: URLSearchParams): CarQuery {
  const query: CarQuery = {};
  const city = oneOf(CITIES, params.get('city'));
  if (city) query.city = city;
  const bodyType = oneOf(BODY_TYPES, params.get('bodyType'));
  if (bodyType) query.bodyType = bodyType;
  const seats = Number(params.get('seats'));
  if (Number.isInteger(seats) && seats >= SEATS_MIN && seats <= SEATS_MAX) query.seats = seats;
  const transmission = oneOf(TRANSMISSIONS, params.get('transmission'));
  if (transmission) query.transmission = transmission;
  const fuel = oneOf(FUELS, params.get('fuel'));
  if (fuel) query.fuel = fuel;
  const ac = params.get('ac');
  if (ac === 'true' || ac === 'false') query.ac = ac === 'true';
  if (params.get('instant') === 'true') query.instant = true;
  return query;
}

/** The filters as the URL holds them: anything malformed is dropped rather than sent. */
export function queryFrom(params: URLSearchParams): CarQuery {
  const query: CarQuery = attributesFrom(params);
  const maxPrice = Number(params.get('maxPrice'));
  if (params.get('maxPrice') && Number.isFinite(maxPrice) && maxPrice > 0) query.maxPrice = maxPrice;
  const sort = params.get('sort');
  if (SORTS.includes(sort as CarSort)) query.sort = sort as CarSort;
  const q = params.get('q')?.trim();
  if (q) query.q = q;
  // Availability is a period: a start alone (from the home page's search) asks for one day from it, an end alone asks nothing.
  const from = params.get('from');
  if (from && !Number.isNaN(new Date(from).getTime())) {
    query.from = from;
    const to = params.get('to');
    query.to = to && !Number.isNaN(new Date(to).getTime()) ? to : toIndiaIso(defaultPeriodEnd(new Date(from)));
  }
  const page = pageInUrl(params);
  if (page) query.page = page;
  return query;
}

/** The static fleet, filtered and sorted as the server would, for when the server cannot be reached. */
export function catalogueMatching(query: CarQuery): CarListing[] {
  const q = query.q?.toLowerCase();
  const cars = catalogueCars.filter(
    (car) =>
      (query.maxPrice === undefined || car.price <= query.maxPrice) &&
      (!q || car.carName.toLowerCase().includes(q)) &&
      (query.city === undefined || car.city === query.city) &&
      (query.bodyType === undefined || car.bodyType === query.bodyType) &&
      (query.seats === undefined || car.seats >= query.seats) &&
      (query.transmission === undefined || car.transmission === query.transmission) &&
      (query.fuel === undefined || car.fuel === query.fuel) &&
      (query.ac === undefined || car.ac === query.ac),
  );
  if (query.sort === 'price-asc') return [...cars].sort((a, b) => a.price - b.price);
  if (query.sort === 'price-desc') return [...cars].sort((a, b) => b.price - a.price);
  return cars;
}
