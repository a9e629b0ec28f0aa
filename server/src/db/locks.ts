import { sql } from 'drizzle-orm';
import type { Database } from './client';

// Every advisory lock the server takes is named here, so no two jobs ever pick the same number by
// chance. PostgreSQL keeps locks taken with one bigint key apart from locks taken with two int keys:
// the whole-database locks and the per-subject classes below never meet, whatever their numbers.

/** Whole-database locks, one key each: only one instance at a time runs the job. */
export const MIGRATION_LOCK = 2_024_003;
export const SEED_LOCK = 2_024_013;

/**
 * Per-subject lock classes, the first of two keys (the second is the subject's hash): counting a
 * subject's recent writes and storing a new one is one step, so writes sent at once cannot all slip
 * past a limit.
 */
export const LOCK_CLASS = {
  contactMessages: 2_024_005,
  registrations: 2_024_006,
  comments: 2_024_007,
  bookingRequests: 2_024_008,
  carsPerOwner: 2_024_009,
  passwordResetsByEmail: 2_024_010,
  passwordResetsByAddress: 2_024_011,
  photoUploads: 2_024_012,
  bookingMessages: 2_024_015,
  /** An owner's available balance, read and paid out by one payout run at a time. */
  ownerPayouts: 2_024_014,
  phoneCodesByAccount: 2_024_016,
  phoneCodesByNumber: 2_024_017,
} as const;

export type LockClass = (typeof LOCK_CLASS)[keyof typeof LOCK_CLASS];

/** Holds, until the end of transaction `tx`, the lock on one subject (an account, an address, an email) of one class. */
export async function lockSubject(tx: Database, lockClass: LockClass, subject: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockClass}::int, hashtext(${subject}))`);
}
