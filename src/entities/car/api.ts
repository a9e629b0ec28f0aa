import { client } from '../../lib/api-client';
import type { Availability, AvailabilityQuery, CarCities, CarQuery, PagedAnswer, PublicCar } from '../../domain/contract';

/** One page of the public list, with how many cars match in all. */
export async function listCars(query: CarQuery = {}, signal?: AbortSignal): Promise<PagedAnswer<PublicCar>> {
  return (await client.get<PagedAnswer<PublicCar>>('/api/cars', { params: query, signal })).data;
}

export async function getCar(carName: string, signal?: AbortSignal): Promise<PublicCar> {
  return (await client.get<PublicCar>(`/api/cars/${encodeURIComponent(carName)}`, { signal })).data;
}

export async function getCarAvailability(carRef: string, period: AvailabilityQuery, signal?: AbortSignal): Promise<Availability> {
  const url = `/api/cars/${encodeURIComponent(carRef)}/availability`;
  return (await client.get<Availability>(url, { params: period, signal })).data;
}

export async function getCarCities(signal?: AbortSignal): Promise<CarCities> {
  return (await client.get<CarCities>('/api/car-cities', { signal })).data;
}
