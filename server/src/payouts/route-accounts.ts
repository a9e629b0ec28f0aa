import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ROUTE_ACCOUNT_STATES, type RouteAccountState, type RouteLink } from '#domain/schemas/payout-details';
import type { Database } from '../db/client';
import { type AccountRow, accounts, payoutDetails, routeAccounts } from '../db/schema';
import { RazorpayRefusal, RazorpayUnavailable } from '../payments/razorpay-api';
import type { LinkedAccountInput, RouteApi } from '../payments/razorpay-route-api';
import { payoutDestinations } from './details';
import type { PayoutDetailsKey } from './details-crypto';

/**
 * Owners' Razorpay Route linked accounts. One is made (or its bank account changed) when the owner
 * saves payout details with a bank account, and their account has the phone number Route's KYC asks
 * for; Razorpay then reviews it, and its webhooks move the state kept here. Transfers go to an
 * `activated` account only (./route-transfers.ts).
 */

/** Where the owner stands with Route, for their payout details page: the state, and what Route still needs of them; null with Route off. */
export async function routeLinkOf(db: Database, route: RouteApi | null, ownerId: string): Promise<RouteLink | null> {
  if (!route) return null;
  const [row] = await db
    .select({
      phone: accounts.phoneNumber,
      hasBankAccount: payoutDetails.accountLast4,
      state: routeAccounts.state,
    })
    .from(accounts)
    .leftJoin(payoutDetails, eq(payoutDetails.ownerId, accounts.id))
    .leftJoin(routeAccounts, eq(routeAccounts.ownerId, accounts.id))
    .where(eq(accounts.id, ownerId));
  return {
    state: row?.state ?? null,
    missing: [...(row?.phone ? [] : (['phone'] as const)), ...(row?.hasBankAccount ? [] : (['bankAccount'] as const))],
  };
}

/**
 * Makes the owner's linked account from the details just saved, or points it at their new bank
 * account: each part Razorpay makes is stored at once, so a save after one that stopped half-way
 * (Razorpay away, or refusing) goes on from where it stopped. Nothing is made while Route lacks the
 * owner's phone or bank account. Razorpay's answer never undoes the save: it is logged, and the
 * owner's page shows the state.
 */
export async function linkRouteAccount(
  db: Database,
  route: RouteApi,
  key: PayoutDetailsKey,
  owner: AccountRow,
  log: FastifyBaseLogger,
): Promise<void> {
  const [details] = await db
    .select({ updatedAt: payoutDetails.updatedAt })
    .from(payoutDetails)
    .where(eq(payoutDetails.ownerId, owner.id));
  const destination = (await payoutDestinations(db, key, [owner.id])).get(owner.id);
  if (!details || !owner.phoneNumber || !destination?.accountNumber || !destination.ifsc) return;
  const input: LinkedAccountInput = {
    referenceId: owner.id,
    email: owner.email,
    // Razorpay takes the number's digits alone.
    phone: owner.phoneNumber.replace(/\D/g, ''),
    legalName: destination.legalName,
    pan: destination.pan,
  };
  // Details saved again meanwhile stay due, for the sweep.
  const answered = () =>
    db.update(payoutDetails).set({ routeLinkedFor: details.updatedAt }).where(eq(payoutDetails.ownerId, owner.id));
  const store = (change: Partial<typeof routeAccounts.$inferInsert>) =>
    db.update(routeAccounts).set(change).where(eq(routeAccounts.ownerId, owner.id));
  try {
    let [linked] = await db.select().from(routeAccounts).where(eq(routeAccounts.ownerId, owner.id));
    if (!linked) {
      const accountId = await route.createAccount(input);
      [linked] = await db.insert(routeAccounts).values({ ownerId: owner.id, accountId }).returning();
      if (!linked) throw new Error(`the linked account of owner ${owner.id} was not stored`);
    }
    if (!linked.stakeholderId) await store({ stakeholderId: await route.createStakeholder(linked.accountId, input) });
    const productId = linked.productId ?? (await route.requestRoute(linked.accountId));
    if (!linked.productId) await store({ productId });
    await route.setSettlements(linked.accountId, productId, {
      accountNumber: destination.accountNumber,
      ifsc: destination.ifsc,
      beneficiaryName: destination.legalName,
    });
    await answered();
  } catch (error) {
    if (!(error instanceof RazorpayRefusal || error instanceof RazorpayUnavailable)) throw error;
    // A refusal would be refused again: these details wait for the owner's next save. Razorpay away, the sweep goes on.
    if (error instanceof RazorpayRefusal) await answered();
    log.warn(
      { ownerId: owner.id, err: error },
      error instanceof RazorpayRefusal
        ? 'the Route linked account was refused; the owner’s next save tries again'
        : 'the Route linked account was not completed; the sweep goes on later',
    );
  }
}

/** How long an instance that began making a linked account is left to finish before the sweep tries again. */
export const ROUTE_LINK_LEASE_MS = 5 * 60 * 1000;

/** How many owners one sweep links at most, so a round stays short. */
const LINKS_PER_SWEEP = 20;

/**
 * Makes the linked accounts a save left unfinished (Razorpay away, the instance stopped) or could not
 * start (the phone number came later); one Razorpay refused waits for the owner's next save. Each owner is claimed by moving
 * `routeLinkTriedAt` on, so of the instances sweeping at once one asks Razorpay, and the save's own
 * attempt, which claims the same way, is not doubled while it runs. Answers the owners it tried.
 */
export async function sweepRouteLinks(
  db: Database,
  route: RouteApi,
  key: PayoutDetailsKey,
  log: FastifyBaseLogger,
  now: Date,
): Promise<string[]> {
  const unclaimed = or(
    isNull(payoutDetails.routeLinkTriedAt),
    lte(payoutDetails.routeLinkTriedAt, new Date(now.getTime() - ROUTE_LINK_LEASE_MS)),
  );
  const due = db
    .select({ ownerId: payoutDetails.ownerId })
    .from(payoutDetails)
    .innerJoin(accounts, eq(accounts.id, payoutDetails.ownerId))
    .where(
      and(
        isNotNull(payoutDetails.accountNumberSealed),
        isNotNull(accounts.phoneNumber),
        sql`${payoutDetails.routeLinkedFor} IS DISTINCT FROM ${payoutDetails.updatedAt}`,
        unclaimed,
      ),
    )
    .limit(LINKS_PER_SWEEP);
  const claimed = await db
    .update(payoutDetails)
    .set({ routeLinkTriedAt: now })
    .where(and(inArray(payoutDetails.ownerId, due), unclaimed))
    .returning({ ownerId: payoutDetails.ownerId });
  for (const { ownerId } of claimed) {
    const [owner] = await db.select().from(accounts).where(eq(accounts.id, ownerId));
    if (owner) await linkRouteAccount(db, route, key, owner, log);
  }
  return claimed.map(({ ownerId }) => ownerId);
}

/** The states Razorpay's `product.route.*` events name, as kept; a rejected account is kept as suspended: no transfer goes to either. */
function stateOf(event: string): RouteAccountState | null {
  const name = event.replace(/^product\.route\./, '');
  if (name === 'rejected') return 'suspended';
  return (ROUTE_ACCOUNT_STATES as readonly string[]).includes(name) && name !== 'created' ? (name as RouteAccountState) : null;
}

/** A `product.route.*` event: the linked account's new state. Answers whether it changed anything (not for an unknown account, nor a repeat). */
export async function recordRouteAccountState(db: Database, event: string, accountId: string, now: Date): Promise<boolean> {
  const state = stateOf(event);
  if (!state) return false;
  const changed = await db
    .update(routeAccounts)
    .set({ state, updatedAt: now })
    .where(and(eq(routeAccounts.accountId, accountId), ne(routeAccounts.state, state)))
    .returning({ ownerId: routeAccounts.ownerId });
  return changed.length > 0;
}
