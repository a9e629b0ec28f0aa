import { eq, inArray, lte, type SQL } from 'drizzle-orm';
import { PAYOUT_DETAILS_HOLD_HOURS, type PayoutDetails } from '#domain/schemas/payout-details';
import { recordAccountAction } from '../db/account-actions';
import type { Database } from '../db/client';
import { type AccountRow, payoutDetails, type PayoutDetailsRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { queueMail } from '../mail/outbox';
import { payoutDetailsChangedMail } from '../mail/payout-details-mail';
import { t } from '../i18n';
import { openDetail, type PayoutDetailsKey, sealDetail } from './details-crypto';

const HOLD_MS = PAYOUT_DETAILS_HOLD_HOURS * 60 * 60 * 1000;

const PAYOUTS_NOT_CONFIGURED = 'server.payoutDetails.notConfigured';

/** The details as an owner sends them, checked and tidied by the contract's PayoutDetailsChange. */
export interface NewPayoutDetails {
  legalName: string;
  accountNumber?: string | undefined;
  ifsc?: string | undefined;
  upiId?: string | undefined;
  pan: string;
}

/** Where the payout run sends an owner's money, opened: for the admin's bank file and Route transfers only, never an answer to the owner. */
export interface PayoutDestination {
  legalName: string;
  accountNumber?: string;
  ifsc?: string;
  upiId?: string;
  pan: string;
  /** No payout is made before then (see payoutsResumed). */
  payoutsHeldUntil: Date;
}

type SealedField = 'accountNumber' | 'ifsc' | 'upiId' | 'pan';

/** What a sealed value is bound to: whose it is and which field, so it opens nowhere else. */
const contextOf = (ownerId: string, field: SealedField) => `payout_details:${ownerId}:${field}`;

/** The key, or the 503 saying payouts are not set up on this server (PAYOUT_DETAILS_KEY unset). */
export function payoutDetailsKeyOrRefuse(key: PayoutDetailsKey | undefined): PayoutDetailsKey {
  if (!key) throw new HttpError(503, t(PAYOUTS_NOT_CONFIGURED));
  return key;
}

/** What the audit row and the mail may show of a row: nothing whole but the legal name. */
type Masked = Pick<PayoutDetailsRow, 'legalName' | 'accountLast4' | 'ifscLast4' | 'upiLast4' | 'panLast4'>;

function masked(row: PayoutDetailsRow): Masked {
  const { legalName, accountLast4, ifscLast4, upiLast4, panLast4 } = row;
  return { legalName, accountLast4, ifscLast4, upiLast4, panLast4 };
}

function toPayoutDetails(row: PayoutDetailsRow, ifsc: string | null, now: Date): PayoutDetails {
  return {
    legalName: row.legalName,
    accountLast4: row.accountLast4,
    ifsc,
    upiLast4: row.upiLast4,
    panLast4: row.panLast4,
    updatedAt: row.updatedAt.toISOString(),
    payoutsHeldUntil: row.payoutsHeldUntil > now ? row.payoutsHeldUntil.toISOString() : null,
  };
}

/** The owner's details as they see them again (masked), or null before they saved any. */
export async function findPayoutDetails(
  db: Database,
  key: PayoutDetailsKey | undefined,
  ownerId: string,
  now: Date,
): Promise<PayoutDetails | null> {
  const [row] = await db.select().from(payoutDetails).where(eq(payoutDetails.ownerId, ownerId));
  if (!row) return null;
  const ifsc =
    row.ifscSealed === null ? null : openDetail(payoutDetailsKeyOrRefuse(key), row.ifscSealed, contextOf(ownerId, 'ifsc'));
  return toPayoutDetails(row, ifsc, now);
}

/**
 * Replaces the owner's details, sealed, and pauses their payouts for PAYOUT_DETAILS_HOLD_HOURS: the
 * first save too, since someone who took over an account with earnings waiting would otherwise set
 * their own account and be paid at the next run. In one transaction with the audit row and the mail
 * telling the owner, so a save never goes unrecorded or unannounced.
 */
export async function savePayoutDetails(
  db: Database,
  key: PayoutDetailsKey,
  owner: AccountRow,
  details: NewPayoutDetails,
  now: Date,
  forgotPasswordUrl: string,
): Promise<{ details: PayoutDetails; heldUntil: Date }> {
  const sealed = (field: SealedField, value: string | undefined) =>
    value === undefined ? null : sealDetail(key, value, contextOf(owner.id, field));
  const lastFour = (value: string | undefined) => (value === undefined ? null : value.slice(-4));
  const values = {
    legalName: details.legalName,
    accountNumberSealed: sealed('accountNumber', details.accountNumber),
    accountLast4: lastFour(details.accountNumber),
    ifscSealed: sealed('ifsc', details.ifsc),
    ifscLast4: lastFour(details.ifsc),
    upiIdSealed: sealed('upiId', details.upiId),
    upiLast4: lastFour(details.upiId),
    panSealed: sealDetail(key, details.pan, contextOf(owner.id, 'pan')),
    panLast4: details.pan.slice(-4),
    updatedAt: now,
    payoutsHeldUntil: new Date(now.getTime() + HOLD_MS),
    // The save's own request makes the Route linked account next, so the sweep leaves it to that one.
    routeLinkTriedAt: now,
  };
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(payoutDetails).where(eq(payoutDetails.ownerId, owner.id)).for('update');
    const [saved] = await tx
      .insert(payoutDetails)
      .values({ ownerId: owner.id, ...values })
      .onConflictDoUpdate({ target: payoutDetails.ownerId, set: values })
      .returning();
    if (!saved) throw new Error('the payout details were not saved');
    await recordAccountAction(tx, {
      accountId: owner.id,
      action: 'payout_details.change',
      before: before ? masked(before) : null,
      after: masked(saved),
      at: now,
    });
    const mail = payoutDetailsChangedMail(
      owner,
      masked(saved),
      { at: now, heldUntil: saved.payoutsHeldUntil },
      forgotPasswordUrl,
    );
    await queueMail(tx, [mail], now);
    return { details: toPayoutDetails(saved, details.ifsc ?? null, now), heldUntil: saved.payoutsHeldUntil };
  });
}

/**
 * Where each of `ownerIds` is paid, opened, for the payout run: owners with no details on file are
 * missing from the map. Whether a payout may go now is the run's to check against
 * `payoutsHeldUntil`, or in its query with payoutsResumed.
 */
export async function payoutDestinations(
  db: Database,
  key: PayoutDetailsKey,
  ownerIds: readonly string[],
): Promise<Map<string, PayoutDestination>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(payoutDetails)
    .where(inArray(payoutDetails.ownerId, [...ownerIds]));
  const opened = (row: PayoutDetailsRow, field: SealedField, value: string | null) =>
    value === null ? {} : { [field]: openDetail(key, value, contextOf(row.ownerId, field)) };
  return new Map(
    rows.map((row) => [
      row.ownerId,
      {
        legalName: row.legalName,
        ...opened(row, 'accountNumber', row.accountNumberSealed),
        ...opened(row, 'ifsc', row.ifscSealed),
        ...opened(row, 'upiId', row.upiIdSealed),
        pan: openDetail(key, row.panSealed, contextOf(row.ownerId, 'pan')),
        payoutsHeldUntil: row.payoutsHeldUntil,
      },
    ]),
  );
}

/** For the payout run's queries that join payout_details: the owners whose payouts are not paused at `now`. */
export const payoutsResumed = (now: Date): SQL => lte(payoutDetails.payoutsHeldUntil, now);
