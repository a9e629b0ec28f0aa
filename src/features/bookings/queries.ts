import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingAction } from '../../domain/contract';
import type { BookingCheck, NewBooking, NewRazorpayOrder } from '../../domain/schemas/bookings';
import { checked, loadChecks } from '../../lib/form-check';
import { bookingsKey } from '../../entities/booking/keys';
import { carKeys } from '../../entities/car/keys';
import { notificationsKey } from '../../entities/notification/keys';
import {
  actOnBooking,
  type BookingsWanted,
  checkBooking,
  createBooking,
  createRazorpayOrder,
  getBookingReceipt,
  listBookings,
} from './api';

/** Which bookings a list (a tab) shows: the statuses and side of now it asks the server for. */
export type BookingsFilter = Pick<BookingsWanted, 'status' | 'when'>;

/** One page of one list, under the list's key so every step and new booking makes each page stale. */
export const bookingsPageKey = (page: number, filter: BookingsFilter = {}) => [...bookingsKey, 'page', filter, page] as const;

export function useBookings(page: number, filter: BookingsFilter = {}) {
  return useQuery({
    queryKey: bookingsPageKey(page, filter),
    queryFn: ({ signal }) => listBookings({ page, ...filter }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Under the list's key, so whatever makes the list stale (a step, a new booking) makes every receipt stale too. */
export const receiptKey = (id: string) => [...bookingsKey, 'receipt', id] as const;

export function useBookingReceipt(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: receiptKey(id), queryFn: ({ signal }) => getBookingReceipt(id, signal), enabled });
}

/**
 * Accept, decline or cancel; the list and a receipt on screen are loaded again before the step is
 * reported done, and every other receipt when it is next shown (their keys begin with the list's). A
 * step also changes when the car is free, so the car lists searched by period are stale too, and an
 * answered request no longer waits: the header's count is asked again.
 */
export function useBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action, reason }: { id: string; action: BookingAction; reason?: string }) =>
      actOnBooking(id, action, reason === undefined ? undefined : checked((await bookingSchemas()).DeclineReason, { reason })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingsKey }),
        queryClient.invalidateQueries({ queryKey: carKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationsKey }),
      ]),
  });
}

/** The bookings' schemas (and zod with them) load when someone books, not with the car's page. */
const bookingSchemas = () => loadChecks(() => import('../../domain/schemas/bookings'));

/** A new booking belongs in My bookings: the list cached there is stale from now on. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (booking: NewBooking) => createBooking(checked((await bookingSchemas()).NewBooking, booking)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}

/** Asks the server whether it would refuse the request, before a checkout takes the renter's money for it. */
export function useCheckBooking() {
  return useMutation({
    mutationFn: async (choice: BookingCheck) => checkBooking(checked((await bookingSchemas()).BookingCheck, choice)),
  });
}

/** The order Razorpay's checkout is opened with; nothing is booked until the checkout's result is sent as a booking. */
export function useCreateRazorpayOrder() {
  return useMutation({
    mutationFn: async (order: NewRazorpayOrder) => createRazorpayOrder(checked((await bookingSchemas()).NewRazorpayOrder, order)),
  });
}
