import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { extendDeadline } from '../db/deadline';
import { t } from '../i18n';

/**
 * The part of Razorpay's REST API we use (orders, payments, capture, refunds, and the lists of
 * payments and settlements the books are checked against), typed and checked.
 * Razorpay's Node SDK fixes its host, so the tests' stand-in could not take its place: this client
 * reads its base address from RAZORPAY_API_BASE (Razorpay's own by default).
 */
export const RAZORPAY_API_BASE = 'https://api.razorpay.com';

/** Long enough for a bank's slow answer, short enough that a renter is not left waiting on a dead connection. */
const TIMEOUT_MS = 20_000;

export interface RazorpaySettings {
  keyId: string;
  keySecret: string;
  webhookSecret: string | undefined;
  apiBase: URL;
  /** RAZORPAY_ROUTE: owners' shares of Razorpay payments are paid by Route transfers, not the bank file. */
  route?: boolean;
}

const Order = z.object({ id: z.string(), amount: z.number(), currency: z.string(), status: z.string() });
export type RazorpayOrder = z.output<typeof Order>;

const Payment = z.object({
  id: z.string(),
  amount: z.number(),
  currency: z.string(),
  /** created, authorized, captured, refunded or failed. */
  status: z.string(),
  order_id: z.string().nullable(),
  /** upi, card, netbanking, wallet, ... */
  method: z.string().optional(),
  /** How much of it was given back, by one refund or several. */
  amount_refunded: z.number().optional(),
});
export type RazorpayPayment = z.output<typeof Payment>;

/** A webhook's body, as far as we read it: the event's name and, for payment events, the payment. */
export const RazorpayWebhookEvent = z.object({
  event: z.string(),
  payload: z.object({ payment: z.object({ entity: Payment }).optional() }),
});

const Refund = z.object({ id: z.string(), payment_id: z.string(), amount: z.number() });

const ListedPayment = Payment.extend({
  /** Captured at some point: a refunded payment was captured first. */
  captured: z.boolean(),
  amount_refunded: z.number(),
  created_at: z.number(),
});
export type RazorpayListedPayment = z.output<typeof ListedPayment>;

const Settlement = z.object({
  id: z.string(),
  amount: z.number(),
  /** created, processed or failed. */
  status: z.string(),
  created_at: z.number(),
});
export type RazorpaySettlement = z.output<typeof Settlement>;

/** A page of one of Razorpay's lists: `count` items (at most 100) after skipping `skip`. */
export interface RazorpayPage {
  count: number;
  skip: number;
}

const ErrorAnswer = z.object({ error: z.object({ code: z.string().optional(), description: z.string().optional() }) });

/** Razorpay answered with an error about this request (a 4xx): the description is for people. */
export class RazorpayRefusal extends Error {}
/** Razorpay could not be asked (unreachable, timed out, 5xx, or our keys refused). */
export class RazorpayUnavailable extends Error {}

export interface RazorpayApi {
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<RazorpayOrder>;
  fetchPayment(paymentId: string): Promise<RazorpayPayment>;
  capture(paymentId: string, amountPaise: number): Promise<RazorpayPayment>;
  refund(paymentId: string, amountPaise: number): Promise<void>;
  /** One page of every payment, newest first, waiting at most `timeoutMs` for it. */
  listPayments(page: RazorpayPage, timeoutMs: number): Promise<RazorpayListedPayment[]>;
  /** One page of the settlements paid into the bank, newest first. */
  listSettlements(page: RazorpayPage, timeoutMs: number): Promise<RazorpaySettlement[]>;
}

/** One call to Razorpay's REST API: its answer checked against `answer`, or RazorpayRefusal / RazorpayUnavailable. */
export type RazorpayCall = <T extends z.ZodType>(
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  answer: T,
  options?: { body?: unknown; timeoutMs?: number; headers?: Record<string, string> },
) => Promise<z.output<T>>;

/** Calls to Razorpay's REST API with our keys, shared by the payments and the Route clients. */
export function razorpayCaller({
  keyId,
  keySecret,
  apiBase,
}: Pick<RazorpaySettings, 'keyId' | 'keySecret' | 'apiBase'>): RazorpayCall {
  const authorization = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString('base64')}`;
  return async (method, path, answer, { body, timeoutMs = TIMEOUT_MS, headers = {} } = {}) => {
    let response: Response;
    // The request's deadline makes room for the call: cut mid-call, a 503 could not say that nothing was done.
    extendDeadline(timeoutMs);
    try {
      response = await fetch(new URL(path, apiBase), {
        method,
        headers: { authorization, ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new RazorpayUnavailable(`Razorpay could not be reached (${method} ${path}).`, { cause: error });
    }
    const json: unknown = await response.json().catch(() => undefined);
    if (response.status === 401 || response.status >= 500) {
      throw new RazorpayUnavailable(`Razorpay answered ${response.status} to ${method} ${path}.`);
    }
    if (!response.ok) {
      const refusal = ErrorAnswer.safeParse(json);
      throw new RazorpayRefusal(
        (refusal.success ? refusal.data.error.description : undefined) ?? t('server.razorpayApi.refused'),
      );
    }
    const parsed = answer.safeParse(json);
    if (!parsed.success) throw new RazorpayUnavailable(`Razorpay's answer to ${method} ${path} was not what its API documents.`);
    return parsed.data;
  };
}

/** A list answer: at most `count` items a page, newest first. */
export const collectionOf = <T extends z.ZodType>(item: T) =>
  z.object({ entity: z.literal('collection'), count: z.number(), items: z.array(item) });

export function razorpayApi(settings: Pick<RazorpaySettings, 'keyId' | 'keySecret' | 'apiBase'>): RazorpayApi {
  const caller = razorpayCaller(settings);
  const call = <T extends z.ZodType>(method: 'GET' | 'POST', path: string, answer: T, body?: unknown, timeoutMs?: number) =>
    caller(method, path, answer, { body, ...(timeoutMs === undefined ? {} : { timeoutMs }) });

  const paymentPath = (paymentId: string) => `/v1/payments/${encodeURIComponent(paymentId)}`;
  const pagePath = (path: string, { count, skip }: RazorpayPage) =>
    `${path}?${new URLSearchParams({ count: String(count), skip: String(skip) })}`;

  return {
    createOrder: ({ amountPaise, receipt, notes }) =>
      call('POST', '/v1/orders', Order, {
        amount: amountPaise,
        currency: 'INR',
        receipt,
        notes,
        // Authorized only: the money is taken when the owner accepts, as with the card checkout.
        payment: { capture: 'manual', capture_options: { manual_expiry_period: 7 * 24 * 60, refund_speed: 'optimum' } },
      }),
    fetchPayment: (paymentId) => call('GET', paymentPath(paymentId), Payment),
    capture: (paymentId, amountPaise) =>
      call('POST', `${paymentPath(paymentId)}/capture`, Payment, { amount: amountPaise, currency: 'INR' }),
    refund: async (paymentId, amountPaise) => {
      await call('POST', `${paymentPath(paymentId)}/refund`, Refund, { amount: amountPaise, speed: 'optimum' });
    },
    listPayments: async (page, timeoutMs) =>
      (await call('GET', pagePath('/v1/payments', page), collectionOf(ListedPayment), undefined, timeoutMs)).items,
    listSettlements: async (page, timeoutMs) =>
      (await call('GET', pagePath('/v1/settlements', page), collectionOf(Settlement), undefined, timeoutMs)).items,
  };
}

function hmacHex(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('hex');
}

function sameHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Razorpay's checkout signature: HMAC-SHA256 of `order_id|payment_id` with the key secret, in hex. */
export function paymentSignatureIsValid(keySecret: string, orderId: string, paymentId: string, signature: string): boolean {
  return sameHex(hmacHex(keySecret, `${orderId}|${paymentId}`), signature);
}

/** A webhook's X-Razorpay-Signature: HMAC-SHA256 of the raw body with the webhook secret, in hex. */
export function webhookSignatureIsValid(webhookSecret: string, rawBody: string, signature: string): boolean {
  return sameHex(hmacHex(webhookSecret, rawBody), signature);
}
