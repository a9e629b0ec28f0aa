import type { AdminActionName, AdminObjectType } from '#domain/schemas/admin';
import type { Database } from './client';
import { adminActions } from './schema';

export interface AdminActionRecord {
  adminId: string;
  action: AdminActionName;
  objectType: AdminObjectType;
  objectId: string;
  reason?: string | undefined;
  /** The fields the action changed, as they were; left out when it changed none. */
  before?: Record<string, unknown> | undefined;
  after?: Record<string, unknown> | undefined;
  /**
   * When the action happened, from the app's clock. Left out, the database's clock dates it: only
   * until every caller passes the time it compared and stored the change with.
   */
  at?: Date | undefined;
}

/**
 * Writes the one audit row of an admin action. Called with the action's own transaction, so the row
 * and the change commit or roll back together: the log never shows an action that did not happen,
 * nor misses one that did.
 */
export async function recordAdminAction(tx: Database, record: AdminActionRecord): Promise<void> {
  await tx.insert(adminActions).values({
    adminId: record.adminId,
    action: record.action,
    objectType: record.objectType,
    objectId: record.objectId,
    reason: record.reason ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    at: record.at,
  });
}
