import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRIP_KINDS, type TripKind } from '../../domain/booking-states';
import type { TripAnswer, TripPhotoSlot, TripValues } from '../../domain/schemas/trips';
import { bookingsKey } from '../../entities/booking/keys';
import { addTripPhoto, confirmTrip, fillTrip, getTrip } from './api';

const tripKey = (bookingId: string) => [...bookingsKey, bookingId, 'trip'] as const;

/** While a step is to be taken, often enough that what one phone sends shows on the other's open page within seconds. */
const STEP_POLL_MS = 10 * 1000;

const confirmedRecords = (trip: TripAnswer) => TRIP_KINDS.filter((kind) => trip[kind]?.confirmedAt).length;

/**
 * A booking's trip records. With `stepOpen` (the booking stands before its handover or return) they
 * are read again every few seconds, as the other side sends or confirms on their own phone; a
 * confirmation seen that way moved the booking's status, which is read afresh.
 */
export function useTrip(bookingId: string, stepOpen: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: tripKey(bookingId),
    queryFn: async ({ signal }) => {
      const before = queryClient.getQueryData<TripAnswer>(tripKey(bookingId));
      const answer = await getTrip(bookingId, signal);
      if (before && confirmedRecords(answer) > confirmedRecords(before)) {
        void queryClient.invalidateQueries({ queryKey: bookingsKey, predicate: (query) => query.queryKey.at(-1) !== 'trip' });
      }
      return answer;
    },
    refetchInterval: stepOpen ? STEP_POLL_MS : false,
  });
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
