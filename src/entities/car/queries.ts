import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { catalogueCars } from '../../data/cars';
import { type City, defaultTripPrices } from '../../domain/car-attributes';
import type { CarQuery, PublicCar } from '../../domain/contract';
import { indiaToday } from '../../domain/india-time';
import { getCar, getCarAvailability, getCarCities, listCars } from './api';
import { availabilityPeriod, dayStates } from './busy-days';
import { carKeys } from './keys';

export function useCarList(query: CarQuery) {
  // The page on screen stays while the next one loads, so paging never flashes a spinner.
  return useQuery({
    queryKey: carKeys.list(query),
    queryFn: ({ signal }) => listCars(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** What the car page shows: the catalogue's cars have no owner; every car has a city and attributes. */
export type CarDetails = Pick<
  PublicCar,
  | 'carName'
  | 'imgUrl'
  | 'price'
  | 'description'
  | 'city'
  | 'pickupArea'
  | 'ac'
  | 'bodyType'
  | 'seats'
  | 'transmission'
  | 'fuel'
  | 'depositPaise'
  | 'fuelEighthPrice'
  | 'batteryTenthPrice'
> &
  Partial<
    Pick<
      PublicCar,
      | 'brand'
      | 'model'
      | 'speed'
      | 'gps'
      | 'seatType'
      | 'automatic'
      | 'ownerName'
      | 'year'
      | 'photos'
      | 'payAtPickup'
      | 'instantBooking'
      | 'extraKmPrice'
    >
  > & {
    /** None (the catalogue writes null, the server leaves it out) means no limit. */
    kmPerDayLimit?: number | null;
  };

/**
 * The cities a search may usefully name: those where a car stands now, as the server knows them, in
 * the city list's order, with `chosen` (a city already asked for) kept so the field can show it.
 * Nothing until the server answers: a city offered from a guess could lead to an empty list. Asked
 * once `wanted`, so a page can wait until someone starts to search.
 */
export function useCarCities({ chosen, wanted = true }: { chosen?: City; wanted?: boolean } = {}): readonly City[] {
  const { data } = useQuery({ queryKey: carKeys.cities, queryFn: ({ signal }) => getCarCities(signal), enabled: wanted });
  return useMemo(() => {
    const cities = data?.cities ?? [];
    return chosen === undefined || cities.includes(chosen) ? cities : [...cities, chosen];
  }, [data, chosen]);
}

function catalogueCar(carName: string): CarDetails | undefined {
  const wanted = carName.toLowerCase();
  const car = catalogueCars.find((candidate) => candidate.carName.toLowerCase() === wanted);
  // The server seeds the fleet's trip prices from the same defaults.
  return car && { ...car, ...defaultTripPrices(car.bodyType, car.kmPerDayLimit) };
}

/** A catalogue car is there at once from the app's own data; an owner's car is asked of the server. */
export function useCarDetails(carName: string) {
  const fromCatalogue = catalogueCar(carName);
  return useQuery<CarDetails>({
    queryKey: carKeys.detail(carName),
    queryFn: ({ signal }) => getCar(carName, signal),
    initialData: fromCatalogue,
    enabled: !fromCatalogue,
  });
}

/**
 * How booked a car is on each India day from today on, as far as the server answers in one call: the
 * car page's strip and its picker ask the same question, so they share one request. Under `cars`,
 * so a booking step (which makes the car lists stale) makes this stale too.
 */
export function useBusyDays(carRef: string) {
  const today = indiaToday();
  const period = availabilityPeriod(today);
  const availability = useQuery({
    queryKey: carKeys.availability(carRef, period),
    queryFn: ({ signal }) => getCarAvailability(carRef, period, signal),
  });
  const stateOf = useMemo(() => dayStates(availability.data?.busy ?? []), [availability.data]);
  return { availability, stateOf, today };
}
