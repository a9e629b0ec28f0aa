import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NewBookingMessage } from '../../domain/contract';
import { bookingsKey } from '../../entities/booking/keys';
import { notificationsKey } from '../../entities/notification/keys';
import { getConversation, markSeen, reportMessage, sendMessage } from './api';

/** Often enough that an answer shows within half a minute while both sides have the page open. */
const POLL_MS = 30 * 1000;

/** Under the bookings' key, so a step on the booking (an acceptance, which unmasks contact details) loads it again. */
export const conversationKey = (bookingId: string) => [...bookingsKey, 'conversation', bookingId] as const;

export function useConversation(bookingId: string) {
  return useQuery({
    queryKey: conversationKey(bookingId),
    queryFn: ({ signal }) => getConversation(bookingId, signal),
    refetchInterval: POLL_MS,
    retry: false,
  });
}

/** Sending, marking seen and reporting each answer for the conversation; the header's count follows the marking. */
export function useConversationActions(bookingId: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: conversationKey(bookingId) });
  const send = useMutation({
    // The form checked the message with the contract's NewBookingMessage.
    mutationFn: (body: NewBookingMessage) => sendMessage(bookingId, body),
    onSuccess: reload,
  });
  const seen = useMutation({
    mutationFn: () => markSeen(bookingId),
    onSuccess: (conversation) => {
      queryClient.setQueryData(conversationKey(bookingId), conversation);
      return queryClient.invalidateQueries({ queryKey: notificationsKey });
    },
  });
  const report = useMutation({ mutationFn: (messageId: string) => reportMessage(bookingId, messageId), onSuccess: reload });
  return { send, seen, report };
}
