import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, sessions } from '../db/schema';
import type { LiveSession } from './session-cache';

export const SESSION_COOKIE = 'session';

/**
 * The cookie's name: with Secure, the `__Host-` prefix, so browsers take it only from this very host
 * over HTTPS with Path=/ and no Domain, and a sibling subdomain cannot plant or overwrite it.
 */
export function sessionCookieName(cookieSecure: boolean): string {
  return cookieSecure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;
const TOKEN_BYTES = 32;

/** Only this hash reaches the database, so a leaked table cannot be replayed as cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Starts a session and returns the token for the cookie; the account's expired sessions are swept on the way. */
export async function createSession(db: Database, accountId: string): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const now = new Date();
  await db.delete(sessions).where(and(eq(sessions.accountId, accountId), lte(sessions.expiresAt, now)));
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    accountId,
    expiresAt: new Date(now.getTime() + SESSION_TTL_SECONDS * 1000),
  });
  return token;
}

/** The account behind a live session, and when the session ends; null for an unknown or expired token or a disabled account. */
export async function findSession(db: Database, tokenHash: string): Promise<LiveSession | null> {
  const [row] = await db
    .select({ account: accounts, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(accounts, eq(accounts.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date()), eq(accounts.disabled, false)))
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
