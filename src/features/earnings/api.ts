import type { OwnerEarnings, OwnerStatement } from '../../domain/contract';
import { apiUrl, client } from '../../lib/api-client';

/** The owner's earnings; the bookings of one month (`YYYY-MM`) only, when `month` is given. */
export async function getOwnerEarnings(month: string | undefined, signal?: AbortSignal): Promise<OwnerEarnings> {
  return (await client.get<OwnerEarnings>('/api/owner/earnings', { params: month ? { month } : undefined, signal })).data;
}

export async function getOwnerStatement(month: string, signal?: AbortSignal): Promise<OwnerStatement> {
  return (await client.get<OwnerStatement>(`/api/owner/statements/${encodeURIComponent(month)}`, { signal })).data;
}

/** Where the browser downloads a month's statement as CSV. */
export const statementCsvUrl = (month: string): string => apiUrl(`/api/owner/statements/${encodeURIComponent(month)}.csv`);
