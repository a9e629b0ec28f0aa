import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MessageAnswer } from '#domain/schemas/messages';
import {
  PasswordResetCheck,
  PasswordResetConfirm,
  PasswordResetLink,
  PasswordResetRequest,
  RESET_LINK_MINUTES,
} from '#domain/schemas/password-reset';
import {
  checkPasswordResetLink,
  confirmPasswordReset,
  EXPIRED_LINK,
  requestPasswordReset,
  UNKNOWN_LINK,
  USED_LINK,
} from '../accounts/password-reset';
import { addressKey } from '../auth/client-address';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { PASSWORD_RESET_LIMITS } from '../limits/quotas';
import { t } from '../i18n';

const TAGS = ['accounts'];

/** The one answer to every accepted reset request: it must not tell whether the email has an account. */
export const RESET_REQUESTED_ID = 'server.passwordReset.resetRequested';
const PASSWORD_SET = 'server.passwordReset.passwordSet';
const LINK_REFUSALS = `"${t(UNKNOWN_LINK)}" "${t(USED_LINK)}" "${EXPIRED_LINK()}"`;

export const passwordResetRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.post(
    '/api/password-reset',
    {
      schema: {
        tags: TAGS,
        summary: 'Ask for a link to choose a new password',
        description: `Always \`202\` with the same message, for an email with an account or without one. The answer does not wait for the link: for an account, a link to \`{PUBLIC_URL}/reset-password?token=…\` is made and mailed right after; it works once, for ${RESET_LINK_MINUTES} minutes. At most ${PASSWORD_RESET_LIMITS.perEmail} requests an hour per email and ${PASSWORD_RESET_LIMITS.perAddress} per address, counted alike whether or not the email has an account.`,
        body: PasswordResetRequest,
        response: {
          202: answer(MessageAnswer, `"${t(RESET_REQUESTED_ID)}"`),
          ...errors([...JSON_BODY_ERRORS], {
            400: 'The email is missing or not an email address.',
            429: 'Too many reset links asked for this email or from this address in the last hour; Retry-After says when to try again.',
          }),
        },
      },
    },
    async (request, reply) => {
      const asked = { email: request.body.email, address: addressKey(request.ip) };
      await requestPasswordReset(app.db, asked, app.clock.now());
      reply.code(202);
      return { message: t(RESET_REQUESTED_ID) };
    },
  );

  app.post(
    '/api/password-reset/check',
    {
      schema: {
        tags: TAGS,
        summary: 'Whether a reset link still works',
        description:
          'Changes nothing: the reset page asks as it opens, so a used or expired link says so before a new password is typed.',
        body: PasswordResetCheck,
        response: {
          200: answer(PasswordResetLink, 'The link works until `expiresAt`.'),
          ...errors([...JSON_BODY_ERRORS], { 400: `A link that does not work: ${LINK_REFUSALS}` }),
        },
      },
    },
    async (request) => {
      const { expiresAt } = await checkPasswordResetLink(app.db, request.body.token, app.clock.now());
      return { expiresAt: expiresAt.toISOString() };
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
          200: answer(MessageAnswer, `"${t(PASSWORD_SET)}"`),
          ...errors([...JSON_BODY_ERRORS], {
            400: `A password shorter than 8 or longer than 128 characters, "Passwords do not match.", or a link that does not work: ${LINK_REFUSALS}`,
          }),
        },
      },
    },
    async (request) => {
      await confirmPasswordReset(app.db, app.passwords, request.body, { publicUrl }, app.clock);
      return { message: t(PASSWORD_SET) };
    },
  );
};
