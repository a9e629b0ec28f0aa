import { LRUCache } from 'lru-cache';
import type { AccountRow } from '../db/schema';
import type { ChangeFeed } from '../db/change-notices';

export interface LiveSession {
  account: AccountRow;
  expiresAt: Date;
}

/** Enough for every session active in the last minute on a busy instance; each is a few hundred bytes. */
const MAX_SESSIONS = 20_000;
/**
 * A bound of its own, should a notice ever be missed unnoticed: no lookup is trusted longer. Real time,
 * not the app's clock: it bounds how long memory may lag the database, which no rule compares.
 */
const KEEP_MS = 60_000;

/**
 * Who is behind a session token, kept in memory so a signed-in request costs no query. Dropped for
 * an account whenever the database says its row or one of its sessions changed (sign-out, a new
 * password, being disabled: db/change-notices.ts), on every instance. A lookup that raced such a
 * change is not kept: every drop counts, and a lookup is kept only if none came while it ran.
 */
export function sessionCache(changes: ChangeFeed) {
  const sessions = new LRUCache<string, LiveSession>({ max: MAX_SESSIONS, ttl: KEEP_MS });
  let drops = 0;
  changes.onAccount((accountId) => {
    drops += 1;
    if (accountId === undefined) {
      sessions.clear();
      return;
    }
    for (const [tokenHash, session] of sessions.entries()) {
      if (session.account.id === accountId) sessions.delete(tokenHash);
    }
  });

  return {
    /** The account behind `tokenHash` at `now`, from memory unless it is not kept or its session has ended. */
    async find(tokenHash: string, now: Date, lookUp: () => Promise<LiveSession | null>): Promise<AccountRow | null> {
      const kept = changes.heard ? sessions.get(tokenHash) : undefined;
      if (kept && kept.expiresAt > now) return kept.account;
      const dropsBefore = drops;
      const found = await lookUp();
      if (found && changes.heard && drops === dropsBefore) sessions.set(tokenHash, found);
      return found?.account ?? null;
    },
  };
}
