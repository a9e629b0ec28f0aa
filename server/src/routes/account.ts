import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccountSaved,
  AccountUpdate,
  OWNER_COUNTRY_REQUIRED,
  OWNER_PHONE_REQUIRED,
  ownerDetailCleared,
  PasswordChange,
} from '#domain/schemas/account';
import { SessionAnswer } from '#domain/schemas/accounts';
import { MessageAnswer } from '#domain/schemas/messages';
import { proveCurrentPassword, saveContactDetails, setPassword, WRONG_CURRENT_PASSWORD } from '../accounts/profile';
import { endAllSessions } from '../accounts/sessions';
import { addressKey } from '../auth/client-address';
import { toAccount } from '../contract-shapes';
import type { Database } from '../db/client';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import { issueWords } from '../http/check-words';
import { t } from '../i18n';

const TAGS = ['account'];

const DETAILS_SAVED = 'server.account.detailsSaved';
const PASSWORD_CHANGED = 'server.account.passwordChanged';

/** The signed-in person's own account, whatever its role. */
export const ownAccountRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get(
    '/api/account',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'The signed-in account',
        description: 'Any role. Username and email are shown, not changed.',
        security: SIGNED_IN,
        response: { 200: answer(SessionAnswer, 'The signed-in account.'), ...errors([401]) },
      },
    },
    async (request) => ({ user: toAccount(signedInAccount(request)) }),
  );

  app.patch(
    '/api/account',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Change the phone number or the country',
        description:
          'A field left out stays as it is; a blank or null one is cleared. Owners may change both but not clear either; renters and admins may clear them.',
        security: SIGNED_IN,
        body: AccountUpdate,
        response: {
          200: answer(AccountSaved, `"${t(DETAILS_SAVED)}", with the account as it now stands.`),
          ...errors([...JSON_BODY_ERRORS, 401], {
            400: `A phone number that is not one, a country over 60 characters, or an owner clearing either: "${issueWords(OWNER_PHONE_REQUIRED)}" "${issueWords(OWNER_COUNTRY_REQUIRED)}" Nothing is changed.`,
          }),
        },
      },
    },
    async (request) => {
      const account = signedInAccount(request);
      const refusal = ownerDetailCleared(account.role, request.body);
      if (refusal) throw new HttpError(400, issueWords(refusal));
      const saved = await saveContactDetails(app.db, account, request.body);
      return { message: t(DETAILS_SAVED), user: toAccount(saved) };
    },
  );

  app.post(
    '/api/account/password',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Change the password',
        description:
          'Needs the current password. Every other session of the account ends; this one stays signed in. A mail tells the account its password changed. A wrong current password counts as a failed sign-in for the account from this address.',
        security: SIGNED_IN,
        body: PasswordChange,
        response: {
          200: answer(MessageAnswer, `"${t(PASSWORD_CHANGED)}"`),
          ...errors([...JSON_BODY_ERRORS, 401, 403, 503], {
            400: 'The current password is missing, the new one is shorter than 8 or longer than 128 characters, or "Passwords do not match.".',
            403: `"${t(WRONG_CURRENT_PASSWORD)}" Nothing is changed.`,
            429: 'Too many failed sign-ins (a wrong current password counts as one) for this account from this address, or too many requests; Retry-After says when to try again.',
            503: 'Too many sign-ins waiting for their password to be checked, from this address or from all: the current password was not checked. Retry-After says when to try again.',
          }),
        },
      },
    },
    async (request, reply) => {
      const account = signedInAccount(request);
      const { currentPassword, password } = request.body;
      const attempt = { password: currentPassword, address: addressKey(request.ip) };
      const forgotPasswordUrl = `${publicUrl}/forgotpassword`;
      await proveCurrentPassword(app.db, app.passwords, account, attempt, app.clock, { forgotPasswordUrl });
      const passwordHash = await app.passwords.hash(password);
      const change = {
        passwordHash,
        forgotPasswordUrl,
        endSessions: (tx: Database) => reply.endOtherSessions(tx),
      };
      await setPassword(app.db, account, change, app.clock.now());
      return { message: t(PASSWORD_CHANGED) };
    },
  );

  app.delete(
    '/api/account/sessions',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Sign out of all devices',
        description: 'Ends every session of the account, this one too, and clears its cookie.',
        security: SIGNED_IN,
        response: {
          204: z.undefined().describe('Signed out everywhere.'),
          ...errors([401]),
        },
      },
    },
    async (request, reply) => {
      await endAllSessions(app.db, signedInAccount(request).id);
      await reply.endSession();
      return reply.code(204).send();
    },
  );
};
