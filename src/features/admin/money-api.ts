import { client } from '../../lib/api-client';
import type { AdminMoney, AdminMoneyQuery, Reconciliation } from '../../domain/contract';

/** What the platform earned and owes, with one page of the owners' balances, searched as asked. */
export async function getAdminMoney(query: Partial<AdminMoneyQuery>, signal?: AbortSignal): Promise<AdminMoney> {
  return (await client.get<AdminMoney>('/api/admin/money', { params: query, signal })).data;
}

/** The books checked against the payment providers: every difference found. */
export async function checkTheBooks(signal?: AbortSignal): Promise<Reconciliation> {
  return (await client.get<Reconciliation>('/api/admin/money/reconciliation', { signal })).data;
}
