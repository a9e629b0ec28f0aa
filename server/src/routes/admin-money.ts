import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_PAGE_SIZE } from '#domain/schemas/admin';
import { AdminMoney, AdminMoneyQuery, DIFFERENCES_LISTED, Reconciliation, REVENUE_MONTHS } from '#domain/schemas/admin-money';
import { moneyTotals, type OwnerBalanceRow, ownerBalanceList, revenueByMonth } from '../admin/money';
import { LISTING_MS, reconcile } from '../admin/reconciliation';
import { adminPage, ADMIN_TAGS as TAGS, badListQuery, REFUSED } from '../http/admin-lists';
import { answer, errors } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';

const toOwnerBalance = ({ id, username, pendingPaise, availablePaise }: OwnerBalanceRow) => ({
  _id: id,
  id,
  username,
  pendingPaise,
  availablePaise,
});

/**
 * The platform's money as the ledger holds it, and the check of the ledger against the payment
 * providers: reads only, so nothing here is audited.
 */
export const adminMoneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyAdmins = app.requireRole('admin');

  app.get(
    '/api/admin/money',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'What the platform earned and what it owes',
        description: `The platform's commission (the \`platform.revenue\` account, net of refunds' reversals) for each of the last ${REVENUE_MONTHS} India months; the GST and tax withheld it owes, the payouts under way, and what it owes owners in all; and each owner's pending and available balance, the most owed first (negative where the owner owes the platform), paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise) and searched by \`q\` (part of the username, in any case).`,
        security: SIGNED_IN,
        querystring: AdminMoneyQuery,
        response: {
          200: answer(AdminMoney, 'The figures as the ledger holds them now.'),
          ...errors([400, 401, 403], { ...REFUSED, 400: badListQuery() }),
        },
      },
    },
    async (request) => {
      const now = app.clock.now();
      const [revenue, totals, owners] = await Promise.all([
        revenueByMonth(app.db, now),
        moneyTotals(app.db),
        adminPage(request.query, ownerBalanceList(app.db, request.query), toOwnerBalance),
      ]);
      return { asOf: now.toISOString(), revenueByMonth: revenue, totals, owners };
    },
  );

  app.get(
    '/api/admin/money/reconciliation',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Check the books',
        description: `Reads what each payment provider that is on reports as taken (Razorpay's payments and settlements, the card provider's PaymentIntents and refunds; newest first, at most ${LISTING_MS / 1000} s in all) and compares it, booking by booking, with what the ledger received through it; recomputes each owner's balance from the bookings' stored rates and the payouts and compares it with the ledger; and counts the journals that do not sum to zero. \`ok\` is true when every provider was read whole and nothing differs; at most ${DIFFERENCES_LISTED} differences are listed. A provider out of reach is reported \`unavailable\`, not as an error.`,
        security: SIGNED_IN,
        response: {
          200: answer(Reconciliation, 'What was checked, and every difference found.'),
          ...errors([401, 403], REFUSED),
        },
      },
    },
    async () => reconcile(app.db, app.payments, app.clock.now()),
  );
};
