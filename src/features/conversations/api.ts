import { client } from '../../lib/api-client';
import type { BookingMessage, Conversation, NewBookingMessage } from '../../domain/contract';

const messagesUrl = (bookingId: string) => `/api/bookings/${encodeURIComponent(bookingId)}/messages`;

/** The booking's conversation, oldest message first: 404 unless the caller is a party, 403 for an admin on a listed car's. */
export async function getConversation(bookingId: string, signal?: AbortSignal): Promise<Conversation> {
  return (await client.get<Conversation>(messagesUrl(bookingId), { signal })).data;
}

export async function sendMessage(bookingId: string, body: NewBookingMessage): Promise<BookingMessage> {
  return (await client.post<BookingMessage>(messagesUrl(bookingId), body)).data;
}

/** The other side's messages become seen: their sender reads "Seen", and they leave the header's badge. */
export async function markSeen(bookingId: string): Promise<Conversation> {
  return (await client.post<Conversation>(`${messagesUrl(bookingId)}/seen`)).data;
}

export async function reportMessage(bookingId: string, messageId: string): Promise<BookingMessage> {
  return (await client.post<BookingMessage>(`${messagesUrl(bookingId)}/${encodeURIComponent(messageId)}/report`)).data;
}
