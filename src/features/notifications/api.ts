import type { NotificationSummary } from '../../domain/contract';
import { client } from '../../lib/api-client';

/** What the header's badges count for the signed-in account, worked out afresh by the server. */
export async function getNotificationSummary(signal?: AbortSignal): Promise<NotificationSummary> {
  return (await client.get<NotificationSummary>('/api/notifications/summary', { signal })).data;
}

/** The renter has looked at their bookings: only changes after now count in their badge. Answers the new summary. */
export async function markBookingsSeen(): Promise<NotificationSummary> {
  return (await client.post<NotificationSummary>('/api/notifications/bookings-seen')).data;
}
