import { client } from '../../lib/api-client';
import type { Booking, BookingAction, ListAnswer, NewBooking } from '../../domain/contract';

export async function createBooking(body: NewBooking): Promise<Booking> {
  return (await client.post<Booking>('/api/bookings', body)).data;
}

export async function listBookings(signal?: AbortSignal): Promise<Booking[]> {
  return (await client.get<ListAnswer<Booking>>('/api/bookings', { signal })).data.data;
}

export async function actOnBooking(id: string, action: BookingAction): Promise<Booking> {
  return (await client.post<Booking>(`/api/bookings/${encodeURIComponent(id)}/${action}`)).data;
}
