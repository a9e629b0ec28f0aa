import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClosedReports, Conversation, ReportedConversation } from '../../domain/contract';
import { client } from '../../lib/api-client';

/** The bookings whose conversation has a reported message, the latest report first. */
export async function listReportedConversations(signal?: AbortSignal): Promise<ReportedConversation[]> {
  return (await client.get<ReportedConversation[]>('/api/admin/conversations/reported', { signal })).data;
}

/** A booking's conversation as sent; the server records the reading in the audit log. */
export async function readBookingConversation(bookingId: string): Promise<Conversation> {
  return (await client.post<Conversation>(`/api/admin/bookings/${encodeURIComponent(bookingId)}/messages`)).data;
}

/** Closes the conversation's open reports, with what the admin did about them for the audit log. */
export async function closeReports({ bookingId, reason }: { bookingId: string; reason: string }): Promise<ClosedReports> {
  return (await client.post<ClosedReports>(`/api/admin/conversations/${encodeURIComponent(bookingId)}/close-reports`, { reason }))
    .data;
}

export const reportedConversationsKey = ['admin', 'conversations', 'reported'] as const;

export function useReportedConversations() {
  return useQuery({ queryKey: reportedConversationsKey, queryFn: ({ signal }) => listReportedConversations(signal) });
}

/** A mutation, not a query: each reading is an audited act the admin chooses, never repeated by a refetch. */
export function useReadConversation() {
  return useMutation({ mutationFn: readBookingConversation });
}

export function useCloseReports() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeReports,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportedConversationsKey }),
  });
}
