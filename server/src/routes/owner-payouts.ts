import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAGE_SIZE_DEFAULT, pageWindow } from '#domain/schemas/answers';
import { type OwnerPayout, OwnerPayoutPage, OwnerPayoutsQuery } from '#domain/schemas/payouts';
import type { PayoutRow } from '../db/schema';
import { answer, errors } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';
import { ownerPayouts } from '../payouts/views';
import { signedInAccount } from '../plugins/session';

function toOwnerPayout(payout: PayoutRow): OwnerPayout {
  return {
    _id: payout.id,
    id: payout.id,
    number: payout.number,
    amountPaise: payout.amountPaise,
    status: payout.status,
    way: payout.way,
    utr: payout.utr,
    paidAt: payout.paidAt?.toISOString() ?? null,
    failureReason: payout.failureReason,
    createdAt: payout.createdAt.toISOString(),
  };
}

/** The signed-in owner's own payouts, for their earnings page. */
export const ownerPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/owner/payouts',
    {
      onRequest: app.requireRole('owner'),
      schema: {
        tags: ['payouts'],
        summary: "The owner's payouts, newest first",
        description: `Paged (${PAGE_SIZE_DEFAULT} to a page unless \`pageSize\` says otherwise). Each with its amount, its status (\`requested\`, \`processing\` once sent by the bank file, then \`paid\` or \`failed\`), the bank's UTR and when it was paid, or why it failed (its amount is then in the available balance again).`,
        security: SIGNED_IN,
        querystring: OwnerPayoutsQuery,
        response: {
          200: answer(OwnerPayoutPage, "One page of the caller's payouts."),
          ...errors([400, 401, 403], {
            401: 'Not signed in.',
            403: "Signed in with an account that is not an owner's.",
          }),
        },
      },
    },
    async (request) => {
      const { page, pageSize, limit, offset } = pageWindow(request.query);
      const { rows, total } = await ownerPayouts(app.db, signedInAccount(request).id, limit, offset);
      return { data: rows.map(toOwnerPayout), total, page, pageSize };
    },
  );
};
