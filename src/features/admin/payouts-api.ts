import { client } from '../../lib/api-client';
import type {
  AdminPayout,
  AdminPayoutRun,
  AdminPayoutRunDetail,
  AdminPayoutRunPage,
  AdminPayoutRunsQuery,
  AdminRoutePayoutPage,
  AdminRoutePayoutsQuery,
  MarkPayoutFailed,
  MarkPayoutPaid,
} from '../../domain/contract';

/** One page of the payout runs, newest first. */
export async function listPayoutRuns(query: Partial<AdminPayoutRunsQuery>, signal?: AbortSignal): Promise<AdminPayoutRunPage> {
  return (await client.get<AdminPayoutRunPage>('/api/admin/payouts/runs', { params: query, signal })).data;
}

/** One page of the payouts Razorpay Route made, newest first. */
export async function listRoutePayouts(
  query: Partial<AdminRoutePayoutsQuery>,
  signal?: AbortSignal,
): Promise<AdminRoutePayoutPage> {
  return (await client.get<AdminRoutePayoutPage>('/api/admin/payouts/route', { params: query, signal })).data;
}

/** Pays owners now: a run of its own, which may find no one to pay. */
export async function startPayoutRun(): Promise<AdminPayoutRun> {
  return (await client.post<AdminPayoutRun>('/api/admin/payouts/runs')).data;
}

/** A run and its payouts. */
export async function getPayoutRun(id: string, signal?: AbortSignal): Promise<AdminPayoutRunDetail> {
  return (await client.get<AdminPayoutRunDetail>(`/api/admin/payouts/runs/${encodeURIComponent(id)}`, { signal })).data;
}

/**
 * A run's bank file, as CSV text. Taken through the client rather than followed as a link: taking it
 * moves the run's payouts to processing, so the page must hear that it happened (or why it did not).
 */
export async function takeBankFile(id: string): Promise<string> {
  const url = `/api/admin/payouts/runs/${encodeURIComponent(id)}/bank-file`;
  return (await client.get<string>(url, { responseType: 'text' })).data;
}

export async function markPayoutPaid(id: string, body: MarkPayoutPaid): Promise<AdminPayout> {
  return (await client.post<AdminPayout>(`/api/admin/payouts/${encodeURIComponent(id)}/paid`, body)).data;
}

export async function markPayoutFailed(id: string, body: MarkPayoutFailed): Promise<AdminPayout> {
  return (await client.post<AdminPayout>(`/api/admin/payouts/${encodeURIComponent(id)}/failed`, body)).data;
}
