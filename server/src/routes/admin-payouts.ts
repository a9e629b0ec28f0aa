import type { FastifyTypeProviderDefault } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payoutNumber } from '#domain/payout-number';
import { ADMIN_PAGE_SIZE, AdminIdParams } from '#domain/schemas/admin';
import {
  AdminPayout,
  AdminPayoutRun,
  AdminPayoutRunDetail,
  AdminPayoutRunsQuery,
  AdminRoutePayout,
  AdminRoutePayoutsQuery,
  MarkPayoutFailed,
  MarkPayoutPaid,
  UTR_MAX,
  UTR_MIN,
} from '#domain/schemas/payouts';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { adminPage, ADMIN_TAGS as TAGS, BAD_PAGE, listAnswers, REFUSED } from '../http/admin-lists';
import { SIGNED_IN } from '../http/openapi';
import { t } from '../i18n';
import { BANK_FILE_COLUMNS, takeBankFile } from '../payouts/bank-file';
import type { PayoutDetailsKey } from '../payouts/details-crypto';
import { payoutDetailsKeyOrRefuse } from '../payouts/details';
import { markPayoutFailed, markPayoutPaid } from '../payouts/marking';
import { adminRunKey, makePayoutRun } from '../payouts/runs';
import {
  type PayoutLine,
  payoutLine,
  type RoutePayoutLine,
  routePayoutList,
  type RunSummary,
  runIdByKey,
  runList,
  runPayouts,
  runSummary,
} from '../payouts/views';
import {
  ALREADY_SETTLED,
  MARKED_BY_ROUTE,
  NO_BANK_DETAILS,
  NO_SUCH_PAYOUT,
  NO_SUCH_RUN,
  NOTHING_TO_SEND,
  UTR_USED,
} from '../payouts/words';
import { signedInAccount } from '../plugins/session';

function toAdminPayoutRun({ run, startedBy, payoutCount, totalPaise, byStatus }: RunSummary): AdminPayoutRun {
  return {
    _id: run.id,
    id: run.id,
    number: run.number,
    createdAt: run.createdAt.toISOString(),
    startedBy: run.startedBy && startedBy !== null ? { id: run.startedBy, username: startedBy } : null,
    payoutCount,
    totalPaise,
    byStatus,
  };
}

function toAdminPayout({ payout, ownerUsername, accountLast4 }: PayoutLine): AdminPayout {
  return {
    _id: payout.id,
    id: payout.id,
    number: payout.number,
    owner: { id: payout.ownerId, username: ownerUsername },
    accountLast4,
    amountPaise: payout.amountPaise,
    status: payout.status,
    utr: payout.utr,
    failureReason: payout.failureReason,
    paidAt: payout.paidAt?.toISOString() ?? null,
    createdAt: payout.createdAt.toISOString(),
    updatedAt: payout.updatedAt.toISOString(),
  };
}

function toAdminRoutePayout({ payout, ownerUsername }: RoutePayoutLine): AdminRoutePayout {
  return {
    _id: payout.id,
    id: payout.id,
    number: payout.number,
    owner: { id: payout.ownerId, username: ownerUsername },
    amountPaise: payout.amountPaise,
    status: payout.status,
    failureReason: payout.failureReason,
    transferId: payout.providerRef,
    createdAt: payout.createdAt.toISOString(),
    paidAt: payout.paidAt?.toISOString() ?? null,
  };
}

/** What a mark's 404 and 409 say. */
const MARK_REFUSALS = {
  404: `"${t(NO_SUCH_PAYOUT)}"`,
  409: `The payout is already paid or failed: "${t(ALREADY_SETTLED, { number: payoutNumber(42), status: 'paid' })}" Or it goes by Razorpay Route: "${t(MARKED_BY_ROUTE, { number: payoutNumber(42) })}" Nothing was changed.`,
};

const ADMIN = { tags: TAGS, security: SIGNED_IN };

const RUNS_SCHEMA = {
  ...ADMIN,
  summary: 'Payout runs, newest first',
  description: `Paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise). Each run names who started it (null for the weekly run), how many payouts it made, their total and how many are in each status now.`,
  querystring: AdminPayoutRunsQuery,
  response: listAnswers(AdminPayoutRun, 'One page of the runs.', `${BAD_PAGE}.`),
};

const ROUTE_PAYOUTS_SCHEMA = {
  ...ADMIN,
  summary: 'Payouts made by Razorpay Route, newest first',
  description: `Paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise). With RAZORPAY_ROUTE on, a booking's owner share claimed for Route becomes a payout of its own at the release, \`processing\` at once: it is in no run and no bank file. It is \`paid\` once Razorpay reports its transfer processed and the transfer is let go, or \`failed\` (with the reason) when Razorpay refuses or fails the transfer, its money then available for the bank file. Each names its owner's username, its amount, the Razorpay transfer that carries it and when it was made and paid. Payouts by bank file are not listed (see the runs). Empty while Route has never paid anyone; payouts made before RAZORPAY_ROUTE was turned off stay listed.`,
  querystring: AdminRoutePayoutsQuery,
  response: listAnswers(AdminRoutePayout, 'One page of the Route payouts.', `${BAD_PAGE}.`),
};

const START_SCHEMA = {
  ...ADMIN,
  summary: 'Pay owners now: start a payout run',
  description:
    'Makes one payout, `requested` and paid by bank file, to each owner whose available balance is at least MIN_PAYOUT_PAISE, whose payout details are on file and whose payouts are not held, and who has no payout still open: the whole available balance, moved into transit in the ledger at once. The weekly run does the same on PAYOUT_DAY. A run may make no payout. With an Idempotency-Key, a retry makes no second run. One audit row is written.',
  response: {
    201: answer(AdminPayoutRun, 'The run, with its payouts counted.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403], { ...REFUSED, 400: 'A body that is not JSON.' }),
  },
};

const RUN_SCHEMA = {
  ...ADMIN,
  summary: 'A payout run and its payouts',
  description:
    "Each payout with its owner's username, the last four digits of the bank account it goes to (null when the owner's details are gone), its amount, status, UTR once paid and reason once failed, in the order they were made.",
  params: AdminIdParams,
  response: {
    200: answer(AdminPayoutRunDetail, 'The run and its payouts.'),
    ...errors([400, 401, 403, 404], { ...REFUSED, 400: 'An id that is not a uuid.', 404: `"${t(NO_SUCH_RUN)}"` }),
  },
};

const BANK_FILE_SCHEMA = {
  ...ADMIN,
  summary: "A run's bank file: its payouts to send, as CSV for the bank's bulk transfer",
  description: `Columns \`${BANK_FILE_COLUMNS.join(',')}\`: the account holder's name, account number and IFSC from the owner's payout details, the amount in rupees with two decimals (\`1234.56\`), and the narration the owner's statement shows ("WheelsOnWeb payout P-42"). Lists the run's payouts \`requested\` or \`processing\`, in order, and moves the \`requested\` ones to \`processing\`: the admin is sending them. A payout whose owner's bank details are gone, or were changed since (which holds their payouts again), is left out and stays \`requested\`. A field a spreadsheet would read as a formula is written with a \`'\` before it. Every download writes an audit row. Since it changes something, a browser page of another site is refused it, as it is a write.`,
  params: AdminIdParams,
  response: {
    200: {
      description: 'The file, as an attachment named `payouts-R-<run number>.csv`.',
      content: { 'text/csv': { schema: z.string() } },
    },
    ...errors([400, 401, 403, 404, 409], {
      ...REFUSED,
      400: 'An id that is not a uuid.',
      404: `"${t(NO_SUCH_RUN)}"`,
      409: `"${t(NOTHING_TO_SEND)}" Or: "${t(NO_BANK_DETAILS)}" Nothing was changed.`,
      503: `PAYOUT_DETAILS_KEY is not set, so the owners' bank details cannot be read: "${t('server.payoutDetails.notConfigured')}" Or: the database is not answering.`,
    }),
  },
};

const PAID_SCHEMA = {
  ...ADMIN,
  summary: 'Mark a payout paid, with the bank’s UTR',
  description: `For a payout \`requested\` or \`processing\`: it becomes \`paid\` with \`paidAt\` and the UTR (${UTR_MIN} to ${UTR_MAX} letters and digits, kept in capitals, never on two payouts), its money leaves the bank in the ledger, an audit row is written and the owner is mailed the amount and the UTR.`,
  params: AdminIdParams,
  body: MarkPayoutPaid,
  response: {
    200: answer(AdminPayout, 'The payout, now paid.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
      ...REFUSED,
      ...MARK_REFUSALS,
      400: `An id that is not a uuid, or a UTR that is not ${UTR_MIN} to ${UTR_MAX} letters and digits.`,
      409: `${MARK_REFUSALS[409]} Or the UTR is already recorded on another payout: "${t(UTR_USED, { number: payoutNumber(41) })}"`,
    }),
  },
};

const FAILED_SCHEMA = {
  ...ADMIN,
  summary: 'Mark a payout failed, with why',
  description:
    "For a payout `requested` or `processing`: it becomes `failed` with the reason (1 to 500 characters, which the owner reads), its amount is the owner's available balance again (the next run pays it), an audit row is written and the owner is mailed the reason.",
  params: AdminIdParams,
  body: MarkPayoutFailed,
  response: {
    200: answer(AdminPayout, 'The payout, now failed.'),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
      ...REFUSED,
      ...MARK_REFUSALS,
      400: 'An id that is not a uuid, or a reason that is blank or over 500 characters.',
    }),
  },
};

/** The console's Payouts section: the runs that pay owners, the bank file that sends them, the marks that record what the bank did, and the payouts Razorpay Route makes. */
export const adminPayoutRoutes: FastifyPluginAsyncZod<{ key: PayoutDetailsKey | undefined }> = async (app, { key }) => {
  const onlyAdmins = app.requireRole('admin');

  app.get('/api/admin/payouts/runs', { onRequest: onlyAdmins, schema: RUNS_SCHEMA }, async (request) =>
    adminPage(request.query, runList(app.db), toAdminPayoutRun),
  );

  app.get('/api/admin/payouts/route', { onRequest: onlyAdmins, schema: ROUTE_PAYOUTS_SCHEMA }, async (request) =>
    adminPage(request.query, routePayoutList(app.db), toAdminRoutePayout),
  );

  app.post(
    '/api/admin/payouts/runs',
    { onRequest: onlyAdmins, config: { takesNoBody: true }, schema: START_SCHEMA },
    async (request, reply) => {
      const admin = signedInAccount(request);
      const key = adminRunKey(admin.id, request.idempotencyKey);
      const rules = { key, startedBy: admin.id, minPayoutPaise: app.money.minPayoutPaise, now: app.clock.now() };
      const made = await makePayoutRun(app.db, rules);
      const runId = made?.run.id ?? (await runIdByKey(app.db, key));
      reply.code(201);
      return toAdminPayoutRun(await runSummary(app.db, runId));
    },
  );

  app.get('/api/admin/payouts/runs/:id', { onRequest: onlyAdmins, schema: RUN_SCHEMA }, async (request) => {
    const { id } = request.params;
    const summary = await runSummary(app.db, id);
    return { ...toAdminPayoutRun(summary), payouts: (await runPayouts(app.db, id)).map(toAdminPayout) };
  });

  // The answer is a file, which the zod provider's types (answers its schemas describe) do not take:
  // its schema still documents it.
  app
    .withTypeProvider<FastifyTypeProviderDefault>()
    .get<{ Params: { id: string } }>(
      '/api/admin/payouts/runs/:id/bank-file',
      { onRequest: onlyAdmins, config: { readChangesState: true }, schema: BANK_FILE_SCHEMA },
      async (request, reply) => {
        const sealingKey = payoutDetailsKeyOrRefuse(key);
        const asked = { runId: request.params.id, adminId: signedInAccount(request).id, now: app.clock.now() };
        const file = await takeBankFile(app.db, sealingKey, asked);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.filename}"`)
          .header('cache-control', 'no-store')
          .send(file.csv);
      },
    );

  app.post('/api/admin/payouts/:id/paid', { onRequest: onlyAdmins, schema: PAID_SCHEMA }, async (request) => {
    const mark = { payoutId: request.params.id, adminId: signedInAccount(request).id, now: app.clock.now() };
    const paid = await markPayoutPaid(app.db, { ...mark, utr: request.body.utr });
    return toAdminPayout(await payoutLine(app.db, paid.id));
  });

  app.post('/api/admin/payouts/:id/failed', { onRequest: onlyAdmins, schema: FAILED_SCHEMA }, async (request) => {
    const mark = { payoutId: request.params.id, adminId: signedInAccount(request).id, now: app.clock.now() };
    const failed = await markPayoutFailed(app.db, { ...mark, reason: request.body.reason });
    return toAdminPayout(await payoutLine(app.db, failed.id));
  });
};
