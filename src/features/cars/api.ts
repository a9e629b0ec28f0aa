import { client } from '../../lib/api-client';
import type { CarQuery, ListAnswer, PublicCar } from '../../domain/contract';

export async function listCars(query: CarQuery = {}): Promise<PublicCar[]> {
  return (await client.get<ListAnswer<PublicCar>>('/api/cars', { params: query })).data.data;
}

export async function getCar(carName: string): Promise<PublicCar> {
  return (await client.get<PublicCar>(`/api/cars/${encodeURIComponent(carName)}`)).data;
}
