import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AdminAuditQuery } from '#domain/schemas/admin';
import type { Database } from '../db/client';
import { accounts, adminActions, type AdminActionRow } from '../db/schema';
import type { AdminListReads } from '../http/admin-lists';

function auditConditions({ adminId, objectType, objectId }: AdminAuditQuery): SQL | undefined {
  return and(
    adminId === undefined ? undefined : eq(adminActions.adminId, adminId),
    objectType === undefined ? undefined : eq(adminActions.objectType, objectType),
    objectId === undefined || objectId === '' ? undefined : eq(adminActions.objectId, objectId),
  );
}

/** The admin actions the console's query asks for, newest first, each with its admin's username. */
export function auditList(
  db: Database,
  query: AdminAuditQuery,
): AdminListReads<{ action: AdminActionRow; adminUsername: string }> {
  const where = auditConditions(query);
  return {
    rows: (limit, offset) =>
      db
        .select({ action: adminActions, adminUsername: accounts.username })
        .from(adminActions)
        .innerJoin(accounts, eq(accounts.id, adminActions.adminId))
        .where(where)
        .orderBy(desc(adminActions.at), desc(adminActions.id))
        .limit(limit)
        .offset(offset),
    total: () => db.select({ n: count() }).from(adminActions).where(where),
  };
}
