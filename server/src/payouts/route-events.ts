import type { Database } from '../db/client';
import { RouteWebhookEvent } from '../payments/razorpay-route-api';
import { recordRouteAccountState } from './route-accounts';
import { recordTransferEvent } from './route-transfers';

/** What a Route event did: changed a linked account, a transfer or its payout; or nothing (unknown to us, or a repeat). */
export type RouteEventOutcome = 'recorded' | 'ignored';

/**
 * A Razorpay webhook's Route event (`product.route.*` for a linked account, `transfer.*` for a
 * transfer), already checked as Razorpay's: null when the event is not one of Route's. Each records
 * once, so a delivery repeated changes nothing.
 */
export async function recordRouteEvent(db: Database, json: unknown, now: Date): Promise<RouteEventOutcome | null> {
  const parsed = RouteWebhookEvent.safeParse(json);
  if (!parsed.success) return null;
  const { event, payload } = parsed.data;
  if (event.startsWith('product.route.')) {
    const product = payload.merchant_product?.entity;
    if (!product) return 'ignored';
    return (await recordRouteAccountState(db, event, product.merchant_id, now)) ? 'recorded' : 'ignored';
  }
  if (event.startsWith('transfer.')) {
    const transfer = payload.transfer?.entity;
    if (!transfer) return 'ignored';
    return recordTransferEvent(db, event, { id: transfer.id, reason: transfer.error?.description }, now);
  }
  return null;
}
