import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { payoutDetails } from '../db/schema';
import { payoutDestinations, payoutsResumed } from './details';
import type { PayoutDetailsKey } from './details-crypto';

/**
 * Where bank-file payouts go: the owners' payout details (./details.ts), as the run, the bank file
 * and the console ask for them, so what makes an owner payable is decided here and nowhere else.
 * Only a bank account (with its IFSC) can be paid by bank file, or by Route; an owner with a UPI ID
 * alone is paid by neither.
 */

/** An owner's bank account, as a bank's bulk-transfer file names it. */
export interface BankDestination {
  ownerId: string;
  /** The account holder's legal name, as the bank knows it. */
  beneficiaryName: string;
  accountNumber: string;
  ifsc: string;
}

/** Owners with a bank account on file whose payouts are not on hold at `now` (their details unchanged for the hold's hours). */
const payableByBank = (now: Date) => and(isNotNull(payoutDetails.accountNumberSealed), payoutsResumed(now));

/** The owners among `ownerIds` a bank-file payout may be made to at `now`. */
export async function payableOwners(db: Database, ownerIds: readonly string[], now: Date): Promise<string[]> {
  if (ownerIds.length === 0) return [];
  const rows = await db
    .select({ ownerId: payoutDetails.ownerId })
    .from(payoutDetails)
    .where(and(inArray(payoutDetails.ownerId, [...ownerIds]), payableByBank(now)));
  return rows.map(({ ownerId }) => ownerId);
}

/**
 * The bank accounts of the owners named, opened, by owner, as they stand at `now`: an owner whose
 * account is gone, or whose details changed since the payout was asked for (so their payouts are on
 * hold again), is left out, so money never goes to details younger than the hold.
 */
export async function bankDestinations(
  db: Database,
  key: PayoutDetailsKey,
  ownerIds: readonly string[],
  now: Date,
): Promise<Map<string, BankDestination>> {
  const payable = new Set(await payableOwners(db, ownerIds, now));
  const opened = await payoutDestinations(
    db,
    key,
    ownerIds.filter((ownerId) => payable.has(ownerId)),
  );
  return new Map(
    [...opened].flatMap(([ownerId, { legalName, accountNumber, ifsc }]) =>
      accountNumber && ifsc ? [[ownerId, { ownerId, beneficiaryName: legalName, accountNumber, ifsc }] as const] : [],
    ),
  );
}

/** The last four digits of each named owner's bank account on file, for the console: read without opening anything. */
export async function accountEndings(db: Database, ownerIds: readonly string[]): Promise<Map<string, string>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await db
    .select({ ownerId: payoutDetails.ownerId, last4: payoutDetails.accountLast4 })
    .from(payoutDetails)
    .where(inArray(payoutDetails.ownerId, [...ownerIds]));
  return new Map(rows.flatMap(({ ownerId, last4 }) => (last4 === null ? [] : [[ownerId, last4] as const])));
}
