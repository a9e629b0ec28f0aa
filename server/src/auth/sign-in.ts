import { and, desc, eq, gt, lt, sql, type SQL } from 'drizzle-orm';
import type { Role } from '../../../src/domain/contract';
import type { AccountRow } from '../contract-shapes';
import type { Database } from '../db/client';
import { accounts, signInFailures } from '../db/schema';
import { HttpError } from '../http/errors';
import { UNKNOWN_ACCOUNT_HASH, verifyPassword } from './passwords';

const WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_ACCOUNT = 10;
const MAX_FAILURES_PER_ADDRESS = 30;

const INVALID_CREDENTIALS = 'Invalid email or password.';

/** Which accounts a login may name: the user and owner forms take emails; the sign-in page and `/api/session` also usernames. */
export type LoginKind = 'email' | 'email-or-username';

export interface SignInAttempt {
  login: string;
  password: string;
  kind: LoginKind;
  /** The role the form is for; undefined accepts any role. */
  role?: Role;
  /** The client's address, for the per-address limit. */
  address: string;
}

const WRONG_FORM: Record<Role, string> = {
  user: 'This is a user account: sign in on the user tab.',
  owner: 'This is an owner account: sign in on the owner tab.',
  admin: 'This is an admin account: sign in on the sign-in page.',
};

function findAccount(db: Database, login: string, kind: LoginKind): Promise<AccountRow[]> {
  const normalized = login.trim().toLowerCase();
  const byUsername = kind === 'email-or-username' && !normalized.includes('@');
  const match: SQL = byUsername ? sql`lower(${accounts.username}) = ${normalized}` : eq(accounts.email, normalized);
  return db.select().from(accounts).where(match).limit(1);
}

/**
 * Seconds until fewer than `limit` failures remain in the window, or 0 when under the limit. With
 * `limit` or more failures, the `limit`-th newest is the one whose expiry brings the count below it.
 */
async function secondsUntilAllowed(db: Database, where: SQL | undefined, limit: number, now: Date): Promise<number> {
  const [blocking] = await db
    .select({ failedAt: signInFailures.failedAt })
    .from(signInFailures)
    .where(and(where, gt(signInFailures.failedAt, new Date(now.getTime() - WINDOW_MS))))
    .orderBy(desc(signInFailures.failedAt))
    .offset(limit - 1)
    .limit(1);
  if (!blocking) return 0;
  return Math.max(1, Math.ceil((blocking.failedAt.getTime() + WINDOW_MS - now.getTime()) / 1000));
}

async function recordFailure(db: Database, subject: string, address: string, now: Date): Promise<void> {
  await db.insert(signInFailures).values({ subject, address, failedAt: now });
  await db.delete(signInFailures).where(lt(signInFailures.failedAt, new Date(now.getTime() - WINDOW_MS)));
}

/**
 * Checks a login and password and returns the account, or throws the contract's answer: 429 while
 * the account (10) or the address (30) has too many recent failures, 401 for an unknown login or a
 * wrong password alike, 403 for a disabled account or one of another role than the form's. Only
 * 401s count as failures, and a success clears the account's count.
 */
export async function signIn(db: Database, attempt: SignInAttempt): Promise<AccountRow> {
  const now = new Date();
  const [account] = await findAccount(db, attempt.login, attempt.kind);
  // Failures count per account when the login names one, so its email and username share one limit.
  const subject = account ? `account:${account.id}` : `login:${attempt.login.trim().toLowerCase()}`;

  const wait = Math.max(
    await secondsUntilAllowed(db, eq(signInFailures.subject, subject), MAX_FAILURES_PER_ACCOUNT, now),
    await secondsUntilAllowed(db, eq(signInFailures.address, attempt.address), MAX_FAILURES_PER_ADDRESS, now),
  );
  if (wait > 0) {
    const minutes = Math.ceil(wait / 60);
    throw new HttpError(
      429,
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { 'retry-after': String(wait) },
    );
  }

  const passwordMatches = await verifyPassword(attempt.password, account?.passwordHash ?? (await UNKNOWN_ACCOUNT_HASH));
  if (!account || !passwordMatches) {
    await recordFailure(db, subject, attempt.address, now);
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  await db.delete(signInFailures).where(eq(signInFailures.subject, subject));

  if (account.disabled) throw new HttpError(403, 'This account has been disabled. Please contact us for help.');
  if (attempt.role && account.role !== attempt.role) throw new HttpError(403, WRONG_FORM[account.role]);
  return account;
}

