import { lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { registrationAttempts } from '../db/schema';
import { tooManyAttempts } from '../http/errors';
import { enforceQuota, HOUR_MS, quotaReason } from './quotas';

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
        quotaReason('registrations', perHour),
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
