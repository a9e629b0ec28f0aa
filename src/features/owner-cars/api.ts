import { client } from '../../lib/api-client';
import type {
  CarPhoto,
  CarPhotoOrder,
  CodedAnswer,
  DeletedCount,
  OwnerCar,
  OwnerCarEdit,
  OwnerCarInput,
} from '../../domain/contract';
import { PHOTO_FIELD } from '../../domain/schemas/car-photos';

export async function listOwnerCars(signal?: AbortSignal): Promise<OwnerCar[]> {
  return (await client.get<CodedAnswer<OwnerCar[]>>('/get-cars', { signal })).data.data;
}

export async function getOwnerCar(id: string, signal?: AbortSignal): Promise<OwnerCar> {
  return (await client.get<CodedAnswer<OwnerCar>>(`/get-car/${encodeURIComponent(id)}`, { signal })).data.data;
}

/** Answers the plain text `saved` on success, and the new car's id from `Location: /get-car/{id}` (for its photos). */
export async function addOwnerCar(body: OwnerCarInput): Promise<{ answer: string; carId: string | undefined }> {
  const response = await client.post<string>('/add-cars', body, { responseType: 'text' });
  const location = String(response.headers.location ?? '');
  return { answer: response.data, carId: /^\/get-car\/([^/?#]+)$/.exec(location)?.[1] };
}

export async function editOwnerCar(body: OwnerCarEdit): Promise<CodedAnswer<OwnerCar>> {
  return (await client.post<CodedAnswer<OwnerCar>>('/edit-cars', body)).data;
}

/** Each car's outcome: deleted, or archived (its open requests declined) when it has bookings. */
export async function deleteOwnerCars(ids: string[]): Promise<CodedAnswer<DeletedCount>> {
  return (await client.post<CodedAnswer<DeletedCount>>('/delete-cars', ids)).data;
}

/** Pauses (out of the public list, not bookable) or resumes one of the owner's cars; answers it as it now stands. */
export async function setOwnerCarPaused(id: string, paused: boolean): Promise<OwnerCar> {
  const action = paused ? 'pause' : 'resume';
  return (await client.post<OwnerCar>(`/api/cars/${encodeURIComponent(id)}/${action}`)).data;
}

/** An upload may take far longer than other calls: 8 MB from a phone on a slow network. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** Uploads one photo; `onProgress` hears the share sent so far, from 0 to 1. */
export async function uploadCarPhoto(
  carId: string,
  file: File,
  onProgress?: (sent: number) => void,
  signal?: AbortSignal,
): Promise<CarPhoto> {
  const form = new FormData();
  form.append(PHOTO_FIELD, file);
  const response = await client.post<CarPhoto>(`/api/cars/${encodeURIComponent(carId)}/photos`, form, {
    // Not the client's JSON: axios then leaves the form as it is, and the browser writes the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: UPLOAD_TIMEOUT_MS,
    signal,
    onUploadProgress: (event) => {
      if (event.total) onProgress?.(event.loaded / event.total);
    },
  });
  return response.data;
}

/** Answers the car's photos left, in order. */
export async function deleteCarPhoto(carId: string, photoId: string): Promise<CarPhoto[]> {
  return (await client.delete<CarPhoto[]>(`/api/cars/${encodeURIComponent(carId)}/photos/${encodeURIComponent(photoId)}`)).data;
}

/** Answers the car's photos in their new order, the cover first. */
export async function orderCarPhotos(carId: string, body: CarPhotoOrder): Promise<CarPhoto[]> {
  return (await client.put<CarPhoto[]>(`/api/cars/${encodeURIComponent(carId)}/photos`, body)).data;
}
