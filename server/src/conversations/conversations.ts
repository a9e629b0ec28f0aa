import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, max, ne, or, sql } from 'drizzle-orm';
import { isTrip } from '#domain/schemas/bookings';
import { bookingNumber } from '#domain/booking-number';
import { maskContactDetails } from '#domain/contact-masking';
import { toIndiaIso } from '#domain/india-time';
import type { BookingMessage, Conversation, ConversationSide, ReportedConversation } from '#domain/schemas/conversations';
import type { NotificationSummary } from '#domain/schemas/notifications';
import { asOf } from '../bookings/status';
import { actorFor, bookingViews, type BookingView, visibleTo } from '../bookings/views';
import { NO_BOOKING_HAS_ID, NO_SUCH_BOOKING_ID } from '../bookings/words';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import {
  accounts,
  bookingMessageMails,
  bookingMessages,
  bookings,
  cars,
  type AccountRow,
  type BookingMessageRow,
} from '../db/schema';
import { HttpError } from '../http/errors';
import { t } from '../i18n';
import { enforceQuota } from '../limits/quotas';
import type { BookingLinks } from '../mail/booking-mails';
import { messagesWaitingMail } from '../mail/booking-mails';
import { partiesOf } from '../mail/booking-notices';
import { queueMail } from '../mail/outbox';

// A booking's one conversation between its renter and whoever answers for its car. Messages are
// stored as sent; contact details in them are masked as the parties read them until the booking is
// accepted (as the receipt's contacts show only then), and shown as sent to the admins.

export const ADMIN_READS_IN_CONSOLE = 'server.conversations.adminReadsInConsole';
export const UNKNOWN_MESSAGE = 'server.conversations.unknownMessage';
export const OWN_MESSAGE = 'server.conversations.ownMessage';
export const NO_OPEN_REPORTS = 'server.conversations.noOpenReports';

/** How long a side hears nothing more by mail after a mail about messages waiting for it. */
export const MESSAGE_MAIL_GAP_MS = 15 * 60 * 1000;

const otherSide = (side: ConversationSide): ConversationSide => (side === 'renter' ? 'carKeeper' : 'renter');

interface Party {
  view: BookingView;
  side: ConversationSide;
  /** Whether contact details stay masked for the parties: until the booking is accepted. */
  contactsHidden: boolean;
}

/**
 * The caller's side of the booking's conversation. A booking the caller cannot see is unknown (404);
 * an admin sees every booking but is a party only to the fleet's, and reads any other from the console (403).
 */
async function partyTo(db: Database, account: AccountRow, bookingId: string, now: Date): Promise<Party> {
  const [view] = await bookingViews(db).where(and(eq(bookings.id, bookingId), visibleTo(db, account)));
  if (!view) throw new HttpError(404, t(NO_SUCH_BOOKING_ID));
  const side = actorFor(account, view);
  if (!side || side === 'admin' || side === 'system') throw new HttpError(403, t(ADMIN_READS_IN_CONSOLE));
  return { view, side, contactsHidden: !isTrip(asOf(view.booking, now).status) };
}

type MessageWithAuthor = { message: BookingMessageRow; author: string };

function toMessage({ message, author }: MessageWithAuthor, contactsHidden: boolean): BookingMessage {
  const shown = contactsHidden ? maskContactDetails(message.body) : { text: message.body, masked: false };
  return {
    id: message.id,
    from: message.side,
    author,
    text: shown.text,
    masked: shown.masked,
    sentAt: toIndiaIso(message.sentAt),
    seenAt: message.seenAt ? toIndiaIso(message.seenAt) : null,
    reported: message.reportedAt !== null,
  };
}

function messagesOf(db: Database, bookingId: string): Promise<MessageWithAuthor[]> {
  return db
    .select({ message: bookingMessages, author: accounts.username })
    .from(bookingMessages)
    .innerJoin(accounts, eq(accounts.id, bookingMessages.senderId))
    .where(eq(bookingMessages.bookingId, bookingId))
    .orderBy(asc(bookingMessages.sentAt), asc(bookingMessages.id));
}

async function conversationFor(db: Database, party: Party): Promise<Conversation> {
  const rows = await messagesOf(db, party.view.booking.id);
  return {
    bookingId: party.view.booking.id,
    you: party.side,
    contactsHidden: party.contactsHidden,
    messages: rows.map((row) => toMessage(row, party.contactsHidden)),
  };
}

/** The booking's conversation as a party reads it, oldest first. Reading marks nothing: markSeen does. */
export async function readConversation(db: Database, account: AccountRow, bookingId: string, now: Date): Promise<Conversation> {
  return conversationFor(db, await partyTo(db, account, bookingId, now));
}

/** The other side's messages the caller has not seen yet become seen at `now`; answers the conversation as it then stands. */
export async function markSeen(db: Database, account: AccountRow, bookingId: string, now: Date): Promise<Conversation> {
  const party = await partyTo(db, account, bookingId, now);
  await db
    .update(bookingMessages)
    .set({ seenAt: now })
    .where(
      and(
        eq(bookingMessages.bookingId, bookingId),
        eq(bookingMessages.side, otherSide(party.side)),
        isNull(bookingMessages.seenAt),
      ),
    );
  return conversationFor(db, party);
}

/**
 * Stores a party's message at `now`, counted against their quota, and mails the other side in the
 * same transaction unless it was mailed within the last quarter of an hour (the round mails it later).
 */
export async function sendMessage(
  db: Database,
  account: AccountRow,
  { bookingId, text }: { bookingId: string; text: string },
  { quota, links, now }: { quota: number; links: BookingLinks; now: Date },
): Promise<BookingMessage> {
  const party = await partyTo(db, account, bookingId, now);
  const row = await db.transaction(async (tx) => {
    await enforceQuota(tx, 'bookingMessages', account.id, quota, now);
    const [stored] = await tx
      .insert(bookingMessages)
      .values({ bookingId, side: party.side, senderId: account.id, body: text, sentAt: now })
      .returning();
    if (!stored) throw new Error('insert returned no message');
    await mailWaitingSides(tx, links, now, bookingId);
    return stored;
  });
  return toMessage({ message: row, author: account.username }, party.contactsHidden);
}

/** A party reports one of the other side's messages to the admins; reporting it again keeps the first report. */
export async function reportMessage(
  db: Database,
  account: AccountRow,
  { bookingId, messageId }: { bookingId: string; messageId: string },
  now: Date,
): Promise<BookingMessage> {
  const party = await partyTo(db, account, bookingId, now);
  const [found] = await db
    .select({ side: bookingMessages.side })
    .from(bookingMessages)
    .where(and(eq(bookingMessages.id, messageId), eq(bookingMessages.bookingId, bookingId)));
  if (!found) throw new HttpError(404, t(UNKNOWN_MESSAGE));
  if (found.side === party.side) throw new HttpError(409, t(OWN_MESSAGE));
  await db
    .update(bookingMessages)
    .set({ reportedAt: now, reportedBy: account.id })
    .where(and(eq(bookingMessages.id, messageId), isNull(bookingMessages.reportedAt)));
  const [row] = (await messagesOf(db, bookingId)).filter(({ message }) => message.id === messageId);
  if (!row) throw new Error('the reported message left');
  return toMessage(row, party.contactsHidden);
}

/**
 * A booking's whole conversation as sent, for an admin looking at the booking in the console: the
 * reading is written to the audit log in the same transaction, so no reading goes unrecorded.
 */
export async function adminReadConversation(
  db: Database,
  admin: AccountRow,
  bookingId: string,
  now: Date,
): Promise<Conversation> {
  const [booking] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new HttpError(404, t(NO_BOOKING_HAS_ID));
  const rows = await db.transaction(async (tx) => {
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: 'booking.read_messages',
      objectType: 'booking',
      objectId: bookingId,
      at: now,
    });
    return messagesOf(tx, bookingId);
  });
  return { bookingId, you: null, contactsHidden: false, messages: rows.map((row) => toMessage(row, false)) };
}

/**
 * An admin closes a conversation's open reports, having dealt with them (a word with a side, an
 * account disabled): they leave the console's list, and the reason is kept in the audit log in the
 * same transaction. A report made later opens the conversation again. Answers how many it closed.
 */
export async function closeReports(
  db: Database,
  admin: AccountRow,
  { bookingId, reason }: { bookingId: string; reason: string },
  now: Date,
): Promise<{ closedReports: number }> {
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(bookingMessages)
      .set({ reportClosedAt: now, reportClosedBy: admin.id })
      .where(
        and(
          eq(bookingMessages.bookingId, bookingId),
          isNotNull(bookingMessages.reportedAt),
          isNull(bookingMessages.reportClosedAt),
        ),
      )
      .returning({ id: bookingMessages.id });
    if (closed.length === 0) {
      const [booking] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, bookingId));
      throw booking ? new HttpError(409, t(NO_OPEN_REPORTS)) : new HttpError(404, t(NO_BOOKING_HAS_ID));
    }
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: 'booking.close_reports',
      objectType: 'booking',
      objectId: bookingId,
      reason,
      after: { closedReports: closed.length },
      at: now,
    });
    return { closedReports: closed.length };
  });
}

/** The most conversations the console lists at once: open reports are few, and the oldest wait for the newest to be closed. */
export const REPORTED_LIST_MAX = 200;

/** The conversations with a report no admin has closed, the latest report first. */
export async function listReportedConversations(db: Database): Promise<ReportedConversation[]> {
  const lastReportedAt = max(bookingMessages.reportedAt);
  const rows = await db
    .select({
      bookingId: bookings.id,
      number: bookings.number,
      carName: cars.carName,
      renter: accounts.username,
      reportedMessages: count(),
      lastReportedAt,
    })
    .from(bookingMessages)
    .innerJoin(bookings, eq(bookings.id, bookingMessages.bookingId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(accounts, eq(accounts.id, bookings.renterId))
    .where(and(isNotNull(bookingMessages.reportedAt), isNull(bookingMessages.reportClosedAt)))
    .groupBy(bookings.id, cars.carName, accounts.username)
    .orderBy(desc(lastReportedAt), desc(bookings.id))
    .limit(REPORTED_LIST_MAX);
  return rows.flatMap(({ number, lastReportedAt: last, ...row }) =>
    last ? [{ ...row, bookingNumber: bookingNumber(number), lastReportedAt: toIndiaIso(last) }] : [],
  );
}

/**
 * Messages waiting for the account: the other side's unseen messages in the conversations it is a
 * party to; and the booking whose conversation holds the oldest of them, where the header leads.
 */
export async function unreadMessagesFor(
  db: Database,
  account: AccountRow,
): Promise<Pick<NotificationSummary, 'unreadMessages' | 'unreadMessagesIn'>> {
  const party =
    account.role === 'user'
      ? and(eq(bookings.renterId, account.id), eq(bookingMessages.side, 'carKeeper'))
      : and(account.role === 'admin' ? eq(cars.kind, 'fleet') : eq(cars.ownerId, account.id), eq(bookingMessages.side, 'renter'));
  const unread = await db
    .select({ bookingId: bookingMessages.bookingId, n: sql<number>`(count(*) over ())::int` })
    .from(bookingMessages)
    .innerJoin(bookings, eq(bookings.id, bookingMessages.bookingId))
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .where(and(isNull(bookingMessages.seenAt), party))
    .orderBy(asc(bookingMessages.sentAt), asc(bookingMessages.id))
    .limit(1);
  const [oldest] = unread;
  return { unreadMessages: oldest?.n ?? 0, unreadMessagesIn: oldest?.bookingId ?? null };
}

/**
 * Mails each side that has unseen messages sent since it was last mailed, unless that mail went out
 * within MESSAGE_MAIL_GAP_MS: at most one mail a quarter of an hour per side while messages stay
 * unread. Only `bookingId`'s conversation when given (a message just sent), else every one (the
 * round). Claiming the side's mail time is one conditional upsert, so two instances never both mail it.
 */
export async function mailWaitingSides(db: Database, links: BookingLinks, now: Date, bookingId?: string): Promise<number> {
  const gapStart = new Date(now.getTime() - MESSAGE_MAIL_GAP_MS);
  const recipient = sql<ConversationSide>`case ${bookingMessages.side} when 'renter' then 'carKeeper' else 'renter' end`;
  const waiting = await db
    .select({ bookingId: bookingMessages.bookingId, side: recipient, unread: count() })
    .from(bookingMessages)
    .leftJoin(
      bookingMessageMails,
      and(eq(bookingMessageMails.bookingId, bookingMessages.bookingId), ne(bookingMessageMails.side, bookingMessages.side)),
    )
    .where(
      and(
        bookingId ? eq(bookingMessages.bookingId, bookingId) : undefined,
        isNull(bookingMessages.seenAt),
        or(isNull(bookingMessageMails.mailedAt), lte(bookingMessageMails.mailedAt, gapStart)),
      ),
    )
    .groupBy(bookingMessages.bookingId, recipient, bookingMessageMails.mailedAt)
    // Something new since the last mail: what it told of is not told again.
    .having(or(isNull(bookingMessageMails.mailedAt), gt(max(bookingMessages.sentAt), bookingMessageMails.mailedAt)));
  if (waiting.length === 0) return 0;
  const parties = await partiesOf(db, [...new Set(waiting.map((row) => row.bookingId))]);
  let mailed = 0;
  for (const { bookingId: id, side, unread } of waiting) {
    const found = parties.get(id);
    const [claimed] = await db
      .insert(bookingMessageMails)
      .values({ bookingId: id, side, mailedAt: now })
      .onConflictDoUpdate({
        target: [bookingMessageMails.bookingId, bookingMessageMails.side],
        set: { mailedAt: now },
        setWhere: lte(bookingMessageMails.mailedAt, gapStart),
      })
      .returning({ side: bookingMessageMails.side });
    if (!claimed || !found) continue;
    const people = side === 'renter' ? [found.renter] : found.keepers;
    const as = side === 'renter' ? 'renter' : 'keeper';
    await queueMail(
      db,
      people.map((person) => messagesWaitingMail(person, as, found.facts, unread, links)),
      now,
    );
    mailed += 1;
  }
  return mailed;
}
