import { and, count, eq, lt } from 'drizzle-orm';
import { lockAttempts, secondsUntilAllowed, type AttemptRows } from '../db/attempt-window';
import type { Database } from '../db/client';
import { bookings, cars, comments, passwordResetRequests, registrationAttempts } from '../db/schema';
import { HttpError, tooManyAttempts } from './errors';

// Limits on writes, per account wherever there is one: many people may share one public address
// (carrier-grade NAT), so an address is limited only where no account exists yet (registration).
// Each counts the rows themselves in the database, so every API instance sees the same count, under
// an advisory lock per subject (lockAttempts) so that requests sent at once cannot all slip past.

/** How many writes of each kind; the tests raise them, quotas.test.ts checks the defaults. */
export interface WriteQuotas {
  /** Registrations an hour from one address (an IPv6 one as its /64): each costs a slow password hash. */
  registrationsPerHour: number;
  /** Comments and replies by one account in 10 minutes: a lively conversation stays well under it, a script does not. */
  commentsPerTenMinutes: number;
  /** Booking requests by one renter in an hour, whatever became of them: far more than anyone comparing cars sends. */
  bookingRequestsPerHour: number;
  /** Cars one owner may list at once: a stock, not a rate (see checkCarLimit). */
  carsPerOwner: number;
}

export const DEFAULT_QUOTAS: WriteQuotas = {
  registrationsPerHour: 10,
  commentsPerTenMinutes: 20,
  bookingRequestsPerHour: 30,
  carsPerOwner: 100,
};

type RateKind = 'registrations' | 'comments' | 'bookingRequests' | 'passwordResetsByEmail' | 'passwordResetsByAddress';

/**
 * Reset links asked for in an hour, counted alike whether or not the email has an account: per email
 * enough for a person who asks again while the mail is slow, per address enough for a shared one.
 */
export const PASSWORD_RESET_LIMITS = { perEmail: 5, perAddress: 20 } as const;

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** Per kind: the advisory lock class (the contact form's is 2_024_005), the window, which rows count, and the 429's reason. */
const RATES: Record<
  RateKind,
  { lockClass: number; windowMs: number; rows: (subject: string) => AttemptRows; reason: (limit: number) => string }
> = {
  registrations: {
    lockClass: 2_024_006,
    windowMs: HOUR_MS,
    rows: (address) => ({
      table: registrationAttempts,
      at: registrationAttempts.attemptedAt,
      where: eq(registrationAttempts.address, address),
    }),
    reason: () => 'Too many accounts were registered from your address in the last hour.',
  },
  comments: {
    lockClass: 2_024_007,
    windowMs: 10 * MINUTE_MS,
    rows: (accountId) => ({ table: comments, at: comments.createdAt, where: eq(comments.accountId, accountId) }),
    reason: (limit) => `You have posted ${limit} comments and replies in the last 10 minutes.`,
  },
  bookingRequests: {
    lockClass: 2_024_008,
    windowMs: HOUR_MS,
    rows: (renterId) => ({ table: bookings, at: bookings.createdAt, where: eq(bookings.renterId, renterId) }),
    reason: (limit) => `You have sent ${limit} booking requests in the last hour.`,
  },
  passwordResetsByEmail: {
    lockClass: 2_024_010,
    windowMs: HOUR_MS,
    rows: (email) => ({
      table: passwordResetRequests,
      at: passwordResetRequests.requestedAt,
      where: eq(passwordResetRequests.email, email),
    }),
    reason: (limit) => `A reset link was asked for this email ${limit} times in the last hour.`,
  },
  passwordResetsByAddress: {
    lockClass: 2_024_011,
    windowMs: HOUR_MS,
    rows: (address) => ({
      table: passwordResetRequests,
      at: passwordResetRequests.requestedAt,
      where: eq(passwordResetRequests.address, address),
    }),
    reason: (limit) => `${limit} reset links were asked for from your address in the last hour.`,
  },
};
const CAR_LOCK_CLASS = 2_024_009;

/**
 * Refuses the write with 429 and Retry-After when `subject` (an account, or an address for
 * registrations) has made `limit` of this kind in its window. Call it in the transaction that then
 * stores the write: the lock it takes lasts until that transaction ends.
 */
export async function enforceQuota(tx: Database, kind: RateKind, subject: string, limit: number, now: Date): Promise<void> {
  const rate = RATES[kind];
  await lockAttempts(tx, rate.lockClass, subject);
  const wait = await secondsUntilAllowed(tx, rate.rows(subject), { limit, windowMs: rate.windowMs }, now);
  if (wait > 0) throw tooManyAttempts(rate.reason(limit), wait);
}

/** Addresses this process remembers registrations of before it forgets the ones whose hour has passed. */
const REMEMBERED_ADDRESSES = 10_000;

/**
 * Counts a registration attempt from an address before its password is hashed, or refuses it with
 * 429 once the address made `perHour` in the hour. Attempts, not accounts: a refused duplicate cost a
 * hash too. The database's count is the one every instance shares; this process also remembers the
 * attempts it let through, so a flood from one address is refused from memory without a query each
 * (400 queries for 400 sign-ups slowed every other request by a second on PGlite). Forgetting is
 * always safe: the database still counts.
 */
export function registrationCounter(perHour: number): (db: Database, address: string, now: Date) => Promise<void> {
  const admitted = new Map<string, number[]>();
  const recent = (address: string, now: Date) => (admitted.get(address) ?? []).filter((at) => at > now.getTime() - HOUR_MS);

  return async (db, address, now) => {
    const times = recent(address, now);
    const [oldest] = times;
    if (oldest !== undefined && times.length >= perHour) {
      throw tooManyAttempts(
        RATES.registrations.reason(perHour),
        Math.max(1, Math.ceil((oldest + HOUR_MS - now.getTime()) / 1000)),
      );
    }
    if (admitted.size >= REMEMBERED_ADDRESSES) {
      for (const key of admitted.keys()) if (recent(key, now).length === 0) admitted.delete(key);
      if (admitted.size >= REMEMBERED_ADDRESSES) admitted.clear();
    }
    admitted.set(address, [...times, now.getTime()]);
    try {
      await db.transaction(async (tx) => {
        await enforceQuota(tx, 'registrations', address, perHour, now);
        await tx.delete(registrationAttempts).where(lt(registrationAttempts.attemptedAt, new Date(now.getTime() - HOUR_MS)));
        await tx.insert(registrationAttempts).values({ address, attemptedAt: now });
      });
    } catch (error) {
      // Not counted in the database (another instance's attempts filled the hour): not counted here either.
      admitted.set(
        address,
        recent(address, now).filter((at) => at !== now.getTime()),
      );
      throw error;
    }
  };
}

/**
 * Refuses a new car with 409 once its owner lists `limit`. 409 rather than 429: no wait makes room,
 * only deleting a car does, and a Retry-After would invite clients to retry for nothing.
 */
export async function checkCarLimit(tx: Database, ownerId: string, limit: number): Promise<void> {
  await lockAttempts(tx, CAR_LOCK_CLASS, ownerId);
  const [listed] = await tx
    .select({ n: count() })
    .from(cars)
    .where(and(eq(cars.ownerId, ownerId), eq(cars.kind, 'listed')));
  if ((listed?.n ?? 0) >= limit) {
    throw new HttpError(409, `You already list ${limit} cars, the most one owner may list. Delete one to add another.`);
  }
}
