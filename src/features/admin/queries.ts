import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '../../domain/schemas/answers';
import type {
  AdminAccountsQuery,
  AdminAuditQuery,
  AdminBookingsQuery,
  AdminCarsQuery,
  AdminContent,
  AdminContentQuery,
  AdminMessagesQuery,
  AdminNewsletterQuery,
} from '../../domain/schemas/admin';
import type { BookingAction } from '../../domain/schemas/bookings';
import { blogKeys } from '../../entities/blog/keys';
import { bookingsKey } from '../../entities/booking/keys';
import { carKeys } from '../../entities/car/keys';
import { notificationsKey } from '../../entities/notification/keys';
import {
  getAdminOverview,
  listAdminAccounts,
  listAdminActions,
  listAdminBookings,
  listAdminCars,
  listAdminContent,
  listAdminMessages,
  listAdminNewsletter,
  markAdminMessageAnswered,
  removeAdminContent,
  setAdminAccountStatus,
  setAdminCarListing,
  takeAdminBookingStep,
  type AccountStatusAction,
  type CarListingAction,
} from './api';
import { BOOKING_STEP_REASON, CAR_LISTING_REASON, reasonBody, requiredReason } from './reason';

/** Under one root, so an action makes every console list and count stale at once. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  accounts: (query: Partial<AdminAccountsQuery>) => ['admin', 'accounts', query] as const,
  audit: (query: Partial<AdminAuditQuery>) => ['admin', 'audit', query] as const,
  cars: (query: Partial<AdminCarsQuery>) => ['admin', 'cars', query] as const,
  bookings: (query: Partial<AdminBookingsQuery>) => ['admin', 'bookings', query] as const,
  content: (query: Partial<AdminContentQuery>) => ['admin', 'content', query] as const,
  messages: (query: Partial<AdminMessagesQuery>) => ['admin', 'messages', query] as const,
  newsletter: (query: Partial<AdminNewsletterQuery>) => ['admin', 'newsletter', query] as const,
};

export function useAdminOverview() {
  return useQuery({ queryKey: adminKeys.overview, queryFn: ({ signal }) => getAdminOverview(signal) });
}

// The page on screen stays while the next page or filter loads, so the table never flashes a spinner.
export function useAdminList<Q, T>(queryKey: QueryKey, list: (query: Q, signal: AbortSignal) => Promise<T>, query: Q) {
  return useQuery({ queryKey, queryFn: ({ signal }) => list(query, signal), placeholderData: keepPreviousData });
}

export const useAdminAccounts = (query: Partial<AdminAccountsQuery>) =>
  useAdminList(adminKeys.accounts(query), listAdminAccounts, query);
export const useAdminActions = (query: Partial<AdminAuditQuery>) => useAdminList(adminKeys.audit(query), listAdminActions, query);
export const useAdminCars = (query: Partial<AdminCarsQuery>) => useAdminList(adminKeys.cars(query), listAdminCars, query);
export const useAdminBookings = (query: Partial<AdminBookingsQuery>) =>
  useAdminList(adminKeys.bookings(query), listAdminBookings, query);
export const useAdminContent = (query: Partial<AdminContentQuery>) =>
  useAdminList(adminKeys.content(query), listAdminContent, query);
export const useAdminMessages = (query: Partial<AdminMessagesQuery>) =>
  useAdminList(adminKeys.messages(query), listAdminMessages, query);
export const useAdminNewsletter = (query: Partial<AdminNewsletterQuery>) =>
  useAdminList(adminKeys.newsletter(query), listAdminNewsletter, query);

/** The admins a filter offers to choose from: a handful in practice, so one page of the most a page holds. */
export const adminsQuery: Partial<AdminAccountsQuery> = { role: 'admin', pageSize: PAGE_SIZE_MAX };

export function useAdmins() {
  return useQuery({ queryKey: adminKeys.accounts(adminsQuery), queryFn: ({ signal }) => listAdminAccounts(adminsQuery, signal) });
}

/**
 * An admin action. The console's lists, counts and audit log are loaded again before it is reported
 * done, with whatever else outside the console it made stale (`alsoStale`).
 */
export function useAdminAction<V, R>(mutationFn: (variables: V) => Promise<R>, alsoStale: readonly QueryKey[] = []) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all([adminKeys.all, ...alsoStale].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** Which object an action is on, which of its steps, and the reason as the dialog gave it. */
export interface AdminStep<A> {
  id: string;
  action: A;
  reason?: string;
}

/** Disable or enable an account: a disabled owner's cars leave the public list, so the cached car lists are stale too. */
export const useSetAccountStatus = () =>
  useAdminAction(
    ({ id, action, reason }: AdminStep<AccountStatusAction>) => setAdminAccountStatus(id, action, reasonBody('optional', reason)),
    [carKeys.all],
  );

/** Delist or relist a car: the public car lists change, and delisting declines the car's open requests. */
export const useSetCarListing = () =>
  useAdminAction(
    ({ id, action, reason }: AdminStep<CarListingAction>) =>
      setAdminCarListing(id, action, reasonBody(CAR_LISTING_REASON[action], reason)),
    [carKeys.all, bookingsKey, notificationsKey],
  );

/** Accept, decline or cancel a booking: as a step from Rental requests, it changes the booking lists, when the car is free and what waits for an answer. */
export const useAdminBookingStep = () =>
  useAdminAction(
    ({ id, action, reason }: AdminStep<BookingAction>) =>
      takeAdminBookingStep(id, action, reasonBody(BOOKING_STEP_REASON[action], reason)),
    [bookingsKey, carKeys.all, notificationsKey],
  );

/** Remove a comment, a reply or a review: a post's comments and a car's reviews (kept under the cars' key) change. */
export const useRemoveContent = () =>
  useAdminAction(
    ({ entry, reason }: { entry: Pick<AdminContent, 'id' | 'kind'>; reason?: string }) =>
      removeAdminContent(entry, requiredReason(reason)),
    [blogKeys.allComments, carKeys.all],
  );

/** Mark a contact message answered: only the console shows messages. */
export const useMarkMessageAnswered = () =>
  useAdminAction(({ id, reason }: { id: string; reason?: string }) =>
    markAdminMessageAnswered(id, reasonBody('optional', reason)),
  );
