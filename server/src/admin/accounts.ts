import { and, count, desc, eq, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AdminAccountsQuery } from '#domain/schemas/admin';
import { endAllSessions } from '../accounts/sessions';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { accounts, type AccountRow } from '../db/schema';
import { accountStatusOf, type AdminListReads } from '../http/admin-lists';
import { HttpError } from '../http/errors';
import { t } from '../i18n';

export const NO_SUCH_ACCOUNT = 'server.accounts.noSuchAccount';

function accountConditions({ q, role, status }: AdminAccountsQuery): SQL | undefined {
  return and(
    q === undefined || q === ''
      ? undefined
      : or(sql`strpos(lower(${accounts.username}), lower(${q})) > 0`, sql`strpos(${accounts.email}, lower(${q})) > 0`),
    role === undefined ? undefined : eq(accounts.role, role),
    status === undefined ? undefined : eq(accounts.disabled, status === 'disabled'),
  );
}

/**
 * An account as the console lists it: with, for an owner, how many accepted bookings of their cars
 * they cancelled, and how many their renters said they did not come to.
 */
export interface ListedAccount {
  account: AccountRow;
  ownerCancellations: number;
  ownerNoShows: number;
}

/** The bookings of the account's cars its owner cancelled: what an admin weighs when judging an owner. */
// Written out whole: in a one-table select drizzle names columns without their table, which a subquery would misread.
const ownerCancellations = sql<number>`(
  select count(*) from bookings b join cars c on c.id = b.car_id
  where c.owner_id = "accounts"."id" and b.status = 'cancelled' and b.cancelled_by = 'carKeeper'
)`.mapWith(Number);

/** The bookings of the account's cars whose renters said the owner did not come: counted against the owner as a cancellation is. */
const ownerNoShows = sql<number>`(
  select count(*) from bookings b join cars c on c.id = b.car_id
  where c.owner_id = "accounts"."id" and b.status = 'no_show_owner'
)`.mapWith(Number);

/** One account as the console lists it. */
export async function listedAccount(db: Database, account: AccountRow): Promise<ListedAccount> {
  const [row] = await db.select({ ownerCancellations, ownerNoShows }).from(accounts).where(eq(accounts.id, account.id));
  return { account, ownerCancellations: row?.ownerCancellations ?? 0, ownerNoShows: row?.ownerNoShows ?? 0 };
}

/** The accounts the console's query asks for, newest first. */
export function accountList(db: Database, query: AdminAccountsQuery): AdminListReads<ListedAccount> {
  const where = accountConditions(query);
  return {
    rows: (limit, offset) =>
      db
        .select({ account: accounts, ownerCancellations, ownerNoShows })
        .from(accounts)
        .where(where)
        .orderBy(desc(accounts.createdAt), desc(accounts.id))
        .limit(limit)
        .offset(offset),
    total: () => db.select({ n: count() }).from(accounts).where(where),
  };
}

export interface DisableChange {
  adminId: string;
  accountId: string;
  disabled: boolean;
  reason: string | undefined;
}

/**
 * Disables or enables an account, ending its sessions when disabled, with the audit row in the same
 * transaction. An account already so is answered as it stands and writes no audit row: the log
 * records changes, and a repeated click (or two admins at once) changed nothing.
 */
export async function setAccountDisabled(db: Database, change: DisableChange, now: Date): Promise<AccountRow> {
  const { adminId, accountId: id, disabled, reason } = change;
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(accounts)
      .set({ disabled })
      .where(and(eq(accounts.id, id), ne(accounts.disabled, disabled)))
      .returning();
    if (!changed) {
      const [unchanged] = await tx.select().from(accounts).where(eq(accounts.id, id));
      if (!unchanged) throw new HttpError(404, t(NO_SUCH_ACCOUNT));
      return unchanged;
    }
    if (disabled) await endAllSessions(tx, id);
    await recordAdminAction(tx, {
      adminId,
      action: disabled ? 'account.disable' : 'account.enable',
      objectType: 'account',
      objectId: id,
      reason,
      before: { status: accountStatusOf({ disabled: !disabled }) },
      after: { status: accountStatusOf(changed) },
      at: now,
    });
    return changed;
  });
}
