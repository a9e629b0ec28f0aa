import type { AvailabilityQuery, CarQuery } from '../../domain/contract';

// Apart from the queries: the features that change cars (bookings, reviews, an owner's cars, the admin
// console) mark these stale without bringing the car queries and the catalogue with them.

/** Every key names all it depends on, so an answer for other filters or another car never lands on this screen. */
export const carKeys = {
  all: ['cars'] as const,
  list: (query: CarQuery) => ['cars', 'list', query] as const,
  cities: ['cars', 'cities'] as const,
  detail: (carName: string) => ['cars', 'detail', carName] as const,
  availability: (carRef: string, period: AvailabilityQuery) => ['cars', 'availability', carRef, period] as const,
};
