import { randomBytes } from 'node:crypto';
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { LiveSession } from '../auth/session-cache';
import { hashToken, SESSION_TTL_SECONDS } from '../auth/session-token';
import type { Database } from '../db/client';
import { accounts, sessions } from '../db/schema';

const TOKEN_BYTES = 32;

/** Starts a session and returns the token for the cookie; the account's expired sessions are swept on the way. */
export async function createSession(db: Database, accountId: string, now: Date): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await db.delete(sessions).where(and(eq(sessions.accountId, accountId), lte(sessions.expiresAt, now)));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    accountId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
  });
  return token;
}

/** The account behind a live session, and when the session ends; null for an unknown or expired token or a disabled account. */
export async function findSession(db: Database, tokenHash: string, now: Date): Promise<LiveSession | null> {
  const [row] = await db
    .select({ account: accounts, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now), eq(accounts.disabled, false)))
    .limit(1);
  return row ?? null;
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** Signs the account out everywhere: after its password changes, no device signed in with the old one stays in. */
export async function endAllSessions(db: Database, accountId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.accountId, accountId));
}

/** Signs the account out on every other device: the one that changed its password stays signed in. */
export async function endOtherSessions(db: Database, accountId: string, keptToken: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.accountId, accountId), ne(sessions.tokenHash, hashToken(keptToken))));
}
