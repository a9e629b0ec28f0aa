import { eq } from 'drizzle-orm';
import { bookingSplit, FLEET_RATES, splitOf, type BookingSplit, type SplitRates } from '#domain/booking-split';
import type { PaymentProvider } from '#domain/schemas/bookings';
import type { Database } from '../db/client';
import { bookings, cars, type BookingRow, type LedgerAccount } from '../db/schema';
import { type Entry, postedUnder, postJournal } from './journal';

/**
 * A booking's money in the ledger. Its capture is received by the provider and owed onward: GST to
 * the government, the commission to the platform, tax withheld, and the rest to the car's owner,
 * pending until the process releases it (`available`). A refund reverses whatever the capture and
 * release posted, in one journal; a booking paid at pickup leaves the owner owing the platform's share.
 */

/** The ledger's key for each of a booking's movements: one of each, however often a step or sweep retries. */
export const bookingJournalKey = {
  capture: (bookingId: string) => `capture:${bookingId}`,
  release: (bookingId: string) => `release:${bookingId}`,
  refund: (bookingId: string) => `refund:${bookingId}`,
  pickupShare: (bookingId: string) => `pickup-share:${bookingId}`,
  pickupShareReversed: (bookingId: string) => `pickup-share-reversed:${bookingId}`,
};

const RECEIVED: Record<PaymentProvider, LedgerAccount> = { stripe: 'received.stripe', razorpay: 'received.razorpay' };

/** Whose car a booking is of: its owner, or null for the fleet's. */
async function ownerOf(tx: Database, booking: Pick<BookingRow, 'carId'>): Promise<string | null> {
  const [car] = await tx.select({ ownerId: cars.ownerId }).from(cars).where(eq(cars.id, booking.carId));
  return car?.ownerId ?? null;
}

/** The rates a booking is split at: the fleet's are all the platform's. */
const ratesFor = (ownerId: string | null, rates: SplitRates): SplitRates => (ownerId ? rates : FLEET_RATES);

async function storeRates(tx: Database, bookingId: string, rates: SplitRates): Promise<void> {
  await tx.update(bookings).set({ commissionBps: rates.commissionBps, tdsBps: rates.tdsBps }).where(eq(bookings.id, bookingId));
}

/**
 * Posts the money a provider took for a booking, at `rates` (the fleet's at the whole), and stores
 * the rates on it. Run in the transaction that stores the capture.
 */
export async function postCapture(tx: Database, booking: BookingRow, rates: SplitRates, at: Date): Promise<void> {
  if (!booking.paymentProvider) throw new Error(`booking ${booking.id} was captured with no provider`);
  const ownerId = await ownerOf(tx, booking);
  const applied = ratesFor(ownerId, rates);
  const split = bookingSplit(booking, applied);
  await storeRates(tx, booking.id, applied);
  await postJournal(tx, {
    key: bookingJournalKey.capture(booking.id),
    cause: 'booking',
    bookingId: booking.id,
    memo: 'Payment taken',
    postedAt: at,
    entries: [
      { account: RECEIVED[booking.paymentProvider], amountPaise: split.amountPaise },
      { account: 'gst.payable', amountPaise: -split.taxPaise },
      { account: 'platform.revenue', amountPaise: -split.platformPaise },
      { account: 'tds.payable', amountPaise: -split.tdsPaise },
      ...(ownerId ? [{ account: 'owner.pending' as const, ownerId, amountPaise: -split.ownerNetPaise }] : []),
    ],
  });
}

/**
 * A listed car's booking accepted without money taken by the platform (paid at pickup, or sent while
 * payments were off): its owner collects the whole from the renter, so owes the platform its share,
 * taken from their next earnings. Run in the accept's transaction; nothing for the fleet's.
 */
export async function postPickupShare(tx: Database, booking: BookingRow, rates: SplitRates, at: Date): Promise<void> {
  const ownerId = await ownerOf(tx, booking);
  if (!ownerId) return;
  const split = bookingSplit(booking, rates);
  await storeRates(tx, booking.id, { commissionBps: rates.commissionBps, tdsBps: 0 });
  await postJournal(tx, {
    key: bookingJournalKey.pickupShare(booking.id),
    cause: 'booking',
    bookingId: booking.id,
    memo: "Platform's share of a booking paid at pickup",
    postedAt: at,
    entries: [
      { account: 'owner.available', ownerId, amountPaise: split.platformPaise },
      { account: 'platform.revenue', amountPaise: -split.platformPaise },
    ],
  });
}

/** Posts, under `key`, the exact opposite of what the journals under `reversedKeys` posted together (nothing when they posted nothing). */
async function reverse(
  tx: Database,
  reversedKeys: readonly string[],
  journal: { key: string; cause: 'booking' | 'refund'; bookingId: string; memo: string; postedAt: Date },
): Promise<void> {
  const sums = await postedUnder(tx, reversedKeys);
  const entries: Entry[] = sums.map(({ account, ownerId, amountPaise }) => ({ account, ownerId, amountPaise: -amountPaise }));
  await postJournal(tx, { ...journal, entries });
}

type RefundedBooking = Pick<
  BookingRow,
  'id' | 'total' | 'taxPaise' | 'amountPaise' | 'refundBasePaise' | 'refundTaxPaise' | 'commissionBps' | 'tdsBps'
>;

/** What a cancelled booking's refund gives back, of the price before tax and of its tax: what its cancellation fixed, or the whole. */
export function refundParts(
  booking: Pick<BookingRow, 'total' | 'taxPaise' | 'amountPaise' | 'refundBasePaise' | 'refundTaxPaise'>,
): { basePaise: number; taxPaise: number; amountPaise: number; whole: boolean } {
  const basePaise = booking.refundBasePaise ?? booking.total * 100;
  const taxPaise = booking.refundBasePaise === null ? booking.taxPaise : (booking.refundTaxPaise ?? 0);
  const amountPaise = basePaise + taxPaise;
  return { basePaise, taxPaise, amountPaise, whole: amountPaise === booking.amountPaise };
}

/** The part of a captured booking a partial refund gives back, split as its capture was, at the rates stored on it. */
export function refundSplit(booking: RefundedBooking): BookingSplit {
  const { basePaise, taxPaise } = refundParts(booking);
  if (booking.commissionBps === null) throw new Error(`booking ${booking.id} was refunded with no rates stored`);
  return splitOf(basePaise, taxPaise, { commissionBps: booking.commissionBps, tdsBps: booking.tdsBps ?? 0 });
}

/**
 * What a partial refund leaves of a captured booking's split: the capture's parts less the refund's,
 * part by part, as the ledger holds them (splitting the kept amount afresh could round a paisa apart).
 */
export function keptSplit(booking: RefundedBooking): BookingSplit {
  const rates = { commissionBps: booking.commissionBps ?? 0, tdsBps: booking.tdsBps ?? 0 };
  const whole = bookingSplit(booking, rates);
  const back = refundSplit(booking);
  return {
    grossPaise: whole.grossPaise - back.grossPaise,
    taxPaise: whole.taxPaise - back.taxPaise,
    amountPaise: whole.amountPaise - back.amountPaise,
    platformPaise: whole.platformPaise - back.platformPaise,
    ownerSharePaise: whole.ownerSharePaise - back.ownerSharePaise,
    tdsPaise: whole.tdsPaise - back.tdsPaise,
    ownerNetPaise: whole.ownerNetPaise - back.ownerNetPaise,
  };
}

/**
 * A refund of a captured booking. A whole one reverses the capture, the owner's share from wherever it
 * stands (pending, or available once released; paid out already, it leaves a negative balance). A
 * partial one (a late cancellation) reverses the refunded share only, split as the capture was, from
 * the owner's pending share: the kept part stays the platform's and the owner's. Run in the
 * transaction that stores the refund.
 */
export async function postRefund(
  tx: Database,
  booking: RefundedBooking & Pick<BookingRow, 'carId' | 'paymentProvider'>,
  at: Date,
): Promise<void> {
  const journal = { key: bookingJournalKey.refund(booking.id), cause: 'refund' as const, bookingId: booking.id, postedAt: at };
  if (refundParts(booking).whole) {
    await reverse(tx, [bookingJournalKey.capture(booking.id), bookingJournalKey.release(booking.id)], {
      ...journal,
      memo: 'Payment refunded',
    });
    return;
  }
  if (!booking.paymentProvider) throw new Error(`booking ${booking.id} was refunded with no provider`);
  const ownerId = await ownerOf(tx, booking);
  const split = refundSplit(booking);
  await postJournal(tx, {
    ...journal,
    memo: 'Payment partly refunded (late cancellation)',
    entries: [
      { account: RECEIVED[booking.paymentProvider], amountPaise: -split.amountPaise },
      { account: 'gst.payable', amountPaise: split.taxPaise },
      { account: 'platform.revenue', amountPaise: split.platformPaise },
      { account: 'tds.payable', amountPaise: split.tdsPaise },
      ...(ownerId ? [{ account: 'owner.pending' as const, ownerId, amountPaise: split.ownerNetPaise }] : []),
    ],
  });
}

/** A booking paid at pickup called off: its owner no longer owes the platform's share. */
export async function reversePickupShare(tx: Database, booking: Pick<BookingRow, 'id'>, at: Date): Promise<void> {
  await reverse(tx, [bookingJournalKey.pickupShare(booking.id)], {
    key: bookingJournalKey.pickupShareReversed(booking.id),
    cause: 'booking',
    bookingId: booking.id,
    memo: "Platform's share of a booking paid at pickup, called off",
    postedAt: at,
  });
}

/**
 * Moves what the capture left pending for the owner, less what a partial refund took back, to their
 * available balance, in the transaction that marks it released.
 */
export async function releaseEarnings(tx: Database, bookingId: string, at: Date): Promise<void> {
  const captured = await postedUnder(tx, [bookingJournalKey.capture(bookingId), bookingJournalKey.refund(bookingId)]);
  const pending = captured.filter(({ account }) => account === 'owner.pending');
  await postJournal(tx, {
    key: bookingJournalKey.release(bookingId),
    cause: 'booking',
    bookingId,
    memo: 'Earnings available',
    postedAt: at,
    entries: pending.flatMap(({ ownerId, amountPaise }) => [
      { account: 'owner.pending' as const, ownerId, amountPaise: -amountPaise },
      { account: 'owner.available' as const, ownerId, amountPaise },
    ]),
  });
}
