import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { notificationsKey } from '../../entities/notification/keys';
import { getNotificationSummary, markBookingsSeen } from './api';

/** Often enough that a badge catches up within a minute of a change someone else made. */
const POLL_MS = 60 * 1000;

/**
 * The header's counts while someone is signed in: asked again every minute and whenever the person
 * comes back to the tab (unlike lists, a badge that catches up under the pointer moves nothing).
 */
export function useNotificationSummary({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => getNotificationSummary(signal),
    enabled,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
  });
}

/** Opening My bookings marks them seen, once per visit, and the renter's badge shows the server's new count. */
export function useMarkBookingsSeenOnOpen(): void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: markBookingsSeen,
    onSuccess: (summary) => queryClient.setQueryData(notificationsKey, summary),
  });
  useEffect(() => mutate(), [mutate]);
}
