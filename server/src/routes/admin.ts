import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_PAGE_SIZE,
  AdminAccount,
  AdminAccountsQuery,
  AdminAction,
  AdminAuditQuery,
  AdminIdParams,
  AdminOverview,
} from '#domain/schemas/admin';
import { accountList, listedAccount, type ListedAccount, NO_SUCH_ACCOUNT, setAccountDisabled } from '../admin/accounts';
import { type AuditRow, auditList } from '../admin/audit';
import { overviewOf } from '../admin/overview';
import type { AccountRow } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import {
  accountStatusOf,
  adminPage,
  ADMIN_TAGS as TAGS,
  BAD_PAGE,
  badListQuery,
  listAnswers,
  optionalReasonBody,
  REFUSED,
} from '../http/admin-lists';
import { t } from '../i18n';

const CANNOT_DISABLE_SELF = 'server.admin.cannotDisableSelf';

function toAdminAccount({ account: row, ownerCancellations, ownerNoShows }: ListedAccount): AdminAccount {
  return {
    _id: row.id,
    id: row.id,
    role: row.role,
    username: row.username,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    status: accountStatusOf(row),
    ...(row.role === 'owner' ? { ownerCancellations, ownerNoShows } : {}),
  };
}

function toAdminAction({ entry: row, objectName }: AuditRow): AdminAction {
  // The two tables number their rows apart, so an account holder's change is told by its id's prefix.
  const id = row.by === 'admin' ? String(row.id) : `account-${row.id}`;
  return {
    _id: id,
    id,
    by: row.by,
    admin: row.by === 'admin' ? { id: row.actorId, username: row.actorUsername } : null,
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    objectName,
    reason: row.reason,
    before: row.before,
    after: row.after,
    at: row.at.toISOString(),
  };
}

const accountActionAnswers = (done: string) => ({
  200: answer(AdminAccount, done),
  ...errors([...JSON_BODY_ERRORS, 401, 403, 404], {
    ...REFUSED,
    400: 'An id that is not a uuid, or a reason that is blank or over 500 characters.',
    404: `"${t(NO_SUCH_ACCOUNT)}"`,
  }),
});

const AUDIT_ANSWERS = listAnswers(
  AdminAction,
  'One page of the matching actions.',
  `${BAD_PAGE}, an admin id that is not a uuid, an unknown object type, or an object id over 100 characters.`,
);

/** Everything under `/api/admin`: only an admin may call it (401 signed out, 403 for any other role). */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyAdmins = app.requireRole('admin');

  app.get(
    '/api/admin/overview',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: "What the console's first page counts",
        description:
          'Accounts by role, cars by state, the bookings made this India week (from Monday 00:00 India time) by their status now, and contact messages not yet marked answered.',
        security: SIGNED_IN,
        response: { 200: answer(AdminOverview, 'The counts, as they stand now.'), ...errors([401, 403], REFUSED) },
      },
    },
    async () => overviewOf(app.db, app.clock.now()),
  );

  app.get(
    '/api/admin/accounts',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Every account, newest first',
        description: `Paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise), searched by \`q\` (part of the username or email, in any case) and filtered by \`role\` and \`status\`. An empty parameter counts as not sent.`,
        security: SIGNED_IN,
        querystring: AdminAccountsQuery,
        response: listAnswers(AdminAccount, 'One page of the matching accounts.', badListQuery('role', 'status')),
      },
    },
    async (request) => adminPage(request.query, accountList(app.db, request.query), toAdminAccount),
  );

  async function setDisabled(admin: AccountRow, accountId: string, disabled: boolean, reason: string | undefined) {
    const change = { adminId: admin.id, accountId, disabled, reason };
    return toAdminAccount(await listedAccount(app.db, await setAccountDisabled(app.db, change, app.clock.now())));
  }

  app.post(
    '/api/admin/accounts/:id/disable',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Disable an account',
        description:
          "The account cannot sign in, every session of it ends at once, and its listed cars leave the public list until it is enabled again. Any role may be disabled but the caller's own account. The body, and its `reason` (kept in the audit log), may be left out. One audit row is written, with the status before and after; an account already disabled is answered as it stands and writes none.",
        security: SIGNED_IN,
        params: AdminIdParams,
        body: optionalReasonBody,
        response: {
          ...accountActionAnswers('The account, now disabled.'),
          ...errors([409], { 409: `"${t(CANNOT_DISABLE_SELF)}"` }),
        },
      },
    },
    async (request) => {
      const admin = signedInAccount(request);
      if (request.params.id === admin.id) throw new HttpError(409, t(CANNOT_DISABLE_SELF));
      return setDisabled(admin, request.params.id, true, request.body.reason);
    },
  );

  app.post(
    '/api/admin/accounts/:id/enable',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Enable a disabled account',
        description:
          'The account may sign in again and its listed cars are back in the public list. The body, and its `reason` (kept in the audit log), may be left out. One audit row is written, with the status before and after; an account already enabled is answered as it stands and writes none.',
        security: SIGNED_IN,
        params: AdminIdParams,
        body: optionalReasonBody,
        response: accountActionAnswers('The account, now enabled.'),
      },
    },
    async (request) => setDisabled(signedInAccount(request), request.params.id, false, request.body.reason),
  );

  app.get(
    '/api/admin/audit',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: "The audit log of admin actions and owners' payout details changes, newest first",
        description: `The admins' actions and the changes owners made to their own payout details (\`by: accountHolder\`, on their account, masked), interleaved by time. Paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise) and filtered by the admin who acted (\`adminId\`, which leaves out the owners' own changes) and by the object acted on (\`objectType\`, \`objectId\`). Rows are only ever added: nothing in the API, nor the database itself, changes or deletes one.`,
        security: SIGNED_IN,
        querystring: AdminAuditQuery,
        response: AUDIT_ANSWERS,
      },
    },
    async (request) => adminPage(request.query, auditList(app.db, request.query), toAdminAction),
  );
};
