import { performance } from 'node:perf_hooks';
import type { PaymentProvider } from '#domain/schemas/bookings';
import { PaymentRefused, PaymentUnavailable, type PaymentProviders } from './provider';
import type { RazorpayPayments } from './razorpay';
import type { CardList, CardListPage, StripePayments } from './stripe';

/**
 * What each provider says it took, payment by payment, read from its own lists for the books' check
 * against the ledger. A list is read newest first, a page at a time, until it ends, `PAGES_MAX` pages
 * are read or the time given is up: a provider with a longer history than one check can read is
 * reported `complete: false`, and only the payments whose whole story was read are in the report.
 */

/** The most either provider gives in one page. */
export const PAGE_SIZE = 100;
/** Pages of one list a check reads at most: 20,000 payments. */
export const PAGES_MAX = 200;
/** The least time a page is given before the check stops waiting for more. */
const PAGE_TIMEOUT_MIN_MS = 1_000;

export interface TakenPayment {
  /** What the provider took, before refunds. */
  capturedPaise: number;
  refundedPaise: number;
}

export interface TakenReport {
  provider: PaymentProvider;
  /** By the provider's payment id (a booking's `payment_ref`): the payments read whole, refunds included. */
  payments: Map<string, TakenPayment>;
  /** How many payments the provider listed. */
  listed: number;
  /** Every payment the provider has is in `payments`: a booking's payment missing there is missing at the provider. */
  complete: boolean;
  /** What the provider's settlements paid into the bank; null where the provider lists none. */
  settledPaise: number | null;
}

/** A provider that could not be read: its keys refused, or it did not answer. */
export interface UnreadReport {
  provider: PaymentProvider;
  unavailable: string;
}

interface ListRead<T> {
  items: T[];
  /** The list ended within the pages and the time it was given. */
  complete: boolean;
}

/**
 * Reads a list from its newest item: `page(after, timeoutMs)` answers the page after the items read
 * so far (`after` is the last of them, undefined for the first page) and whether more follow. Stops at
 * `PAGES_MAX` pages or at `endsAt` (a `performance.now()` reading), whichever comes first.
 */
async function readList<T>(
  page: (index: number, after: T | undefined, timeoutMs: number) => Promise<{ items: T[]; more: boolean }>,
  endsAt: number,
): Promise<ListRead<T>> {
  const items: T[] = [];
  for (let index = 0; index < PAGES_MAX; index++) {
    const left = endsAt - performance.now();
    if (left <= 0) return { items, complete: false };
    // Timers take whole milliseconds.
    const read = await page(index, items.at(-1), Math.max(Math.floor(left), PAGE_TIMEOUT_MIN_MS));
    items.push(...read.items);
    if (!read.more) return { items, complete: true };
  }
  return { items, complete: false };
}

/** Razorpay pages by skipping: a payment made while the list is read moves the rest down one, so one may come twice. */
async function razorpayReport(razorpay: RazorpayPayments, endsAt: number): Promise<TakenReport> {
  const byPage =
    <T>(list: (page: { count: number; skip: number }, timeoutMs: number) => Promise<T[]>) =>
    async (index: number, _after: T | undefined, timeoutMs: number) => {
      const items = await list({ count: PAGE_SIZE, skip: index * PAGE_SIZE }, timeoutMs);
      return { items, more: items.length === PAGE_SIZE };
    };
  const [listed, settlements] = await Promise.all([
    readList(byPage(razorpay.listPayments), endsAt),
    readList(byPage(razorpay.listSettlements), endsAt),
  ]);
  const payments = new Map<string, TakenPayment>();
  // A Razorpay payment carries its refunds: every payment read is read whole.
  for (const payment of listed.items) {
    payments.set(payment.id, { capturedPaise: payment.captured ? payment.amount : 0, refundedPaise: payment.amount_refunded });
  }
  return {
    provider: 'razorpay',
    payments,
    listed: payments.size,
    complete: listed.complete && settlements.complete,
    settledPaise: settlements.items.filter(({ status }) => status === 'processed').reduce((sum, { amount }) => sum + amount, 0),
  };
}

/** Refunds that give money back or are on their way to: a failed or cancelled one gave nothing. */
const REFUNDING = new Set(['succeeded', 'pending', 'requires_action']);

async function stripeReport(stripe: StripePayments, endsAt: number): Promise<TakenReport> {
  const byCursor =
    <T extends { id: string }>(list: (page: CardListPage, timeoutMs: number) => Promise<CardList<T>>) =>
    async (_index: number, after: T | undefined, timeoutMs: number) => {
      const { items, hasMore } = await list({ limit: PAGE_SIZE, startingAfter: after?.id }, timeoutMs);
      return { items, more: hasMore };
    };
  const [intents, refunds] = await Promise.all([
    readList(byCursor(stripe.listPaymentIntents), endsAt),
    readList(byCursor(stripe.listRefunds), endsAt),
  ]);
  const read = new Map(intents.items.map((intent) => [intent.id, intent]));
  // A refund comes after its payment: a payment made after the oldest refund read has had every refund of it read.
  const refundsFrom = refunds.complete ? Number.NEGATIVE_INFINITY : (refunds.items.at(-1)?.created ?? Number.POSITIVE_INFINITY);
  const payments = new Map<string, TakenPayment>();
  for (const intent of read.values()) {
    if (intent.created > refundsFrom) payments.set(intent.id, { capturedPaise: intent.amountReceived, refundedPaise: 0 });
  }
  for (const refund of refunds.items) {
    if (!refund.paymentRef || !REFUNDING.has(refund.status ?? '')) continue;
    const payment = payments.get(refund.paymentRef);
    if (payment) payment.refundedPaise += refund.amount;
    // Of a payment the provider does not list at all: it gave back what it never listed taking.
    else if (intents.complete && !read.has(refund.paymentRef)) {
      payments.set(refund.paymentRef, { capturedPaise: 0, refundedPaise: refund.amount });
    }
  }
  return {
    provider: 'stripe',
    payments,
    listed: read.size,
    complete: intents.complete && refunds.complete,
    settledPaise: null,
  };
}

/**
 * What every provider that is on reports, read at once, each by `endsAt`. A provider out of reach, or
 * refusing the lists, is reported unread rather than failing the others' reports.
 */
export async function takenReports(
  payments: Pick<PaymentProviders<StripePayments, RazorpayPayments>, 'stripe' | 'razorpay'>,
  endsAt: number,
): Promise<(TakenReport | UnreadReport)[]> {
  const unread = (provider: PaymentProvider) => (error: unknown) => {
    if (error instanceof PaymentUnavailable || error instanceof PaymentRefused) return { provider, unavailable: error.message };
    throw error;
  };
  return Promise.all([
    ...(payments.stripe ? [stripeReport(payments.stripe, endsAt).catch(unread('stripe'))] : []),
    ...(payments.razorpay ? [razorpayReport(payments.razorpay, endsAt).catch(unread('razorpay'))] : []),
  ]);
}
