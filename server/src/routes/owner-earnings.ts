import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { EarningsQuery, OwnerEarnings, OwnerStatement, StatementMonthParams } from '#domain/schemas/earnings';
import { earningsTurnAt, ownerEarnings } from '../earnings/earnings';
import { ownerStatement, statementCsv, statementCsvName } from '../earnings/statement';
import { answer, errors } from '../http/answers';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';

const OWNER = { tags: ['earnings'], security: SIGNED_IN };
const MEANINGS = {
  401: 'Not signed in.',
  403: "Signed in with an account that is not an owner's.",
};
const BAD_MONTH = {
  ...MEANINGS,
  400: 'A month not written as `YYYY-MM`, a month still to come, or one before the owner’s account was opened.',
};

const STATEMENT_DESCRIPTION =
  'Every journal of the ledger that moved the owner’s balances in the month (India time, by when it was posted), with what it added to their earnings and to their pending and available balances, and the available balance after it; the balances before and after the month; the owner’s payouts asked for, paid or failed in it; and the totals. Numbered `WOW-ST/<financial year>/<the first eight hex digits of the owner’s id>/<month>`, the same every time it is asked for. The month under way is its statement so far.';

/** An owner's earnings and monthly statements, all read from the ledger for the owner who is signed in. */
export const ownerEarningsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ownerOnly = app.requireRole('owner');

  app.get(
    '/api/owner/earnings',
    {
      onRequest: ownerOnly,
      config: { privateCache: true },
      schema: {
        ...OWNER,
        summary: 'The owner’s earnings at a glance',
        description:
          'Balances (`availablePaise` is negative while the owner owes the platform), payouts paid this financial year, the next weekly payout (the available balance once it reaches the minimum payout, else 0), net earnings by India month for the last 12 months (by when each journal was posted, as the statements count them), each car’s occupancy over the last 30 days, the bookings behind the figures (the latest 100, or those with money posted in `month`), and the latest 100 payouts.',
        querystring: EarningsQuery,
        response: {
          200: answer(OwnerEarnings, 'The owner’s figures, as of `asOf`.'),
          ...errors([400, 401, 403], { ...MEANINGS, 400: 'A `month` not written as `YYYY-MM`.' }),
        },
      },
    },
    async (request) => {
      const owner = signedInAccount(request);
      const now = app.clock.now();
      if (request.privateCacheMiss) request.privateCacheMiss.turnsAt = earningsTurnAt(now);
      return ownerEarnings(app.db, app.money, owner, now, request.query.month);
    },
  );

  app.get(
    '/api/owner/statements/:month',
    {
      onRequest: ownerOnly,
      schema: {
        ...OWNER,
        summary: 'The owner’s statement of one month',
        description: `${STATEMENT_DESCRIPTION} \`/api/owner/statements/{month}.csv\` is the same statement as a CSV file.`,
        params: StatementMonthParams,
        response: {
          200: answer(OwnerStatement, 'The statement.'),
          // `..` as the month is resolved before routing, to `/api/owner/`, where nothing answers.
          ...errors([400, 401, 403, 404], { ...BAD_MONTH, 404: 'A month of `..`, which leaves this address for `/api/owner/`.' }),
        },
      },
    },
    async (request) => ownerStatement(app.db, signedInAccount(request), request.params.month, app.clock.now()),
  );

  app.get(
    '/api/owner/statements/:month.csv',
    {
      onRequest: ownerOnly,
      schema: {
        ...OWNER,
        summary: 'The owner’s statement of one month, as a CSV download',
        description: `${STATEMENT_DESCRIPTION} Columns: the date, what the line is, the booking and its car, the payout and its UTR, the amounts earned and the changes to the pending and available balances (rupees, two decimals), and the available balance after it; then the closing balances and the totals. A field a spreadsheet would read as a formula (starting with \`=\`, \`+\`, \`-\`, \`@\`, a tab or a carriage return) is written with a \`'\` before it; amounts are plain numbers.`,
        params: StatementMonthParams,
        response: {
          200: {
            description: 'The statement, as an attachment named after its number (`WOW-ST-26-27-1A2B3C4D-11.csv`).',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors([400, 401, 403], BAD_MONTH),
        },
      },
    },
    async (request, reply) => {
      const statement = await ownerStatement(app.db, signedInAccount(request), request.params.month, app.clock.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statementCsvName(statement)}"`)
        .header('cache-control', 'no-store')
        .send(statementCsv(statement));
    },
  );
};
