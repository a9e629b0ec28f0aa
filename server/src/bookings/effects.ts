import { and, eq, ne } from 'drizzle-orm';
import type { BookingActor, BookingEffect, TripKind } from '#domain/booking-states';
import { cancellationRefund } from '#domain/cancellation';
import type { SplitRates } from '#domain/booking-split';
import { REASON_MISSING } from '#domain/schemas/admin';
import { checkWords } from '../http/check-words';
import { BookingAction, type BookingStatus } from '#domain/schemas/bookings';
import { acceptedBookingOverlaps, bookingOverlaps } from '../cars/public-cars';
import type { Clock } from '../clock/clock';
import type { GstConfig } from '../config';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { bookings, cars, type BookingRow } from '../db/schema';
import { postCapture, postPickupShare, releaseEarnings, reversePickupShare } from '../ledger/booking-postings';
import { nextInvoiceNumber } from '../ledger/tax-documents';
import { HttpError } from '../http/errors';
import type { BookingLinks } from '../mail/booking-mails';
import { queueInstantMails } from '../mail/booking-notices';
import { paymentRequired, type PaymentProviders } from '../payments/provider';
import { settlePayments } from '../payments/settle-payments';
import { payRouteShare, sendRouteShares } from '../payouts/route-transfers';
import type { FastifyBaseLogger } from 'fastify';
import { recordStatus } from './status';
import { ALREADY_BOOKED, OVERTAKEN, UNPAID_ACCEPT } from './words';
import { t } from '../i18n';

/** What a step is: a person's action, or one the clock takes (a request's expiry, a booking's completion, an owner's earnings' release). */
export type StepAction = BookingAction | 'expire' | 'complete' | 'release' | TripKind;

/** What a step's effects work on: the booking as it stood before the step, and what the step makes of it. */
export interface StepWrite {
  tx: Database;
  booking: BookingRow;
  from: BookingStatus;
  to: BookingStatus;
  action: StepAction;
  /** Whom the table let take the step; undefined for the clock's. */
  who: BookingActor | undefined;
  /** Whose cancellation the policy prices the step as, when not `who`'s (the table's `refundAs`). */
  refundAs: BookingActor | undefined;
  /** Who took the step, when a person did (the clock takes expiry), and whether they did it as an admin. */
  takenBy: { accountId: string; asAdmin: boolean } | undefined;
  reason: string | undefined;
  /** Whether the reason is for the booking's parties to read: a party's own, not the console's (kept in the audit log). */
  reasonShown: boolean;
  /** When the new status took effect: now, or for an expiry or a completion the moment it was due. */
  at: Date;
  now: Date;
  /** Whether this step's provider effect has moved the money (a capture done). */
  moneyMoved: boolean;
  /** Whether the hold after a completion has passed, so the completion releases the owner's share itself. */
  releaseDue: boolean;
  gst: GstConfig | undefined;
  /** The rates a booking whose money moves is split at; the expiry, which moves none, has none. */
  rates: SplitRates | undefined;
  links: BookingLinks;
}

/** Columns of the booking a step's update writes. */
export type StepFields = Partial<
  Pick<
    BookingRow,
    | 'paymentStatus'
    | 'invoiceNumber'
    | 'cancelReason'
    | 'declineReason'
    | 'cancelledBy'
    | 'refundBasePaise'
    | 'refundTaxPaise'
    | 'earningsReleasedAt'
    | 'completesAt'
  >
>;

/** What the server runs after the commit: the providers, and the bookings whose money a step left to move. */
export interface AfterCommit {
  db: Database;
  payments: PaymentProviders;
  log: FastifyBaseLogger;
  clock: Clock;
}

/**
 * The handler of one effect. Which of its parts runs follows the effect's phase in BOOKING_EFFECTS:
 * `check` before anything is written, `provider` outside any transaction, `fields` and `apply` in the
 * transaction that writes the new status (`fields` before the row is updated, `apply` after it, answering
 * the other bookings it changed), `after` once that transaction has committed.
 */
export interface EffectHandler {
  check?(step: StepWrite, payments: PaymentProviders): Promise<void>;
  /** Whether the provider must be asked for this booking (money is held for it). */
  needsProvider?(booking: BookingRow): boolean;
  provider?(payments: PaymentProviders, booking: BookingRow): Promise<void>;
  fields?(step: StepWrite): Promise<StepFields> | StepFields;
  apply?(step: StepWrite): Promise<string[]>;
  after?(work: AfterCommit, bookingIds: readonly string[]): Promise<void>;
}

const moneyHeld = (booking: BookingRow) => booking.paymentStatus === 'held' && booking.paymentRef !== null;

/**
 * Whether the step releases the owner's share: the release always (it marked the booking first); a
 * completion where the hold after it has passed and money taken is still pending (a booking paid at
 * pickup has none, and one a former rule released keeps its one release).
 */
function releasesNow({ action, booking, releaseDue }: StepWrite): boolean {
  if (action === 'release') return true;
  return releaseDue && booking.paymentStatus === 'captured' && booking.earningsReleasedAt === null;
}

async function declineOverlapping({ tx, booking, now, links }: StepWrite): Promise<string[]> {
  const overtaken = await tx
    .update(bookings)
    .set({ status: 'declined', declineReason: t(OVERTAKEN), updatedAt: now })
    .where(
      and(
        bookingOverlaps(booking.carId, 'requested', { from: booking.startsAt, to: booking.endsAt }),
        ne(bookings.id, booking.id),
      ),
    )
    .returning({ bookingId: bookings.id });
  await recordStatus(
    tx,
    overtaken.map(({ bookingId }) => ({ bookingId, status: 'declined' as const, at: now })),
    links,
  );
  return overtaken.map(({ bookingId }) => bookingId);
}

/** A step a person chooses, as an admin may in the console: not the clock's, nor a trip record's confirmation. */
const isChosenStep = (action: StepAction): action is BookingAction => BookingAction.safeParse(action).success;

async function auditAdmin(step: StepWrite): Promise<string[]> {
  const { takenBy, booking, action, from, to, moneyMoved } = step;
  if (!takenBy?.asAdmin || !isChosenStep(action)) return [];
  // Money held is taken within the step; letting it go or giving it back happens after the commit, so
  // the row shows the payment only where the step's own transaction changed it.
  await recordAdminAction(step.tx, {
    adminId: takenBy.accountId,
    action: `booking.${action}`,
    objectType: 'booking',
    objectId: booking.id,
    reason: step.reason,
    before: { status: from, ...(moneyMoved ? { paymentStatus: booking.paymentStatus } : {}) },
    after: { status: to, ...(moneyMoved ? { paymentStatus: 'captured' } : {}) },
    at: step.now,
  });
  return [];
}

/** Every effect's handler: the process table names effects, and these carry them out. */
export const EFFECT_HANDLERS: Record<BookingEffect, EffectHandler> = {
  reservePeriod: {
    async check({ tx, booking }) {
      const [clash] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(
          and(
            acceptedBookingOverlaps(booking.carId, { from: booking.startsAt, to: booking.endsAt }),
            ne(bookings.id, booking.id),
          ),
        )
        .limit(1);
      if (clash) throw new HttpError(409, t(ALREADY_BOOKED));
    },
  },
  capture: {
    // A request sent before payment was required, or before its car stopped taking payment at pickup,
    // cannot become a booking nobody paid for: the owner declines it, or lets the car be paid at pickup.
    async check({ tx, booking }, payments) {
      if (booking.paymentStatus !== 'none' || !paymentRequired(payments)) return;
      const [car] = await tx.select({ payAtPickup: cars.payAtPickup }).from(cars).where(eq(cars.id, booking.carId));
      if (!car?.payAtPickup) throw new HttpError(402, t(UNPAID_ACCEPT));
    },
    needsProvider: moneyHeld,
    async provider(payments, booking) {
      const holder = booking.paymentProvider ? payments.provider(booking.paymentProvider) : null;
      if (!holder || !booking.paymentRef) throw new Error('capture asked of a booking whose provider is off');
      await holder.capture(booking.paymentRef, booking.amountPaise);
    },
    fields: ({ moneyMoved }) => (moneyMoved ? { paymentStatus: 'captured' } : {}),
  },
  issueInvoice: {
    // A tax invoice only where money was taken, the booking was taxed and the seller's registration is known.
    async fields({ tx, moneyMoved, gst, booking, now }) {
      return moneyMoved && gst && booking.taxLines.length > 0 ? { invoiceNumber: await nextInvoiceNumber(tx, now) } : {};
    },
  },
  declineOverlapping: { apply: declineOverlapping },
  storeReason: {
    // The stored reason is what tells the renter, the owner and their badges that the cancellation was an admin's.
    async check({ reason }) {
      if (!reason) throw new HttpError(400, checkWords(REASON_MISSING));
    },
    fields: ({ reason }) => (reason ? { cancelReason: reason } : {}),
  },
  storeDeclineReason: {
    fields: ({ reason, reasonShown }) => (reason && reasonShown ? { declineReason: reason } : {}),
  },
  recordEvent: {
    async apply({ tx, booking, to, at, links }) {
      await recordStatus(tx, [{ bookingId: booking.id, status: to, at }], links);
      return [];
    },
  },
  tellKeepers: {
    async apply({ tx, booking, links }) {
      await queueInstantMails(tx, links, [booking.id]);
      return [];
    },
  },
  auditAdmin: { apply: auditAdmin },
  postEarnings: {
    async apply({ tx, booking, moneyMoved, rates, now }) {
      if (!rates) throw new Error('earnings posted with no rates to split them at');
      if (moneyMoved) await postCapture(tx, booking, rates, now);
      else if (booking.paymentStatus === 'none') await postPickupShare(tx, booking, rates, now);
      return [];
    },
  },
  fixRefund: {
    fields({ booking, who, refundAs, from, now }) {
      if (!who || who === 'system') throw new Error('a cancellation with no one taking it');
      if (booking.paymentStatus !== 'captured') return { cancelledBy: who };
      const policy =
        booking.freeCancelHours !== null && booking.lateCancelRefundBps !== null
          ? { freeCancelHours: booking.freeCancelHours, lateRefundBps: booking.lateCancelRefundBps }
          : null;
      const refund = cancellationRefund(policy, booking, { from: booking.startsAt }, now, refundAs ?? who, from);
      return { cancelledBy: who, refundBasePaise: refund.basePaise, refundTaxPaise: refund.taxPaise };
    },
  },
  reverseEarnings: {
    async apply({ tx, booking, now }) {
      await reversePickupShare(tx, booking, now);
      return [];
    },
  },
  releaseEarnings: {
    fields: (step) => (step.action !== 'release' && releasesNow(step) ? { earningsReleasedAt: step.now } : {}),
    async apply(step) {
      if (releasesNow(step)) await releaseEarnings(step.tx, step.booking.id, step.now);
      return [];
    },
  },
  settleMoney: {
    after: ({ db, payments, log, clock }, bookingIds) => settlePayments(db, payments, log, clock.now(), bookingIds),
  },
  transferOwnerShare: {
    async after({ db, payments, log, clock }, bookingIds) {
      if (payments.route) await sendRouteShares({ db, route: payments.route, log, now: clock.now() }, bookingIds);
    },
  },
  payRouteShare: {
    async apply(step) {
      if (releasesNow(step)) await payRouteShare(step.tx, step.booking.id, step.now);
      return [];
    },
  },
  restartClaimWindow: {
    // The window in force when the booking was requested is what its stored completion sits past the end.
    fields({ booking, at }) {
      const windowMs = booking.completesAt ? booking.completesAt.getTime() - booking.endsAt.getTime() : 0;
      return { completesAt: new Date(at.getTime() + windowMs) };
    },
  },
};
