import type { IncomingHttpHeaders } from 'node:http';
import type { StandInAnswer } from './card-provider-stand-in';

/**
 * The stand-in's Razorpay Route: linked accounts (v2 accounts, stakeholders, the Route product and
 * its settlement bank account) and transfers from payments (on hold, let go, reversed), answering as
 * Razorpay's API documentation describes. Razorpay reviews a linked account and processes a transfer
 * on its own time: a test (or the demo) says when, with `routeWebhook`, which changes the record and
 * hands back the webhook Razorpay would send; or, given a `webhookSink` (demo mode), activates each
 * linked account and processes each transfer soon after it is asked for, delivering the webhooks. `routeFault` makes Route's calls fail: `away` answers
 * 503 having done nothing, `answer lost` does the work and then answers 503 (reads answer as usual).
 */

export type RouteActivation = 'requested' | 'under_review' | 'needs_clarification' | 'activated' | 'suspended' | 'rejected';

export interface StandInLinkedAccount {
  id: string;
  email: string;
  phone: string;
  legal_business_name: string;
  reference_id: string | null;
  pan: string;
  stakeholders: string[];
  product: { id: string; activation_status: RouteActivation } | null;
  settlements: { account_number: string; ifsc_code: string; beneficiary_name: string } | null;
}

export interface StandInTransfer {
  id: string;
  source: string;
  recipient: string;
  amount: number;
  amount_reversed: number;
  on_hold: boolean;
  status: 'pending' | 'processed' | 'failed' | 'reversed' | 'partially_reversed';
  notes: Record<string, string>;
  recipient_settlement_id: string | null;
  created_at: number;
}

export type RouteFault = 'away' | 'answer lost' | null;

type Handler = (
  match: RegExpExecArray,
  body: Record<string, unknown>,
  query: URLSearchParams,
  headers: IncomingHttpHeaders,
) => StandInAnswer;
export type StandInRoute = [string, RegExp, Handler];

interface RouteDeps {
  /** The stand-in's payments: a transfer is made from a captured one. */
  payment(id: string): { amount: number; status: string } | undefined;
  nextId: (prefix: string) => string;
  refusal: (status: number, code: string, description: string) => StandInAnswer;
  fault: () => RouteFault;
  /** A webhook's body signed with the webhook secret. */
  signed: (body: string) => { body: string; signature: string };
  /** Where Razorpay's own-time events are delivered as they happen (demo mode); null: a test fires them with routeWebhook. */
  webhookSink: () => WebhookSink | null;
}

/** Delivers a signed webhook to the server. */
export type WebhookSink = (hook: { body: string; signature: string }) => Promise<void>;

/** Razorpay's review or processing, done on its own time: with a sink, soon after the call that asked for it. */
type OwnTime = (event: string, id: string) => void;

const nowInSeconds = () => Math.floor(Date.now() / 1000);
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const record = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

export function transferBody(transfer: StandInTransfer) {
  return {
    entity: 'transfer',
    ...transfer,
    currency: 'INR',
    settlement_status: transfer.on_hold ? 'on_hold' : null,
    linked_account_notes: [],
    processed_at: transfer.status === 'pending' ? null : transfer.created_at,
    error: { code: null, description: transfer.status === 'failed' ? 'The linked account could not be credited.' : null },
  };
}

function accountBody(account: StandInLinkedAccount) {
  return {
    id: account.id,
    type: 'route',
    status: 'created',
    email: account.email,
    phone: account.phone,
    legal_business_name: account.legal_business_name,
    business_type: 'individual',
    reference_id: account.reference_id,
    legal_info: { pan: account.pan },
    created_at: nowInSeconds(),
  };
}

export interface RouteRecords {
  accounts: Map<string, StandInLinkedAccount>;
  transfers: Map<string, StandInTransfer>;
  /** A transfer made under each payment's X-Transfer-Idempotency key. */
  idempotent: Map<string, string>;
}

/** The refusals Razorpay answers a bad call with. */
function refusals({ refusal }: Pick<RouteDeps, 'refusal'>) {
  return {
    noSuchId: () => refusal(400, 'BAD_REQUEST_ERROR', 'The id provided does not exist'),
    missing: (field: string) => refusal(400, 'BAD_REQUEST_ERROR', `The ${field} field is required.`),
  };
}

const productBody = (account: StandInLinkedAccount) => ({
  id: account.product?.id,
  account_id: account.id,
  product_name: 'route',
  activation_status: account.product?.activation_status,
  active_configuration: { settlements: account.settlements },
  requirements: account.settlements
    ? []
    : [
        {
          field_reference: 'settlements.account_number',
          resolution_url: `/accounts/${account.id}/products/${account.product?.id}`,
          status: 'required',
          reason_code: 'field_missing',
        },
      ],
  requested_at: nowInSeconds(),
});

/** The linked account's calls: the account, its stakeholder, its Route product and the product's settlement bank account. */
function accountHandlers({ accounts }: RouteRecords, deps: RouteDeps, ownTime: OwnTime) {
  const { refusal, nextId } = deps;
  const { noSuchId, missing } = refusals(deps);
  const createAccount: Handler = (_match, body) => {
    if (body.type !== 'route') return refusal(400, 'BAD_REQUEST_ERROR', 'The type field must be route.');
    const email = text(body.email);
    const phone = text(body.phone);
    const name = text(body.legal_business_name);
    const pan = text(record(body.legal_info)?.pan);
    if (!email) return missing('email');
    if (!phone) return missing('phone');
    if (!name) return missing('legal_business_name');
    if (body.business_type !== 'individual') return missing('business_type');
    if (!record(body.profile)) return missing('profile');
    if (!pan) return missing('legal_info.pan');
    if ([...accounts.values()].some((account) => account.email === email)) {
      return refusal(400, 'BAD_REQUEST_ERROR', 'Merchant email already exists for account');
    }
    const account: StandInLinkedAccount = {
      id: nextId('acc'),
      email,
      phone,
      legal_business_name: name,
      reference_id: text(body.reference_id) ?? null,
      pan,
      stakeholders: [],
      product: null,
      settlements: null,
    };
    accounts.set(account.id, account);
    return { status: 200, body: accountBody(account) };
  };

  const createStakeholder: Handler = (match, body) => {
    const account = accounts.get(match[1] ?? '');
    if (!account) return noSuchId();
    if (!text(body.name)) return missing('name');
    if (!text(body.email)) return missing('email');
    const id = nextId('sth');
    account.stakeholders.push(id);
    return {
      status: 200,
      body: { entity: 'stakeholder', id, name: body.name, email: body.email, phone: body.phone, kyc: body.kyc },
    };
  };

  const requestProduct: Handler = (match, body) => {
    const account = accounts.get(match[1] ?? '');
    if (!account) return noSuchId();
    if (body.product_name !== 'route') return refusal(400, 'BAD_REQUEST_ERROR', 'The product name is invalid.');
    if (account.stakeholders.length === 0) return refusal(400, 'BAD_REQUEST_ERROR', 'A stakeholder is required for the account.');
    account.product ??= { id: nextId('acc_prd'), activation_status: 'requested' };
    return { status: 200, body: productBody(account) };
  };

  const updateProduct: Handler = (match, body) => {
    const account = accounts.get(match[1] ?? '');
    if (!account?.product || account.product.id !== match[2]) return noSuchId();
    const settlements = record(body.settlements);
    const accountNumber = text(settlements?.account_number);
    const ifsc = text(settlements?.ifsc_code);
    const beneficiary = text(settlements?.beneficiary_name);
    if (!accountNumber || !ifsc || !beneficiary) return missing('settlements');
    account.settlements = { account_number: accountNumber, ifsc_code: ifsc, beneficiary_name: beneficiary };
    // Razorpay reviews the bank account before Route is active on it.
    account.product.activation_status = 'under_review';
    ownTime('product.route.activated', account.id);
    return { status: 200, body: productBody(account) };
  };

  return { createAccount, createStakeholder, requestProduct, updateProduct };
}

const transfersOf = (transfers: Map<string, StandInTransfer>, paymentId: string) =>
  [...transfers.values()].filter(({ source }) => source === paymentId);

/** POST /v1/payments/:id/transfers: transfers from a captured payment to activated linked accounts, within what is left of it. */
function createTransfersHandler({ accounts, transfers, idempotent }: RouteRecords, deps: RouteDeps, ownTime: OwnTime): Handler {
  const { refusal, nextId } = deps;
  const { noSuchId, missing } = refusals(deps);
  return (match, body, _query, headers) => {
    const paymentId = match[1] ?? '';
    const payment = deps.payment(paymentId);
    if (!payment) return noSuchId();
    const key = headers['x-transfer-idempotency'];
    const known = typeof key === 'string' ? idempotent.get(`${paymentId}:${key}`) : undefined;
    const knownTransfer = known ? transfers.get(known) : undefined;
    if (knownTransfer) return { status: 200, body: { entity: 'collection', count: 1, items: [transferBody(knownTransfer)] } };
    if (payment.status !== 'captured')
      return refusal(400, 'BAD_REQUEST_ERROR', 'Transfers can be made only on captured payments');
    const asked = Array.isArray(body.transfers) ? body.transfers.map(record) : [];
    if (asked.length === 0 || asked.some((item) => item === undefined)) return missing('transfers');
    const made: StandInTransfer[] = [];
    let left =
      payment.amount -
      transfersOf(transfers, paymentId).reduce((sum, { amount, amount_reversed }) => sum + amount - amount_reversed, 0);
    for (const item of asked) {
      const account = accounts.get(String(item?.account));
      if (!account) return refusal(400, 'BAD_REQUEST_ERROR', 'The account id is invalid');
      if (account.product?.activation_status !== 'activated') {
        return refusal(400, 'BAD_REQUEST_ERROR', 'Transfers are not allowed to a linked account that is not activated');
      }
      const amount = item?.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
        return refusal(400, 'BAD_REQUEST_ERROR', 'The amount must be atleast INR 1.00');
      }
      if (item?.currency !== 'INR') return missing('currency');
      if (amount > left) return refusal(400, 'BAD_REQUEST_ERROR', 'Transfer amount exceeds amount available for transfer.');
      left -= amount;
      made.push({
        id: nextId('trf'),
        source: paymentId,
        recipient: account.id,
        amount,
        amount_reversed: 0,
        on_hold: item?.on_hold === true || item?.on_hold === 1 || item?.on_hold === '1',
        status: 'pending',
        notes: (record(item?.notes) as Record<string, string> | undefined) ?? {},
        recipient_settlement_id: null,
        created_at: nowInSeconds(),
      });
    }
    for (const transfer of made) {
      transfers.set(transfer.id, transfer);
      ownTime('transfer.processed', transfer.id);
    }
    const [first] = made;
    if (typeof key === 'string' && first) idempotent.set(`${paymentId}:${key}`, first.id);
    return { status: 200, body: { entity: 'collection', count: made.length, items: made.map(transferBody) } };
  };
}

/** A transfer's other calls: the payment's list, one transfer, its hold, its reversal. */
function transferHandlers({ transfers }: RouteRecords, deps: RouteDeps) {
  const { refusal, nextId } = deps;
  const { noSuchId, missing } = refusals(deps);
  const listTransfers: Handler = (match) => {
    if (!deps.payment(match[1] ?? '')) return noSuchId();
    const items = transfersOf(transfers, match[1] ?? '').map(transferBody);
    return { status: 200, body: { entity: 'collection', count: items.length, items } };
  };

  const fetchTransfer: Handler = (match) => {
    const transfer = transfers.get(match[1] ?? '');
    return transfer ? { status: 200, body: transferBody(transfer) } : noSuchId();
  };

  const updateTransfer: Handler = (match, body) => {
    const transfer = transfers.get(match[1] ?? '');
    if (!transfer) return noSuchId();
    if (body.on_hold === undefined) return missing('on_hold');
    transfer.on_hold = body.on_hold === true || body.on_hold === 1 || body.on_hold === '1';
    return { status: 200, body: transferBody(transfer) };
  };

  const reverseTransfer: Handler = (match, body) => {
    const transfer = transfers.get(match[1] ?? '');
    if (!transfer) return noSuchId();
    const amount = body.amount ?? transfer.amount - transfer.amount_reversed;
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1) return missing('amount');
    if (amount > transfer.amount - transfer.amount_reversed) {
      return refusal(400, 'BAD_REQUEST_ERROR', 'The reversal amount provided is greater than amount not reversed.');
    }
    transfer.amount_reversed += amount;
    transfer.status = transfer.amount_reversed === transfer.amount ? 'reversed' : 'partially_reversed';
    return {
      status: 200,
      body: {
        id: nextId('rvrsl'),
        entity: 'reversal',
        transfer_id: transfer.id,
        amount,
        currency: 'INR',
        created_at: nowInSeconds(),
      },
    };
  };
  return { listTransfers, fetchTransfer, updateTransfer, reverseTransfer };
}

/**
 * What Razorpay does on its own time, and the webhook it sends for it: `product.route.<status>` for
 * a linked account (by its id), `transfer.processed` or `transfer.failed` for a transfer (by its id).
 */
function routeWebhookOf({ accounts, transfers }: RouteRecords, deps: RouteDeps) {
  return (event: string, id: string): { body: string; signature: string } => {
    if (event.startsWith('product.route.')) {
      const account = accounts.get(id);
      if (!account?.product) throw new Error(`the stand-in has no linked account ${id} with Route requested`);
      account.product.activation_status = event.slice('product.route.'.length) as RouteActivation;
      const entity = { id: account.product.id, merchant_id: account.id, activation_status: account.product.activation_status };
      return deps.signed(
        JSON.stringify({
          entity: 'event',
          account_id: account.id,
          event,
          contains: ['merchant_product'],
          payload: { merchant_product: { entity, data: [] } },
          created_at: nowInSeconds(),
        }),
      );
    }
    const transfer = transfers.get(id);
    if (!transfer) throw new Error(`the stand-in has no transfer ${id}`);
    if (event === 'transfer.processed') transfer.status = 'processed';
    else if (event === 'transfer.failed') transfer.status = 'failed';
    else throw new Error(`the stand-in sends no ${event}`);
    return deps.signed(
      JSON.stringify({
        entity: 'event',
        account_id: transfer.recipient,
        event,
        contains: ['transfer'],
        payload: { transfer: { entity: transferBody(transfer) } },
        created_at: nowInSeconds(),
      }),
    );
  };
}

export function startRouteStandIn(deps: RouteDeps) {
  const records: RouteRecords = { accounts: new Map(), transfers: new Map(), idempotent: new Map() };
  /** Route's calls as the fault says: refused before the work, done and then refused, or as asked. */
  const withFault =
    (handle: Handler, { read = false } = {}): Handler =>
    (...args) => {
      const fault = read && deps.fault() === 'answer lost' ? null : deps.fault();
      const serverError = { status: 503, body: { error: { code: 'SERVER_ERROR', description: 'We are facing some trouble.' } } };
      if (fault === 'away') return serverError;
      const answer = handle(...args);
      return fault === 'answer lost' ? serverError : answer;
    };
  const routeWebhook = routeWebhookOf(records, deps);
  const ownTime: OwnTime = (event, id) => {
    const sink = deps.webhookSink();
    // After the answer, as Razorpay's review and processing come after its answer to the call.
    if (sink) setTimeout(() => void sink(routeWebhook(event, id)).catch(() => undefined), 50);
  };
  const { createAccount, createStakeholder, requestProduct, updateProduct } = accountHandlers(records, deps, ownTime);
  const createTransfers = createTransfersHandler(records, deps, ownTime);
  const { listTransfers, fetchTransfer, updateTransfer, reverseTransfer } = transferHandlers(records, deps);
  const routes: StandInRoute[] = [
    ['POST', /^\/v2\/accounts$/, withFault(createAccount)],
    ['POST', /^\/v2\/accounts\/([^/]+)\/stakeholders$/, withFault(createStakeholder)],
    ['POST', /^\/v2\/accounts\/([^/]+)\/products$/, withFault(requestProduct)],
    ['PATCH', /^\/v2\/accounts\/([^/]+)\/products\/([^/]+)$/, withFault(updateProduct)],
    ['GET', /^\/v1\/payments\/([^/]+)\/transfers$/, withFault(listTransfers, { read: true })],
    ['POST', /^\/v1\/payments\/([^/]+)\/transfers$/, withFault(createTransfers)],
    ['GET', /^\/v1\/transfers\/([^/]+)$/, withFault(fetchTransfer, { read: true })],
    ['PATCH', /^\/v1\/transfers\/([^/]+)$/, withFault(updateTransfer)],
    ['POST', /^\/v1\/transfers\/([^/]+)\/reversals$/, withFault(reverseTransfer)],
  ];

  /**
   * What Razorpay does on its own time, and the webhook it sends for it: `product.route.<status>` for
   * a linked account (by its id), `transfer.processed` or `transfer.failed` for a transfer (by its id).
   */
  return { records, routes, routeWebhook };
}
