import { useQuery } from '@tanstack/react-query';
import { catalogueCars } from '../../data/cars';
import type { CarQuery, PublicCar } from '../../domain/contract';
import { getCar, listCars } from './api';

/** Every key names all it depends on, so an answer for other filters or another car never lands on this screen. */
export const carKeys = {
  all: ['cars'] as const,
  list: (query: CarQuery) => ['cars', 'list', query] as const,
  detail: (carName: string) => ['cars', 'detail', carName] as const,
};

export function useCarList(query: CarQuery) {
  return useQuery({ queryKey: carKeys.list(query), queryFn: ({ signal }) => listCars(query, signal) });
}

/** What the car page shows: the catalogue's cars have no owner, owners' cars no rating. */
export type CarDetails = Pick<PublicCar, 'carName' | 'imgUrl' | 'price' | 'description'> &
  Partial<Pick<PublicCar, 'brand' | 'model' | 'rating' | 'speed' | 'gps' | 'seatType' | 'automatic' | 'ownerName'>>;

function catalogueCar(carName: string): CarDetails | undefined {
  const wanted = carName.toLowerCase();
  return catalogueCars.find((car) => car.carName.toLowerCase() === wanted);
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
