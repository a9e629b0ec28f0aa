import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingAction } from '../../domain/contract';
import { NewBooking } from '../../domain/schemas/bookings';
import { checked } from '../../lib/form-check';
import { carKeys } from '../cars/queries';
import { actOnBooking, createBooking, listBookings } from './api';

/** The bookings the signed-in account sees: its own as a renter, or the requests for the cars it answers for. */
export const bookingsKey = ['bookings'] as const;

export function useBookings() {
  return useQuery({ queryKey: bookingsKey, queryFn: ({ signal }) => listBookings(signal) });
}

/**
 * Accept, decline or cancel; the list is loaded again before the step is reported done. A step also
 * changes when the car is free, so the car lists searched by period are stale too.
 */
export function useBookingAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BookingAction }) => actOnBooking(id, action),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingsKey }),
        queryClient.invalidateQueries({ queryKey: carKeys.all }),
      ]),
  });
}

/** A new booking belongs in My bookings: the list cached there is stale from now on. */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (booking: NewBooking) => createBooking(checked(NewBooking, booking)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsKey }),
  });
}
