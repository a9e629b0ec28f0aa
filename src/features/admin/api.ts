import { apiUrl, client } from '../../lib/api-client';
import type {
  AdminAccount,
  AdminAccountPage,
  AdminAccountsQuery,
  AdminActionPage,
  AdminAuditQuery,
  AdminBooking,
  AdminBookingPage,
  AdminBookingsQuery,
  AdminCar,
  AdminCarPage,
  AdminCarsQuery,
  AdminContactMessage,
  AdminContactMessagePage,
  AdminContent,
  AdminContentPage,
  AdminContentQuery,
  AdminMessagesQuery,
  AdminNewsletterPage,
  AdminNewsletterQuery,
  AdminOptionalReason,
  AdminOverview,
  AdminReason,
  BookingAction,
} from '../../domain/contract';

/** What the console's first page counts: accounts, cars, this India week's bookings, unanswered messages. */
export async function getAdminOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return (await client.get<AdminOverview>('/api/admin/overview', { signal })).data;
}

/** One page of every account, newest first, searched and filtered as asked. */
export async function listAdminAccounts(query: Partial<AdminAccountsQuery>, signal?: AbortSignal): Promise<AdminAccountPage> {
  return (await client.get<AdminAccountPage>('/api/admin/accounts', { params: query, signal })).data;
}

export type AccountStatusAction = 'disable' | 'enable';

/** Disables or enables an account; the reason, if given, is kept in the audit log. Answers the account as it now stands. */
export async function setAdminAccountStatus(
  id: string,
  action: AccountStatusAction,
  body: AdminOptionalReason,
): Promise<AdminAccount> {
  return (await client.post<AdminAccount>(`/api/admin/accounts/${encodeURIComponent(id)}/${action}`, body)).data;
}

/** One page of the audit log, newest first, filtered by the admin who acted and the object acted on. */
export async function listAdminActions(query: Partial<AdminAuditQuery>, signal?: AbortSignal): Promise<AdminActionPage> {
  return (await client.get<AdminActionPage>('/api/admin/audit', { params: query, signal })).data;
}

/** One page of every car, the fleet's first, searched and filtered as asked. */
export async function listAdminCars(query: Partial<AdminCarsQuery>, signal?: AbortSignal): Promise<AdminCarPage> {
  return (await client.get<AdminCarPage>('/api/admin/cars', { params: query, signal })).data;
}

export type CarListingAction = 'delist' | 'relist';

/** Takes a car off the marketplace (a reason is required: its owner reads it) or puts it back. Answers the car as it now stands. */
export async function setAdminCarListing(id: string, action: CarListingAction, body: AdminOptionalReason): Promise<AdminCar> {
  return (await client.post<AdminCar>(`/api/admin/cars/${encodeURIComponent(id)}/${action}`, body)).data;
}

/** One page of every booking, newest first, searched and filtered as asked. */
export async function listAdminBookings(query: Partial<AdminBookingsQuery>, signal?: AbortSignal): Promise<AdminBookingPage> {
  return (await client.get<AdminBookingPage>('/api/admin/bookings', { params: query, signal })).data;
}

/** One of the steps the booking's `adminActions` offer; cancelling needs a reason, which its renter and owner read. */
export async function takeAdminBookingStep(id: string, action: BookingAction, body: AdminOptionalReason): Promise<AdminBooking> {
  return (await client.post<AdminBooking>(`/api/admin/bookings/${encodeURIComponent(id)}/${action}`, body)).data;
}

/** One page of every comment, reply and review, newest first, searched and filtered as asked. */
export async function listAdminContent(query: Partial<AdminContentQuery>, signal?: AbortSignal): Promise<AdminContentPage> {
  return (await client.get<AdminContentPage>('/api/admin/comments', { params: query, signal })).data;
}

/** Removes a comment, a reply or a review, each at its own address, with the reason for the audit log. */
export async function removeAdminContent(entry: Pick<AdminContent, 'id' | 'kind'>, body: AdminReason): Promise<AdminContent> {
  const collection = entry.kind === 'review' ? 'reviews' : 'comments';
  return (await client.delete<AdminContent>(`/api/admin/${collection}/${encodeURIComponent(entry.id)}`, { data: body })).data;
}

/** One page of the contact page's messages, newest first, searched and filtered as asked. */
export async function listAdminMessages(
  query: Partial<AdminMessagesQuery>,
  signal?: AbortSignal,
): Promise<AdminContactMessagePage> {
  return (await client.get<AdminContactMessagePage>('/api/admin/messages', { params: query, signal })).data;
}

/** Marks a contact message answered (the answer itself goes by mail); the reason, if given, is kept in the audit log. */
export async function markAdminMessageAnswered(id: string, body: AdminOptionalReason): Promise<AdminContactMessage> {
  return (await client.post<AdminContactMessage>(`/api/admin/messages/${encodeURIComponent(id)}/answered`, body)).data;
}

/** One page of the newsletter's sign-ups, newest first, searched as asked. */
export async function listAdminNewsletter(
  query: Partial<AdminNewsletterQuery>,
  signal?: AbortSignal,
): Promise<AdminNewsletterPage> {
  return (await client.get<AdminNewsletterPage>('/api/admin/newsletter', { params: query, signal })).data;
}

/**
 * Where the browser downloads every sign-up as CSV: a link, not a call, so a long list streams to a
 * file instead of into the page. The client's own base URL, so it is the API's address both when
 * the server serves the app and under the development server.
 */
export const newsletterCsvUrl: string = apiUrl('/api/admin/newsletter.csv');
