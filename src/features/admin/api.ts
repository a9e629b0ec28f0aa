import { client } from '../../lib/api-client';
import type {
  AdminAccount,
  AdminAccountPage,
  AdminAccountsQuery,
  AdminActionPage,
  AdminAuditQuery,
  AdminOptionalReason,
  AdminOverview,
} from '../../domain/contract';

/** What the console's first page counts: accounts, cars, this India week's bookings, unanswered messages. */
export async function getAdminOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return (await client.get<AdminOverview>('/api/admin/overview', { signal })).data;
}

/** One page of every account, newest first, searched and filtered as asked. */
export async function listAdminAccounts(query: Partial<AdminAccountsQuery>, signal?: AbortSignal): Promise<AdminAccountPage> {
  return (await client.get<AdminAccountPage>('/api/admin/accounts', { params: query, signal })).data;
}

export type AccountStatusAction = 'disable' | 'enable';

/** Disables or enables an account; the reason, if given, is kept in the audit log. Answers the account as it now stands. */
export async function setAdminAccountStatus(
  id: string,
  action: AccountStatusAction,
  body: AdminOptionalReason,
): Promise<AdminAccount> {
  return (await client.post<AdminAccount>(`/api/admin/accounts/${encodeURIComponent(id)}/${action}`, body)).data;
}

/** One page of the audit log, newest first, filtered by the admin who acted and the object acted on. */
export async function listAdminActions(query: Partial<AdminAuditQuery>, signal?: AbortSignal): Promise<AdminActionPage> {
  return (await client.get<AdminActionPage>('/api/admin/audit', { params: query, signal })).data;
}
