import { z } from 'zod';

/**
 * What the header's badges count for the signed-in account, asked afresh each time (never cached):
 * an owner's (or, for the fleet, an admin's) requests still waiting for an answer, and a renter's
 * bookings whose status someone else changed since they last opened My bookings; and, for everyone,
 * the messages waiting for them in their bookings' conversations.
 */
export const NotificationSummary = z
  .object({
    requestsAwaitingAnswer: z.int().min(0).meta({
      description:
        "Requests for the caller's cars (an admin: the fleet's) that are still `requested` and not yet due to expire; 0 for a renter.",
    }),
    bookingUpdates: z.int().min(0).meta({
      description:
        "The renter's bookings that were accepted, declined or expired since they last marked their bookings seen; 0 for an owner or admin.",
    }),
    unreadMessages: z.int().min(0).meta({
      description:
        "Messages the other side of the caller's bookings sent that the caller has not marked seen (an admin: those of the fleet's bookings).",
    }),
    unreadMessagesIn: z.string().nullable().meta({
      description:
        "The booking whose conversation holds the oldest of those messages, where the header's link leads; null when none waits.",
    }),
  })
  .meta({ id: 'NotificationSummary' });
export type NotificationSummary = z.output<typeof NotificationSummary>;
