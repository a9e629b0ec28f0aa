import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageAnswer } from '#domain/schemas/messages';
import { PasswordResetConfirm, PasswordResetRequest, RESET_LINK_MINUTES } from '#domain/schemas/password-reset';
import { addressKey } from '../auth/client-address';
import { endAllSessions } from '../auth/session-store';
import type { Database } from '../db/client';
import { accounts, passwordResetRequests, passwordResetTokens, type AccountRow } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { enforceQuota, PASSWORD_RESET_LIMITS } from '../http/quotas';
import { passwordChangedMail, passwordResetMail } from '../mail/account-mails';
import { queueMail } from '../mail/outbox';

const TAGS = ['accounts'];
const HOUR_MS = 60 * 60 * 1000;
const TOKEN_BYTES = 32;

/** The one answer to every accepted reset request: it must not tell whether the email has an account. */
export const RESET_REQUESTED =
  'If an account uses this email, we have sent it a link to choose a new password. It works for 30 minutes; check your spam folder if it does not arrive.';
const PASSWORD_SET = 'Your new password is set, and every device signed in with the old one was signed out. Sign in with it.';
const UNKNOWN_LINK = 'This reset link is not valid. Ask for a new one on the Forgot Password page.';
const USED_LINK = 'This reset link has already been used. Ask for a new one on the Forgot Password page.';
const EXPIRED_LINK = `This reset link has expired: links work for ${RESET_LINK_MINUTES} minutes. Ask for a new one on the Forgot Password page.`;

/** Only this hash is stored, so a leaked table holds no working link. */
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The account a reset link is for, or the 400 saying why the link does not work. */
async function workingLink(db: Database, tokenHash: string, now: Date, { lock = false } = {}): Promise<AccountRow> {
  const query = db
    .select({ reset: passwordResetTokens, account: accounts })
    .from(passwordResetTokens)
    .innerJoin(accounts, eq(accounts.id, passwordResetTokens.accountId))
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  const [link] = lock ? await query.for('update') : await query;
  if (!link || link.account.disabled) throw new HttpError(400, UNKNOWN_LINK);
  if (link.reset.usedAt) throw new HttpError(400, USED_LINK);
  if (link.reset.expiresAt <= now) throw new HttpError(400, EXPIRED_LINK);
  return link.account;
}

export const passwordResetRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.post(
    '/api/password-reset',
    {
      schema: {
        tags: TAGS,
        summary: 'Ask for a link to choose a new password',
        description: `Always \`202\` with the same message, for an email with an account or without one. For an account, a link to \`{PUBLIC_URL}/reset-password?token=…\` is mailed; it works once, for ${RESET_LINK_MINUTES} minutes. At most ${PASSWORD_RESET_LIMITS.perEmail} requests an hour per email and ${PASSWORD_RESET_LIMITS.perAddress} per address, counted alike whether or not the email has an account.`,
        body: PasswordResetRequest,
        response: {
          202: answer(MessageAnswer, `"${RESET_REQUESTED}"`),
          ...errors([...JSON_BODY_ERRORS], {
            400: 'The email is missing or not an email address.',
            429: 'Too many reset links asked for this email or from this address in the last hour; Retry-After says when to try again.',
          }),
        },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      const address = addressKey(request.ip);
      const now = new Date();
      await app.db.transaction(async (tx) => {
        // The same order everywhere, so two requests never wait on each other's lock.
        await enforceQuota(tx, 'passwordResetsByAddress', address, PASSWORD_RESET_LIMITS.perAddress, now);
        await enforceQuota(tx, 'passwordResetsByEmail', email, PASSWORD_RESET_LIMITS.perEmail, now);
        await tx.delete(passwordResetRequests).where(lt(passwordResetRequests.requestedAt, new Date(now.getTime() - HOUR_MS)));
        await tx.insert(passwordResetRequests).values({ email, address, requestedAt: now });

        const [account] = await tx
          .select()
          .from(accounts)
          .where(and(eq(accounts.email, email), eq(accounts.disabled, false)));
        if (!account) return;
        const token = randomBytes(TOKEN_BYTES).toString('base64url');
        const expiresAt = new Date(now.getTime() + RESET_LINK_MINUTES * 60 * 1000);
        await tx.insert(passwordResetTokens).values({ tokenHash: hashToken(token), accountId: account.id, expiresAt });
        const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await queueMail(tx, [passwordResetMail(account, link, expiresAt)]);
      });
      reply.code(202);
      return { message: RESET_REQUESTED };
    },
  );

  app.post(
    '/api/password-reset/confirm',
    {
      schema: {
        tags: TAGS,
        summary: 'Choose a new password with the link from the mail',
        description:
          'Sets the password, uses up every reset link of the account and ends all its sessions (it is not signed in: the person signs in with the new password). A mail tells the account its password changed.',
        body: PasswordResetConfirm,
        response: {
          200: answer(MessageAnswer, `"${PASSWORD_SET}"`),
          ...errors([...JSON_BODY_ERRORS], {
            400: `A password shorter than 8 or longer than 128 characters, "Passwords do not match.", or a link that does not work: "${UNKNOWN_LINK}" "${USED_LINK}" "${EXPIRED_LINK}"`,
          }),
        },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      const tokenHash = hashToken(token);
      // Checked before the slow hash, so made-up tokens cost a query, not a hash; checked again, locked,
      // in the transaction, where two uses of one link meet.
      await workingLink(app.db, tokenHash, new Date());
      const passwordHash = await app.passwords.hash(password);
      await app.db.transaction(async (tx) => {
        const now = new Date();
        const account = await workingLink(tx, tokenHash, now, { lock: true });
        await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, account.id));
        // Every other link mailed to this account stops working too: the password they were for is gone.
        await tx
          .update(passwordResetTokens)
          .set({ usedAt: now })
          .where(and(eq(passwordResetTokens.accountId, account.id), isNull(passwordResetTokens.usedAt)));
        await endAllSessions(tx, account.id);
        await queueMail(tx, [passwordChangedMail(account, now, `${publicUrl}/forgotpassword`)]);
      });
      return { message: PASSWORD_SET };
    },
  );
};
