import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { RESET_LINK_MINUTES } from '#domain/schemas/password-reset';
import type { Passwords } from '../auth/passwords';
import type { Clock } from '../clock/clock';
import type { Database } from '../db/client';
import { accounts, passwordResetRequests, passwordResetTokens } from '../db/schema';
import { HttpError } from '../http/errors';
import { enforceQuota, HOUR_MS, PASSWORD_RESET_LIMITS } from '../limits/quotas';
import { passwordChangedMail, passwordResetMail } from '../mail/account-mails';
import { queueMail } from '../mail/outbox';
import { endAllSessions } from './sessions';
import { t } from '../i18n';

const TOKEN_BYTES = 32;

export const UNKNOWN_LINK = 'server.passwordReset.unknownLink';
export const USED_LINK = 'server.passwordReset.usedLink';
export const EXPIRED_LINK = () => t('server.passwordReset.expiredLink', { minutes: RESET_LINK_MINUTES });

/** Only this hash is stored, so a leaked table holds no working link. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Where the links and mails of a reset point: the site's public address. */
export interface ResetLinks {
  publicUrl: string;
}

/**
 * Counts a reset asked for `email` from `address` (refused with 429 past either hourly limit, alike
 * for an email with an account or without one) and leaves it for mailRequestedResets. Nothing here
 * depends on whether the email has an account, so the answer takes as long for any email.
 */
export async function requestPasswordReset(
  db: Database,
  { email, address }: { email: string; address: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // The same order everywhere, so two requests never wait on each other's lock.
    await enforceQuota(tx, 'passwordResetsByAddress', address, PASSWORD_RESET_LIMITS.perAddress, now);
    await enforceQuota(tx, 'passwordResetsByEmail', email, PASSWORD_RESET_LIMITS.perEmail, now);
    await tx
      .delete(passwordResetRequests)
      .where(
        and(lt(passwordResetRequests.requestedAt, new Date(now.getTime() - HOUR_MS)), isNotNull(passwordResetRequests.handledAt)),
      );
    await tx.insert(passwordResetRequests).values({ email, address, requestedAt: now });
  });
}

/** Requests taken per transaction: a few, so one round never holds many rows another instance could take. */
const RESET_BATCH = 20;

/**
 * One background round: every reset asked for and not handled yet is marked handled and, for an
 * active account, gets a link that works once, for `RESET_LINK_MINUTES` from now, mailed through the
 * queue. Rows another instance is taking are skipped, so each request is mailed once. Answers how many.
 */
export async function mailRequestedResets(db: Database, links: ResetLinks, now: Date): Promise<number> {
  let handled = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const pending = await tx
        .select({ id: passwordResetRequests.id, email: passwordResetRequests.email })
        .from(passwordResetRequests)
        .where(isNull(passwordResetRequests.handledAt))
        .orderBy(asc(passwordResetRequests.id))
        .limit(RESET_BATCH)
        .for('update', { skipLocked: true });
      if (pending.length === 0) return 0;
      await tx
        .update(passwordResetRequests)
        .set({ handledAt: now })
        .where(
          inArray(
            passwordResetRequests.id,
            pending.map(({ id }) => id),
          ),
        );
      const found = await tx
        .select()
        .from(accounts)
        .where(and(inArray(accounts.email, [...new Set(pending.map(({ email }) => email))]), eq(accounts.disabled, false)));
      const byEmail = new Map(found.map((account) => [account.email, account]));
      const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60 * 1000);
      const mails = [];
      for (const { email } of pending) {
        const account = byEmail.get(email);
        if (!account) continue;
        const token = randomBytes(TOKEN_BYTES).toString('base64url');
        await tx
          .insert(passwordResetTokens)
          .values({ tokenHash: hashToken(token), accountId: account.id, expiresAt, createdAt: now });
        const link = `${links.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        mails.push(passwordResetMail(account, link, expiresAt));
      }
      await queueMail(tx, mails, now);
      return pending.length;
    });
    handled += taken;
    if (taken < RESET_BATCH) return handled;
  }
}

/** The link and the account it is for, or the 400 saying why the link does not work. */
async function workingLink(db: Database, tokenHash: string, now: Date, { lock = false } = {}) {
  const query = db
    .select({ reset: passwordResetTokens, account: accounts })
    .from(passwordResetTokens)
    .innerJoin(accounts, eq(accounts.id, passwordResetTokens.accountId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  const [link] = lock ? await query.for('update') : await query;
  if (!link || link.account.disabled) throw new HttpError(400, t(UNKNOWN_LINK));
  if (link.reset.usedAt) throw new HttpError(400, t(USED_LINK));
  if (link.reset.expiresAt <= now) throw new HttpError(400, EXPIRED_LINK());
  return link;
}

/**
 * When the reset link of `token` stops working, or the 400 saying why it already does not: its page
 * asks as it opens, so a used or expired link says so before anyone types a new password.
 */
export async function checkPasswordResetLink(db: Database, token: string, now: Date): Promise<{ expiresAt: Date }> {
  const { reset } = await workingLink(db, hashToken(token), now);
  return { expiresAt: reset.expiresAt };
}

/**
 * Sets the password a reset link was mailed for, uses up every reset link of the account, ends all
 * its sessions and mails it that its password changed; a link that does not work is a 400.
 */
export async function confirmPasswordReset(
  db: Database,
  passwords: Passwords,
  { token, password }: { token: string; password: string },
  links: ResetLinks,
  clock: Clock,
): Promise<void> {
  const tokenHash = hashToken(token);
  // Checked before the slow hash, so made-up tokens cost a query, not a hash; checked again, locked,
  // in the transaction, where two uses of one link meet.
  await workingLink(db, tokenHash, clock.now());
  const passwordHash = await passwords.hash(password);
  await db.transaction(async (tx) => {
    const now = clock.now();
    const { account } = await workingLink(tx, tokenHash, now, { lock: true });
    await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, account.id));
    // Every other link mailed to this account stops working too: the password they were for is gone.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.accountId, account.id), isNull(passwordResetTokens.usedAt)));
    await endAllSessions(tx, account.id);
    await queueMail(tx, [passwordChangedMail(account, now, `${links.publicUrl}/forgotpassword`)], now);
  });
}
