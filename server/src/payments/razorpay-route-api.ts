import { z } from 'zod';
import { collectionOf, razorpayCaller, RazorpayRefusal, type RazorpaySettings } from './razorpay-api';

/**
 * Razorpay Route, as far as owners' payouts use it: a linked account per owner (v2 accounts, its
 * stakeholder, its Route product with the bank account Razorpay settles to), and per captured payment
 * a transfer of the owner's share to it, on hold until the share is released, then let go; reversed
 * when the payment is refunded before that.
 */

const Entity = z.object({ id: z.string() });

const Transfer = z.object({
  id: z.string(),
  /** The payment it was made from. */
  source: z.string(),
  /** The linked account it went to. */
  recipient: z.string(),
  amount: z.number(),
  amount_reversed: z.number(),
  /** pending, processed, failed, reversed or partially_reversed. */
  status: z.string(),
  on_hold: z.boolean(),
  notes: z.union([z.record(z.string(), z.string()), z.array(z.never())]).optional(),
  /** The settlement that paid it into the linked account's bank account, once one has. */
  recipient_settlement_id: z.string().nullable().optional(),
  /** Why a failed transfer failed. */
  error: z.object({ description: z.string().nullable().optional() }).optional(),
});
export type RouteTransfer = z.output<typeof Transfer>;

/** What a linked account is made of: the owner as Razorpay's KYC asks for them. */
export interface LinkedAccountInput {
  /** Ours, for Razorpay's records: the owner's id. */
  referenceId: string;
  email: string;
  phone: string;
  legalName: string;
  pan: string;
}

export interface Settlements {
  accountNumber: string;
  ifsc: string;
  beneficiaryName: string;
}

export interface RouteApi {
  createAccount(input: LinkedAccountInput): Promise<string>;
  createStakeholder(accountId: string, input: LinkedAccountInput): Promise<string>;
  requestRoute(accountId: string): Promise<string>;
  setSettlements(accountId: string, productId: string, settlements: Settlements): Promise<void>;
  /** The payment's transfers, to find one made by a call whose answer was lost. */
  paymentTransfers(paymentId: string): Promise<RouteTransfer[]>;
  /** A transfer of `amountPaise` of the payment to the linked account, on hold, tagged with `bookingId`. */
  transfer(paymentId: string, transfer: { accountId: string; amountPaise: number; bookingId: string }): Promise<RouteTransfer>;
  fetchTransfer(transferId: string): Promise<RouteTransfer>;
  /** Lets the transfer's settlement go; answers the transfer as it now stands. */
  releaseTransfer(transferId: string): Promise<RouteTransfer>;
  reverseTransfer(transferId: string, amountPaise: number): Promise<void>;
}

export function razorpayRouteApi(settings: Pick<RazorpaySettings, 'keyId' | 'keySecret' | 'apiBase'>): RouteApi {
  const call = razorpayCaller(settings);
  const accountPath = (accountId: string) => `/v2/accounts/${encodeURIComponent(accountId)}`;
  const transferPath = (transferId: string) => `/v1/transfers/${encodeURIComponent(transferId)}`;
  return {
    async createAccount({ referenceId, email, phone, legalName, pan }) {
      const body = {
        email,
        phone,
        type: 'route',
        reference_id: referenceId.replaceAll('-', '').slice(0, 20),
        legal_business_name: legalName,
        business_type: 'individual',
        contact_name: legalName,
        // Owners rent out their own cars: Razorpay's category for car rental.
        profile: { category: 'transport', subcategory: 'car_rental' },
        legal_info: { pan },
      };
      return (await call('POST', '/v2/accounts', Entity, { body })).id;
    },
    async createStakeholder(accountId, { email, phone, legalName, pan }) {
      const body = { name: legalName, email, phone: { primary: phone }, kyc: { pan } };
      return (await call('POST', `${accountPath(accountId)}/stakeholders`, Entity, { body })).id;
    },
    async requestRoute(accountId) {
      const body = { product_name: 'route', tnc_accepted: true };
      return (await call('POST', `${accountPath(accountId)}/products`, Entity, { body })).id;
    },
    async setSettlements(accountId, productId, { accountNumber, ifsc, beneficiaryName }) {
      const body = {
        settlements: { account_number: accountNumber, ifsc_code: ifsc, beneficiary_name: beneficiaryName },
        tnc_accepted: true,
      };
      await call('PATCH', `${accountPath(accountId)}/products/${encodeURIComponent(productId)}`, Entity, { body });
    },
    async paymentTransfers(paymentId) {
      return (await call('GET', `/v1/payments/${encodeURIComponent(paymentId)}/transfers`, collectionOf(Transfer))).items;
    },
    async transfer(paymentId, { accountId, amountPaise, bookingId }) {
      const body = {
        transfers: [
          { account: accountId, amount: amountPaise, currency: 'INR', on_hold: true, notes: { booking_id: bookingId } },
        ],
      };
      const made = await call('POST', `/v1/payments/${encodeURIComponent(paymentId)}/transfers`, collectionOf(Transfer), {
        body,
        // Razorpay documents this key on direct transfers; sent here too, though the retry does not rely
        // on it: a retry first looks for the booking's transfer among the payment's (paymentTransfers).
        headers: { 'X-Transfer-Idempotency': bookingId },
      });
      const [transfer] = made.items;
      if (!transfer) throw new RazorpayRefusal('Razorpay made no transfer.');
      return transfer;
    },
    fetchTransfer: (transferId) => call('GET', transferPath(transferId), Transfer),
    releaseTransfer: (transferId) => call('PATCH', transferPath(transferId), Transfer, { body: { on_hold: false } }),
    async reverseTransfer(transferId, amountPaise) {
      await call('POST', `${transferPath(transferId)}/reversals`, Entity, { body: { amount: amountPaise } });
    },
  };
}

/** The Route events the webhook takes: a linked account's product, or a transfer. */
export const RouteWebhookEvent = z.object({
  event: z.string(),
  account_id: z.string().optional(),
  payload: z.object({
    merchant_product: z
      .object({ entity: z.object({ id: z.string(), merchant_id: z.string(), activation_status: z.string() }) })
      .optional(),
    transfer: z.object({ entity: Transfer }).optional(),
  }),
});
