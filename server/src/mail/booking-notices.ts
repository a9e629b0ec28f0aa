import { and, asc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { BookingStatus } from '#domain/schemas/bookings';
import type { Database } from '../db/client';
import { accounts, bookings, cars, type AccountRow } from '../db/schema';
import {
  bookingAcceptedMail,
  bookingCancelledMail,
  bookingConfirmedInstantlyMail,
  bookingDeclinedMail,
  bookingExpiredMail,
  bookingRequestedMail,
  keeperCancelledByAdminMail,
  keeperReminderMail,
  ownerNoShowMail,
  renterCancelledByAdminMail,
  renterNoShowMail,
  renterReminderMail,
  type BookingFacts,
  type BookingLinks,
} from './booking-mails';
import { queueMail, type Mail } from './outbox';

type Recipient = Pick<AccountRow, 'email' | 'username' | 'role'>;

/** A booking with everyone a mail about it goes to. */
export interface BookingParties {
  facts: BookingFacts;
  renter: Recipient;
  /** Who answers for the car: its owner, or every admin who is not disabled for a fleet car. */
  keepers: Recipient[];
}

const recipient = { email: accounts.email, username: accounts.username, role: accounts.role };

/** The bookings with their renters and keepers, read in the caller's transaction so they are the rows it just changed. */
export async function partiesOf(tx: Database, bookingIds: string[]): Promise<Map<string, BookingParties>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await tx
    .select({ booking: bookings, car: { carName: cars.carName, kind: cars.kind, ownerId: cars.ownerId }, renter: recipient })
    .from(bookings)
    .innerJoin(cars, eq(cars.id, bookings.carId))
    .innerJoin(accounts, eq(accounts.id, bookings.renterId))
    .where(inArray(bookings.id, bookingIds));
  const ownerIds = [...new Set(rows.flatMap(({ car }) => (car.ownerId ? [car.ownerId] : [])))];
  const owners = new Map(
    ownerIds.length === 0
      ? []
      : (
          await tx
            .select({ id: accounts.id, ...recipient })
            .from(accounts)
            .where(inArray(accounts.id, ownerIds))
        ).map(({ id, ...owner }) => [id, owner] as const),
  );
  const admins = rows.some(({ car }) => car.kind === 'fleet')
    ? await tx
        .select(recipient)
        .from(accounts)
        .where(and(eq(accounts.role, 'admin'), eq(accounts.disabled, false)))
        .orderBy(asc(accounts.createdAt))
    : [];
  return new Map(
    rows.map(({ booking, car, renter }) => {
      const owner = car.ownerId ? owners.get(car.ownerId) : undefined;
      const keepers = car.kind === 'fleet' ? admins : owner ? [owner] : [];
      const facts: BookingFacts = { ...booking, carName: car.carName, renterName: renter.username };
      return [booking.id, { facts, renter, keepers }];
    }),
  );
}

type Compose = (to: Recipient, booking: BookingFacts, links: BookingLinks) => Mail;

/** One side of a booking and the words it is told in. */
type Notice = { to: 'renter' | 'keepers'; mail: Compose };

/**
 * Who hears of each status and in which words: the other party from whoever took the step. A
 * cancellation without a reason is the renter's, so it goes to the car's side.
 */
const NOTICES_OF: Record<BookingStatus, readonly Notice[]> = {
  requested: [{ to: 'keepers', mail: bookingRequestedMail }],
  // Told once the money is taken and the booking is accepted, or not at all when the provider refuses.
  accepting: [],
  accepted: [{ to: 'renter', mail: bookingAcceptedMail }],
  // The clock's, news to no one: neither side took a step, and the owner hears of the money it releases from the payout's mails.
  completed: [],
  declined: [{ to: 'renter', mail: bookingDeclinedMail }],
  expired: [{ to: 'renter', mail: bookingExpiredMail }],
  cancelled: [{ to: 'keepers', mail: bookingCancelledMail }],
  // A no-show is said by one side of the other, who is told.
  no_show_renter: [{ to: 'renter', mail: renterNoShowMail }],
  no_show_owner: [{ to: 'keepers', mail: ownerNoShowMail }],
  // Both sides took part: the second confirmed on their own phone what the first recorded.
  in_trip: [],
  returned: [],
};

/**
 * An admin's cancellation, the only one that carries a reason, was neither side's step: both are
 * told, with the reason. For a fleet car the car's side is the admins, who learn a colleague did it.
 */
const ADMIN_CANCELLATION: readonly Notice[] = [
  { to: 'renter', mail: renterCancelledByAdminMail },
  { to: 'keepers', mail: keeperCancelledByAdminMail },
];

const noticesOf = (status: BookingStatus, facts: BookingFacts) =>
  status === 'cancelled' && facts.cancelReason !== null ? ADMIN_CANCELLATION : NOTICES_OF[status];

/**
 * Queues the mail telling of each status change, in the transaction that made the changes, so a
 * change that rolls back tells no one. A request made in the grace after its start is expired as
 * it is made: nobody could answer it, so its owner is not asked to.
 */
export async function queueStatusMails(
  tx: Database,
  links: BookingLinks,
  changes: readonly { bookingId: string; status: BookingStatus; at: Date }[],
): Promise<void> {
  const parties = await partiesOf(
    tx,
    changes.map(({ bookingId }) => bookingId),
  );
  const mails = changes.flatMap(({ bookingId, status, at }) => {
    const found = parties.get(bookingId);
    if (!found || (status === 'requested' && found.facts.expiresAt <= at)) return [];
    return noticesOf(status, found.facts).flatMap(({ to, mail }) =>
      (to === 'renter' ? [found.renter] : found.keepers).map((person) => mail(person, found.facts, links)),
    );
  });
  await queueMail(tx, mails);
}

/** Queues the mail telling each booking's keepers that it was accepted for them, by instant booking, in the step's transaction. */
export async function queueInstantMails(tx: Database, links: BookingLinks, bookingIds: string[]): Promise<void> {
  const parties = await partiesOf(tx, bookingIds);
  await queueMail(
    tx,
    [...parties.values()].flatMap(({ facts, keepers }) =>
      keepers.map((keeper) => bookingConfirmedInstantlyMail(keeper, facts, links)),
    ),
  );
}

/** How far ahead of a trip its reminder goes out. */
export const REMINDER_AHEAD_MS = 24 * 60 * 60 * 1000;

/** Bookings taken per transaction: a few, so one round never holds many rows another instance could remind of. */
const REMINDER_BATCH = 20;

/**
 * One round of the day-before reminders: every accepted booking beginning within the next 24 hours
 * and not reminded of yet gets a mail to its renter and to its keepers, and is marked reminded in
 * the same transaction. Rows another instance is reminding of are skipped (and, once it commits, no
 * longer due), so each booking is reminded of once however many instances run. Answers how many.
 */
export async function queueDueReminders(db: Database, links: BookingLinks, now: Date): Promise<number> {
  let reminded = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            eq(bookings.status, 'accepted'),
            isNull(bookings.reminderSentAt),
            gt(bookings.startsAt, now),
            lte(bookings.startsAt, new Date(now.getTime() + REMINDER_AHEAD_MS)),
          ),
        )
        .orderBy(asc(bookings.startsAt), asc(bookings.id))
        .limit(REMINDER_BATCH)
        .for('update', { skipLocked: true });
      const ids = due.map(({ id }) => id);
      if (ids.length === 0) return 0;
      await tx.update(bookings).set({ reminderSentAt: now }).where(inArray(bookings.id, ids));
      const parties = await partiesOf(tx, ids);
      await queueMail(
        tx,
        [...parties.values()].flatMap(({ facts, renter, keepers }) => [
          renterReminderMail(renter, facts, links),
          ...keepers.map((keeper) => keeperReminderMail(keeper, facts, links)),
        ]),
      );
      return ids.length;
    });
    reminded += taken;
    if (taken < REMINDER_BATCH) return reminded;
  }
}
