import type { TripKind } from '../../domain/booking-states';
import type { TripAnswer, TripPhotoSlot, TripValues } from '../../domain/schemas/trips';
import { client } from '../../lib/api-client';

/** Photos may take a while to arrive from a phone on a slow network. */
const UPLOAD_TIMEOUT_MS = 120_000;

const tripPath = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/trip`;

export async function getTrip(bookingId: string, signal?: AbortSignal): Promise<TripAnswer> {
  return (await client.get<TripAnswer>(tripPath(bookingId), { signal })).data;
}

export async function fillTrip(bookingId: string, kind: TripKind, values: TripValues): Promise<TripAnswer> {
  return (await client.put<TripAnswer>(`${tripPath(bookingId)}/${kind}`, values)).data;
}

export async function addTripPhoto(bookingId: string, kind: TripKind, slot: TripPhotoSlot, photo: File): Promise<TripAnswer> {
  const form = new FormData();
  form.append('photo', photo);
  const response = await client.post<TripAnswer>(`${tripPath(bookingId)}/${kind}/photos?slot=${slot}`, form, {
    // Not the client's JSON: axios then leaves the form as it is, and the browser writes the boundary.
    headers: { 'Content-Type': 'multipart/form-data' },
    timeout: UPLOAD_TIMEOUT_MS,
  });
  return response.data;
}

export async function confirmTrip(bookingId: string, kind: TripKind, correction?: TripValues): Promise<TripAnswer> {
  return (await client.post<TripAnswer>(`${tripPath(bookingId)}/${kind}/confirm`, correction ? { correction } : {})).data;
}
