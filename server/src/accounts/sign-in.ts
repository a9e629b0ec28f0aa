import { and, eq, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { countAttempts, secondsUntilAllowed, type AttemptLimit, type AttemptRows } from '../db/attempt-window';
import type { Clock } from '../clock/clock';
import type { Database } from '../db/client';
import { accounts, signInFailures, type AccountRow } from '../db/schema';
import { HttpError, tooManyAttempts } from '../http/errors';
import type { Passwords } from '../auth/passwords';
import { QueueFullError } from '../limits/work-queue';
import { signInAttemptsMail } from '../mail/account-mails';
import { queueMail } from '../mail/outbox';
import { t } from '../i18n';

const WINDOW_MS = 15 * 60 * 1000;
/** Wrong passwords for one login from one address: that pair then waits, and the owner elsewhere does not. */
const PAIR_LIMIT: AttemptLimit = { limit: 10, windowMs: WINDOW_MS };
/**
 * Failures from one address whatever the logins, against one address trying many accounts. Generous,
 * since behind carrier-grade NAT hundreds of people share one public IPv4 address.
 */
const ADDRESS_LIMIT: AttemptLimit = { limit: 100, windowMs: WINDOW_MS };
/**
 * Failures for one login from every address after which each answer for it is slowed, never
 * refused: a stranger's guesses cannot shut the owner out. The delay doubles with each further
 * failure, from the first step up to the cap.
 */
export const SLOWDOWN = { after: 10, firstMs: 250, maxMs: 4000 };
const SLOWDOWN_STEPS = Math.log2(SLOWDOWN.maxMs / SLOWDOWN.firstMs);

const INVALID_CREDENTIALS = 'server.signIn.invalidCredentials';

/** Which accounts a login may name: the user and owner forms take emails; the sign-in page and `/api/session` also usernames. */
export type LoginKind = 'email' | 'email-or-username';

export interface SignInAttempt {
  login: string;
  password: string;
  kind: LoginKind;
  /** The client's address as limits count it (an IPv6 address as its /64): see addressKey. */
  address: string;
}

function findAccount(db: Database, normalized: string, kind: LoginKind): Promise<AccountRow[]> {
  const byUsername = kind === 'email-or-username' && !normalized.includes('@');
  const match: SQL = byUsername ? sql`lower(${accounts.username}) = ${normalized}` : eq(accounts.email, normalized);
  return db.select().from(accounts).where(match).limit(1);
}

function failuresOf(where: SQL | undefined): AttemptRows {
  return { table: signInFailures, at: signInFailures.failedAt, where };
}

/** How long an answer for a login with `failures` recent failures from every address waits. */
export function slowdownMs(failures: number): number {
  if (failures < SLOWDOWN.after) return 0;
  return Math.min(SLOWDOWN.maxMs, SLOWDOWN.firstMs * 2 ** (failures - SLOWDOWN.after));
}

/** Where the mail warning an account's owner of guesses (warnOwner) points them to choose a new password. */
export interface SignInLinks {
  forgotPasswordUrl: string;
}

/**
 * Checks a login and password and returns the account, or throws the contract's answer: 429 while
 * this login has 10 recent failures from this address, or the address 100 whatever the logins; 401
 * for an unknown login or a wrong password alike; 403 for a disabled account or one of another role
 * than the form's; 503 at once, before any work, while too many sign-ins from this address or in
 * all wait for a hash (Passwords.checking). Only 401s count as failures, and a success clears this
 * login's failures from this address. A login with 10 recent failures from anywhere is answered
 * slowly (slowdownMs), one attempt at a time in this process, others meanwhile refused with 429:
 * attempts sent at once would otherwise each wait out the slowdown side by side. The account's
 * owner is mailed when its failures reach that threshold, at most once a day (warnOwner).
 *
 * Every count is kept by the login as typed, never by the account it names, and the limits are
 * checked before the account is looked up: an unknown login is limited, slowed and answered exactly
 * as a real one, and an email's failures say nothing about which username shares its account.
 */
export function signIn(
  db: Database,
  passwords: Passwords,
  attempt: SignInAttempt,
  clock: Clock,
  links: SignInLinks,
): Promise<AccountRow> {
  return passwords.checking(attempt.address, async (verify) => {
    const now = clock.now();
    const login = attempt.login.trim().toLowerCase();
    const subject = `login:${login}`;

    // The attempt is stored as a failure before anything is checked, so attempts made at the same
    // moment count each other: without that, any number of them would pass the check below before
    // the first failure was written. It is taken back when the answer is 429 or the password is right.
    const [recorded] = await db
      .insert(signInFailures)
      .values({ subject, address: attempt.address, failedAt: now })
      .returning({ id: signInFailures.id });
    if (!recorded) throw new Error('storing the sign-in attempt returned no row');
    const takeBack = () => db.delete(signInFailures).where(eq(signInFailures.id, recorded.id));
    const earlier = ne(signInFailures.id, recorded.id);
    const ofLogin = and(earlier, eq(signInFailures.subject, subject));
    const fromAddress = and(earlier, eq(signInFailures.address, attempt.address));

    const wait = Math.max(
      await secondsUntilAllowed(db, failuresOf(and(ofLogin, fromAddress)), PAIR_LIMIT, now),
      await secondsUntilAllowed(db, failuresOf(fromAddress), ADDRESS_LIMIT, now),
    );
    if (wait > 0) {
      await takeBack();
      throw tooManyAttempts(t('server.signIn.tooManyFailures'), wait);
    }
    const failures = await countAttempts(db, failuresOf(ofLogin), WINDOW_MS, now, SLOWDOWN.after + SLOWDOWN_STEPS);
    const delay = slowdownMs(failures);

    const check = async () => {
      if (delay > 0) await clock.hold(delay);
      const [account] = await findAccount(db, login, attempt.kind);
      const passwordMatches = await verify(attempt.password, account?.passwordHash);
      if (!account || !passwordMatches) {
        await db.delete(signInFailures).where(lt(signInFailures.failedAt, new Date(now.getTime() - WINDOW_MS)));
        if (account && failures + 1 >= SLOWDOWN.after) await warnOwner(db, account, failures + 1, now, links);
        throw new HttpError(401, t(INVALID_CREDENTIALS));
      }
      await db
        .delete(signInFailures)
        .where(and(eq(signInFailures.subject, subject), eq(signInFailures.address, attempt.address)));

      if (account.disabled) throw new HttpError(403, t('server.signIn.disabled'));
      return account;
    };
    if (delay === 0) return check();
    let started = false;
    try {
      return await passwords.oneCheckPerLogin(subject, () => {
        started = true;
        return check();
      });
    } catch (error) {
      if (started || !(error instanceof QueueFullError)) throw error;
      await takeBack();
      throw new HttpError(429, t('server.signIn.oneAtATime'), { 'retry-after': String(Math.ceil(delay / 1000)) });
    }
  });
}

/** The day within which an account's owner is warned of guesses once. */
const WARNING_INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Mails the owner that someone is guessing their password, unless they were mailed so within the
 * last day: the claim and the mail are one transaction, so attempts at once send one mail.
 */
async function warnOwner(db: Database, account: AccountRow, failures: number, now: Date, links: SignInLinks): Promise<void> {
  const dayAgo = new Date(now.getTime() - WARNING_INTERVAL_MS);
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(accounts)
      .set({ signInWarningSentAt: now })
      .where(
        and(eq(accounts.id, account.id), or(isNull(accounts.signInWarningSentAt), lte(accounts.signInWarningSentAt, dayAgo))),
      )
      .returning({ id: accounts.id });
    if (claimed) await queueMail(tx, [signInAttemptsMail(account, failures, now, links.forgotPasswordUrl)], now);
  });
}

/** Remembers when the account signed in, for the admin console: a sign-in, not a check of the current password. */
export async function recordSignIn(db: Database, accountId: string, now: Date): Promise<void> {
  await db.update(accounts).set({ lastSignInAt: now }).where(eq(accounts.id, accountId));
}
