import { z } from 'zod';
import { BOOKING_MESSAGE_MAX } from '../limits';
import { id, isoInstant, writtenText } from './fields';

/** The two sides of a booking's conversation: the renter, and whoever answers for the car (its owner; the admins for a fleet car). */
export const ConversationSide = z.enum(['renter', 'carKeeper']);
export type ConversationSide = z.output<typeof ConversationSide>;

/** `POST /api/bookings/{id}/messages`: text only, 1 to 2,000 characters once trimmed. */
export const NewBookingMessage = z.object({ text: writtenText('checks.field.bookingMessage', BOOKING_MESSAGE_MAX) });
export type NewBookingMessage = z.input<typeof NewBookingMessage>;

export const BookingMessageParams = z.object({ id, messageId: id });

export const BookingMessage = z
  .object({
    id: z.string(),
    from: ConversationSide,
    author: z.string().meta({ description: "The sender's username." }),
    text: z.string().meta({
      description:
        'What was sent; to the parties, while the booking is not accepted, with phone numbers and email addresses replaced by `•••`.',
    }),
    masked: z
      .boolean()
      .meta({ description: 'Whether contact details in it are hidden from the reader until the booking is accepted.' }),
    sentAt: isoInstant,
    seenAt: isoInstant.nullable().meta({ description: 'When the other side first read it; null while unread.' }),
    reported: z.boolean().meta({ description: 'Whether a party reported it to the admins.' }),
  })
  .meta({ id: 'BookingMessage' });
export type BookingMessage = z.output<typeof BookingMessage>;

/** A booking's one conversation, oldest message first (the newest at the bottom). */
export const Conversation = z
  .object({
    bookingId: z.string(),
    you: ConversationSide.nullable().meta({ description: "The reader's side; null for an admin reading from the console." }),
    contactsHidden: z.boolean().meta({
      description: 'True until the booking is accepted: contact details typed into messages are masked for the parties.',
    }),
    messages: z.array(BookingMessage),
  })
  .meta({ id: 'Conversation' });
export type Conversation = z.output<typeof Conversation>;

/** A conversation a party reported a message of, as the console lists them: the latest report first. */
export const ReportedConversation = z
  .object({
    bookingId: z.string(),
    bookingNumber: z.string(),
    carName: z.string(),
    renter: z.string(),
    reportedMessages: z.int().min(1),
    lastReportedAt: isoInstant,
  })
  .meta({ id: 'ReportedConversation' });
export type ReportedConversation = z.output<typeof ReportedConversation>;

/** What closing a conversation's reports did. */
export const ClosedReports = z
  .object({ closedReports: z.int().min(1).meta({ description: 'The open reports closed: every one the conversation had.' }) })
  .meta({ id: 'ClosedReports' });
export type ClosedReports = z.output<typeof ClosedReports>;
