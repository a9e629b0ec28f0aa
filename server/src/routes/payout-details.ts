import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formatIndiaTime } from '#domain/india-time';
import {
  DESTINATION_REQUIRED,
  PAYOUT_DETAILS_HOLD_HOURS,
  PayoutDetailsAnswer,
  PayoutDetailsChange,
  PayoutDetailsSaved,
} from '#domain/schemas/payout-details';
import { checkMayChangePayoutDetails, VERIFY_FOR_PAYOUTS } from '../accounts/phone';
import { proveCurrentPassword, WRONG_CURRENT_PASSWORD } from '../accounts/profile';
import { addressKey } from '../auth/client-address';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { issueWords } from '../http/check-words';
import { SIGNED_IN } from '../http/openapi';
import type { PayoutDetailsKey } from '../payouts/details-crypto';
import { findPayoutDetails, payoutDetailsKeyOrRefuse, savePayoutDetails } from '../payouts/details';
import { linkRouteAccount, routeLinkOf } from '../payouts/route-accounts';
import { signedInAccount } from '../plugins/session';
import { t } from '../i18n';

const TAGS = ['payout details'];
const SAVED = 'server.payoutDetails.saved';
const NOT_CONFIGURED = `"${t('server.payoutDetails.notConfigured')}" PAYOUT_DETAILS_KEY is not set on this server.`;
const OWNER_MEANINGS = { 401: 'Not signed in.', 403: "Signed in with an account that is not an owner's." };

/** Where the signed-in owner is paid: read masked, and replaced with the current password. */
export const payoutDetailsRoutes: FastifyPluginAsyncZod<{ publicUrl: string; key: PayoutDetailsKey | undefined }> = async (
  app,
  { publicUrl, key },
) => {
  const ownerOnly = app.requireRole('owner');

  app.get(
    '/api/owner/payout-details',
    {
      onRequest: ownerOnly,
      schema: {
        tags: TAGS,
        summary: "The owner's payout details, masked",
        description:
          'The legal name and IFSC whole; the account number, UPI ID and PAN by their last 4 characters only. `details` is null until the owner saves some.',
        security: SIGNED_IN,
        response: {
          200: answer(PayoutDetailsAnswer, "The owner's details, or `{details: null}`."),
          ...errors([401, 403], { ...OWNER_MEANINGS, 503: `${NOT_CONFIGURED} Or: the database is not answering.` }),
        },
      },
    },
    async (request) => {
      const ownerId = signedInAccount(request).id;
      return {
        details: await findPayoutDetails(app.db, key, ownerId, app.clock.now()),
        route: await routeLinkOf(app.db, app.payments.route, ownerId),
      };
    },
  );

  app.put(
    '/api/owner/payout-details',
    {
      onRequest: ownerOnly,
      schema: {
        tags: TAGS,
        summary: 'Set where the owner is paid',
        description: `Replaces the whole set: the legal name, a bank account with its IFSC and/or a UPI ID, and the PAN, with the current password. Payouts then pause for ${PAYOUT_DETAILS_HOLD_HOURS} hours (the first save too), the owner is mailed that the details changed, and the change is recorded. With Razorpay Route on, the owner's linked account is made (or pointed at the new bank account) when they have a bank account and a phone number; \`route\` says its state or what is missing. A wrong current password counts as a failed sign-in for the account from this address.`,
        security: SIGNED_IN,
        body: PayoutDetailsChange,
        response: {
          200: answer(PayoutDetailsSaved, `"${t(SAVED, { until: '{until}' })}", with the details as now saved, masked.`),
          ...errors([...JSON_BODY_ERRORS, 401, 403], {
            ...OWNER_MEANINGS,
            400: `A field missing or not in its format, the account numbers differing, an account number without its IFSC or the other way round, or neither an account nor a UPI ID: "${issueWords(DESTINATION_REQUIRED)}" Nothing is changed.`,
            403: `${OWNER_MEANINGS[403]} Or: "${t(VERIFY_FOR_PAYOUTS)}" (\`reason\`: \`phoneNotVerified\`) Or: "${t(WRONG_CURRENT_PASSWORD)}" Nothing is changed.`,
            429: 'Too many failed sign-ins (a wrong current password counts as one) for this account from this address, or too many requests; Retry-After says when to try again.',
            503: `${NOT_CONFIGURED} Or: too many sign-ins waiting for their password to be checked, and the current password was not checked (Retry-After says when to try again). Or: the database is not answering.`,
          }),
        },
      },
    },
    async (request) => {
      const account = signedInAccount(request);
      // Refused before the password is checked: a save that cannot happen costs no sign-in attempt.
      const sealingKey = payoutDetailsKeyOrRefuse(key);
      checkMayChangePayoutDetails(account);
      const { currentPassword, confirmAccountNumber: _confirmed, ...details } = request.body;
      const forgotPasswordUrl = `${publicUrl}/forgotpassword`;
      const attempt = { password: currentPassword, address: addressKey(request.ip) };
      await proveCurrentPassword(app.db, app.passwords, account, attempt, app.clock, { forgotPasswordUrl });
      const saved = await savePayoutDetails(app.db, sealingKey, account, details, app.clock.now(), forgotPasswordUrl);
      const { route } = app.payments;
      if (route) await linkRouteAccount(app.db, route, sealingKey, account, request.log);
      return {
        message: t(SAVED, { until: formatIndiaTime(saved.heldUntil) }),
        details: saved.details,
        route: await routeLinkOf(app.db, route, account.id),
      };
    },
  );
};
