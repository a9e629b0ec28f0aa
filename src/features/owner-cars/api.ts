import { client } from '../../lib/api-client';
import type { CodedAnswer, OwnerCar, OwnerCarEdit, OwnerCarInput } from '../../domain/contract';

export async function listOwnerCars(signal?: AbortSignal): Promise<OwnerCar[]> {
  return (await client.get<CodedAnswer<OwnerCar[]>>('/get-cars', { signal })).data.data;
}

export async function getOwnerCar(id: string, signal?: AbortSignal): Promise<OwnerCar> {
  return (await client.get<CodedAnswer<OwnerCar>>(`/get-car/${encodeURIComponent(id)}`, { signal })).data.data;
}

/** Answers the plain text `saved` on success. */
export async function addOwnerCar(body: OwnerCarInput): Promise<string> {
  return (await client.post<string>('/add-cars', body, { responseType: 'text' })).data;
}

export async function editOwnerCar(body: OwnerCarEdit): Promise<CodedAnswer<OwnerCar>> {
  return (await client.post<CodedAnswer<OwnerCar>>('/edit-cars', body)).data;
}

export async function deleteOwnerCars(ids: string[]): Promise<CodedAnswer<{ deletedCount: number }>> {
  return (await client.post<CodedAnswer<{ deletedCount: number }>>('/delete-cars', ids)).data;
}
