import type { FastifyReply, FastifyRequest } from 'fastify';
import { LoginAnswer } from '#domain/schemas/accounts';
import { recordSignIn, signIn, type SignInAttempt, type SignInLinks } from '../accounts/sign-in';
import { toAccount } from '../contract-shapes';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { addressKey } from './client-address';
import { SIGN_INS_WAITING_MAX, SIGN_INS_WAITING_PER_ADDRESS } from './hash-queue';
import { t } from '../i18n';

/** The answers of every sign-in endpoint. */
export const SIGN_IN_ANSWERS = {
  200: answer(LoginAnswer, 'Signed in: the answer sets the session cookie (a new one, if the request came with one).'),
  ...errors([...JSON_BODY_ERRORS, 401, 403, 503], {
    400: 'The password is missing, or a field is too long.',
    401: 'Invalid email or password: the same answer for an unknown login and a wrong password.',
    403: 'The password is right, but the account is disabled.',
    429: 'Too many failed sign-ins for this login from this address, or from this address for any login; or, past 10 failures for this login from anywhere, another sign-in with it being checked at this moment; or too many requests. The same answer whether or not the login names an account. Retry-After says when to try again.',
    503: `Too many sign-ins waiting for their password to be checked, from this address (${SIGN_INS_WAITING_PER_ADDRESS}) or from all (${SIGN_INS_WAITING_MAX}): turned away before any check, and not counted as a failure. Retry-After says when to try again.`,
  }),
};

/**
 * Signs `accountId` in on `reply`: a new session and its cookie, and the sign-in on record. Every
 * sign-in endpoint ends here, and so does a registration, which signs the new account in.
 */
export async function startSignedIn(reply: FastifyReply, accountId: string): Promise<void> {
  const { db, clock } = reply.server;
  await reply.startSession(accountId);
  // Here and not in signIn, which also checks the current password of a signed-in person changing it: that is no sign-in.
  await recordSignIn(db, accountId, clock.now());
}

/** Checks the login, starts the session and answers as every sign-in endpoint does. */
export async function answerSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
  attempt: Omit<SignInAttempt, 'address'>,
  links: SignInLinks,
): Promise<LoginAnswer> {
  const { db, passwords, clock } = request.server;
  const account = await signIn(db, passwords, { ...attempt, address: addressKey(request.ip) }, clock, links);
  await startSignedIn(reply, account.id);
  return { message: t('server.answerSignIn.signedIn'), user: toAccount(account) };
}
