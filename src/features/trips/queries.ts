import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TripKind } from '../../domain/booking-states';
import type { TripAnswer, TripPhotoSlot, TripValues } from '../../domain/schemas/trips';
import { bookingsKey } from '../../entities/booking/keys';
import { addTripPhoto, confirmTrip, fillTrip, getTrip } from './api';

const tripKey = (bookingId: string) => [...bookingsKey, bookingId, 'trip'] as const;

export function useTrip(bookingId: string) {
  return useQuery({ queryKey: tripKey(bookingId), queryFn: ({ signal }) => getTrip(bookingId, signal) });
}

/** The record's values, then each photo in turn: the server keeps photos only on a record already filled in. */
export function useSendTrip(bookingId: string, kind: TripKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, photos }: { values: TripValues; photos: readonly { slot: TripPhotoSlot; file: File }[] }) => {
      let answer = await fillTrip(bookingId, kind, values);
      for (const photo of photos) answer = await addTripPhoto(bookingId, kind, photo.slot, photo.file);
      return answer;
    },
    onSuccess: (answer: TripAnswer) => queryClient.setQueryData(tripKey(bookingId), answer),
    // The booking's status moves with a confirmation: its receipt and lists read it afresh.
    onSettled: () => queryClient.invalidateQueries({ queryKey: tripKey(bookingId) }),
  });
}

export function useConfirmTrip(bookingId: string, kind: TripKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (correction?: TripValues) => confirmTrip(bookingId, kind, correction),
    onSuccess: (answer) => {
      queryClient.setQueryData(tripKey(bookingId), answer);
      return queryClient.invalidateQueries({ queryKey: bookingsKey });
    },
  });
}
