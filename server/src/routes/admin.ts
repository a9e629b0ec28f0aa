import { and, count, desc, eq, gte, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { indiaWeekStart } from '#domain/india-time';
import {
  ADMIN_PAGE_SIZE,
  AdminAccount,
  AdminAccountsQuery,
  AdminAction,
  AdminAuditQuery,
  AdminIdParams,
  AdminOverview,
} from '#domain/schemas/admin';
import { BookingStatus } from '#domain/schemas/bookings';
import { endAllSessions } from '../auth/session-store';
import { recordAdminAction } from '../db/admin-actions';
import { carStateIs } from '../db/car-states';
import type { Database } from '../db/client';
import { accounts, adminActions, bookings, cars, contactMessages, type AccountRow, type AdminActionRow } from '../db/schema';
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
import { hasStatusAt } from '../bookings/status';

const NO_SUCH_ACCOUNT = 'No account has this id.';
const CANNOT_DISABLE_SELF = 'You cannot disable your own account: another admin must do it.';

function toAdminAccount(row: AccountRow): AdminAccount {
  return {
    _id: row.id,
    id: row.id,
    role: row.role,
    username: row.username,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
    status: accountStatusOf(row),
  };
}

function toAdminAction(row: AdminActionRow, adminUsername: string): AdminAction {
  const id = String(row.id);
  return {
    _id: id,
    id,
    admin: { id: row.adminId, username: adminUsername },
    action: row.action,
    objectType: row.objectType,
    objectId: row.objectId,
    reason: row.reason,
    before: row.before,
    after: row.after,
    at: row.at.toISOString(),
  };
}

/** `count(*) FILTER (WHERE …)`: several counts of one table in a single scan. */
const countWhere = (condition: SQL | undefined) => sql<number>`count(*) filter (where ${condition ?? sql`true`})`.mapWith(Number);

async function overviewOf(db: Database, now: Date): Promise<AdminOverview> {
  const byRole = await db
    .select({ role: accounts.role, n: count(), disabled: countWhere(eq(accounts.disabled, true)) })
    .from(accounts)
    .groupBy(accounts.role);
  const roleCount = (role: AccountRow['role']) => byRole.find((row) => row.role === role)?.n ?? 0;

  const [carCounts] = await db
    .select({
      listed: countWhere(carStateIs.listed),
      paused: countWhere(carStateIs.paused),
      delisted: countWhere(carStateIs.delisted),
      archived: countWhere(carStateIs.archived),
    })
    .from(cars);

  const weekStart = indiaWeekStart(now);
  const statuses = BookingStatus.options;
  const [bookingCounts] = await db
    .select(Object.fromEntries(statuses.map((status) => [status, countWhere(hasStatusAt(status, now))])))
    .from(bookings)
    .where(gte(bookings.createdAt, weekStart));

  const [awaiting] = await db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.answeredAt));

  return {
    accounts: {
      user: roleCount('user'),
      owner: roleCount('owner'),
      admin: roleCount('admin'),
      disabled: byRole.reduce((sum, row) => sum + row.disabled, 0),
    },
    cars: carCounts ?? { listed: 0, paused: 0, delisted: 0, archived: 0 },
    bookingsThisWeek: {
      weekStart: weekStart.toISOString(),
      byStatus: Object.fromEntries(statuses.map((status) => [status, bookingCounts?.[status] ?? 0])) as Record<
        BookingStatus,
        number
      >,
    },
    contactMessagesAwaitingAnswer: awaiting?.n ?? 0,
  };
}

function accountConditions({ q, role, status }: AdminAccountsQuery): SQL | undefined {
  return and(
    q === undefined || q === ''
      ? undefined
      : or(sql`strpos(lower(${accounts.username}), lower(${q})) > 0`, sql`strpos(${accounts.email}, lower(${q})) > 0`),
    role === undefined ? undefined : eq(accounts.role, role),
    status === undefined ? undefined : eq(accounts.disabled, status === 'disabled'),
  );
}

function auditConditions({ adminId, objectType, objectId }: AdminAuditQuery): SQL | undefined {
  return and(
    adminId === undefined ? undefined : eq(adminActions.adminId, adminId),
    objectType === undefined ? undefined : eq(adminActions.objectType, objectType),
    objectId === undefined || objectId === '' ? undefined : eq(adminActions.objectId, objectId),
  );
}

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
    async () => overviewOf(app.db, new Date()),
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
    async (request) => {
      const where = accountConditions(request.query);
      return adminPage(
        request.query,
        {
          rows: (limit, offset) =>
            app.db
              .select()
              .from(accounts)
              .where(where)
              .orderBy(desc(accounts.createdAt), desc(accounts.id))
              .limit(limit)
              .offset(offset),
          total: () => app.db.select({ n: count() }).from(accounts).where(where),
        },
        toAdminAccount,
      );
    },
  );

  /**
   * Disables or enables an account, ending its sessions when disabled, with the audit row in the same
   * transaction. An account already so is answered as it stands and writes no audit row: the log
   * records changes, and a repeated click (or two admins at once) changed nothing.
   */
  async function setDisabled(
    admin: AccountRow,
    id: string,
    disabled: boolean,
    reason: string | undefined,
  ): Promise<AdminAccount> {
    return app.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(accounts)
        .set({ disabled })
        .where(and(eq(accounts.id, id), ne(accounts.disabled, disabled)))
        .returning();
      if (!changed) {
        const [unchanged] = await tx.select().from(accounts).where(eq(accounts.id, id));
        if (!unchanged) throw new HttpError(404, NO_SUCH_ACCOUNT);
        return toAdminAccount(unchanged);
      }
      if (disabled) await endAllSessions(tx, id);
      await recordAdminAction(tx, {
        adminId: admin.id,
        action: disabled ? 'account.disable' : 'account.enable',
        objectType: 'account',
        objectId: id,
        reason,
        before: { status: accountStatusOf({ disabled: !disabled }) },
        after: { status: accountStatusOf(changed) },
      });
      return toAdminAccount(changed);
    });
  }

  const accountActionAnswers = (done: string) => ({
    200: answer(AdminAccount, done),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404], {
      ...REFUSED,
      400: 'An id that is not a uuid, or a reason that is blank or over 500 characters.',
      404: `"${NO_SUCH_ACCOUNT}"`,
    }),
  });

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
          ...errors([409], { 409: `"${CANNOT_DISABLE_SELF}"` }),
        },
      },
    },
    async (request) => {
      const admin = signedInAccount(request);
      if (request.params.id === admin.id) throw new HttpError(409, CANNOT_DISABLE_SELF);
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
        summary: 'The audit log of admin actions, newest first',
        description: `Paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise) and filtered by the admin who acted (\`adminId\`) and by the object acted on (\`objectType\`, \`objectId\`). Rows are only ever added: nothing in the API, nor the database itself, changes or deletes one.`,
        security: SIGNED_IN,
        querystring: AdminAuditQuery,
        response: listAnswers(
          AdminAction,
          'One page of the matching actions.',
          `${BAD_PAGE}, an admin id that is not a uuid, an unknown object type, or an object id over 100 characters.`,
        ),
      },
    },
    async (request) => {
      const where = auditConditions(request.query);
      return adminPage(
        request.query,
        {
          rows: (limit, offset) =>
            app.db
              .select({ action: adminActions, adminUsername: accounts.username })
              .from(adminActions)
              .innerJoin(accounts, eq(accounts.id, adminActions.adminId))
              .where(where)
              .orderBy(desc(adminActions.at), desc(adminActions.id))
              .limit(limit)
              .offset(offset),
          total: () => app.db.select({ n: count() }).from(adminActions).where(where),
        },
        (row) => toAdminAction(row.action, row.adminUsername),
      );
    },
  );
};
