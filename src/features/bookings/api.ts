import { client } from '../../lib/api-client';
import type {
  Booking,
  BookingAction,
  BookingCheck,
  BookingReceipt,
  BookingListQuery,
  BookingStatus,
  DeclineReason,
  NewBooking,
  NewRazorpayOrder,
  PagedAnswer,
  RazorpayOrder,
} from '../../domain/contract';

export async function createBooking(body: NewBooking): Promise<Booking> {
  return (await client.post<Booking>('/api/bookings', body)).data;
}

/** Whether the server would refuse the request before the renter pays for it: rejects with the request's own refusal. */
export async function checkBooking(body: BookingCheck): Promise<void> {
  await client.post('/api/bookings/check', body);
}

/** What the app asks `GET /api/bookings` for: one status or several, which go as one comma-separated value. */
export type BookingsWanted = Partial<Omit<BookingListQuery, 'status'>> & { status?: BookingStatus | readonly BookingStatus[] };

/** One page of the bookings the signed-in account sees, newest first, with how many there are in all. */
export async function listBookings(
  { status, ...query }: BookingsWanted = {},
  signal?: AbortSignal,
): Promise<PagedAnswer<Booking>> {
  const params = { ...query, ...(status === undefined ? {} : { status: [status].flat().join(',') }) };
  return (await client.get<PagedAnswer<Booking>>('/api/bookings', { params, signal })).data;
}

/** One booking with its history and, once accepted, who to call: 404 unless it is the caller's to see. */
export async function getBookingReceipt(id: string, signal?: AbortSignal): Promise<BookingReceipt> {
  return (await client.get<BookingReceipt>(`/api/bookings/${encodeURIComponent(id)}`, { signal })).data;
}

/** A step on a booking; a decline may carry the reason its renter reads. */
export async function actOnBooking(id: string, action: BookingAction, body?: DeclineReason): Promise<Booking> {
  return (await client.post<Booking>(`/api/bookings/${encodeURIComponent(id)}/${action}`, body)).data;
}

/** A Razorpay order for the booking about to be asked for, priced by the server: what its checkout opens with. */
export async function createRazorpayOrder(body: NewRazorpayOrder): Promise<RazorpayOrder> {
  return (await client.post<RazorpayOrder>('/api/payments/razorpay/orders', body)).data;
}
