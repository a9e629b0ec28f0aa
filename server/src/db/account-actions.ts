import type { Database } from './client';
import type { AccountActionName } from '#domain/schemas/admin';
import { accountActions } from './schema';

export interface AccountActionRecord {
  accountId: string;
  action: AccountActionName;
  /** What the action changed, as it was and as it became, masked: never a secret's whole value. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** When it happened, from the app's clock. */
  at: Date;
}

/**
 * Writes the audit row of a change someone made to their own account, in the change's own
 * transaction, as recordAdminAction does for admins: the row exists exactly when the change does.
 */
export async function recordAccountAction(tx: Database, record: AccountActionRecord): Promise<void> {
  await tx.insert(accountActions).values(record);
}
