import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PHONE_CODE_DIGITS,
  PHONE_CODE_MINUTES,
  PHONE_CODE_SEND_MINUTES,
  PHONE_CODE_SENDS,
  PHONE_CODE_TRIES,
} from '#domain/limits';
import { PhoneCodeCheck, PhoneCodeRequest, PhoneCodeSent, PhoneVerified } from '#domain/schemas/phone';
import { CODE_EXPIRED, confirmCode, NO_CODE, sendCode, TRIES_USED, WRONG_CODE } from '../accounts/phone';
import { toAccount } from '../contract-shapes';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { issueWords } from '../http/check-words';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import { t } from '../i18n';

const TAGS = ['account'];
const CODE_SENT = 'server.phone.codeSent';
const CODE_QUEUED = 'server.phone.codeQueued';
const VERIFIED = 'server.phone.verified';

/** The signed-in person proving their phone number: a code texted to it, typed back. */
export const ownPhoneRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/account/phone/code',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Text a code to prove a phone number',
        description: `Any role. Texts a ${PHONE_CODE_DIGITS}-digit code to the Indian mobile, valid for ${PHONE_CODE_MINUTES} minutes; a new code replaces the one before. The account's number changes only once the code is confirmed. At most ${PHONE_CODE_SENDS} codes in ${PHONE_CODE_SEND_MINUTES} minutes per account and per number. \`queued\` is true when the SMS provider did not take the text at once: it is retried, and may take a minute.`,
        security: SIGNED_IN,
        body: PhoneCodeRequest,
        response: {
          200: answer(
            PhoneCodeSent,
            `"${t(CODE_SENT, { number: '{number}' })}", or when queued "${t(CODE_QUEUED, { number: '{number}' })}"`,
          ),
          ...errors([...JSON_BODY_ERRORS, 401], {
            400: `Not an Indian mobile: "${issueWords('checks.callRequest.phone')}" Nothing is sent.`,
            429: `${PHONE_CODE_SENDS} codes already sent in ${PHONE_CODE_SEND_MINUTES} minutes to this account or this number; Retry-After says when to try again.`,
          }),
        },
      },
    },
    async (request) => {
      const sent = await sendCode(app.db, app.sms.settings, signedInAccount(request), request.body.phoneNumber, app.clock.now());
      const delivered = await app.sms.sendNow(sent.smsId);
      return {
        message: t(delivered ? CODE_SENT : CODE_QUEUED, { number: sent.number }),
        queued: !delivered,
        expiresAt: sent.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    '/api/account/phone/confirm',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Confirm the texted code',
        description: `The newest code sent to the account, within ${PHONE_CODE_MINUTES} minutes and ${PHONE_CODE_TRIES} tries: the number it was sent to becomes the account's, verified. Changing the number later (\`PATCH /api/account\`) takes the verification away.`,
        security: SIGNED_IN,
        body: PhoneCodeCheck,
        response: {
          200: answer(PhoneVerified, `"${t(VERIFIED, { number: '{number}' })}", with the account as it now stands.`),
          ...errors([...JSON_BODY_ERRORS, 401], {
            400: `Not ${PHONE_CODE_DIGITS} digits, or: "${t(NO_CODE)}" "${t(CODE_EXPIRED)}" "${t(WRONG_CODE, { left: 1 })}" (a wrong code counts a try) "${t(TRIES_USED, { tries: PHONE_CODE_TRIES })}" The number is not verified.`,
          }),
        },
      },
    },
    async (request) => {
      const saved = await confirmCode(app.db, signedInAccount(request), request.body.code, app.clock.now());
      return { message: t(VERIFIED, { number: saved.phoneNumber ?? '' }), user: toAccount(saved) };
    },
  );
};
