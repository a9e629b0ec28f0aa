import { useQuery } from '@tanstack/react-query';
import type { AdminPayoutRunsQuery, AdminRoutePayoutsQuery } from '../../domain/schemas/payouts';
import {
  getPayoutRun,
  listPayoutRuns,
  listRoutePayouts,
  markPayoutFailed,
  markPayoutPaid,
  startPayoutRun,
  takeBankFile,
} from './payouts-api';
import { adminKeys, useAdminAction, useAdminList } from './queries';

/** Under the console's root, so any admin action makes them stale with the rest. */
export const payoutKeys = {
  runs: (query: Partial<AdminPayoutRunsQuery>) => [...adminKeys.all, 'payouts', 'runs', query] as const,
  run: (id: string) => [...adminKeys.all, 'payouts', 'run', id] as const,
  route: (query: Partial<AdminRoutePayoutsQuery>) => [...adminKeys.all, 'payouts', 'route', query] as const,
};

export const usePayoutRuns = (query: Partial<AdminPayoutRunsQuery>) =>
  useAdminList(payoutKeys.runs(query), listPayoutRuns, query);

export const useRoutePayouts = (query: Partial<AdminRoutePayoutsQuery>) =>
  useAdminList(payoutKeys.route(query), listRoutePayouts, query);

/** The run open on the page, if any. */
export function usePayoutRun(id: string | undefined) {
  return useQuery({
    queryKey: payoutKeys.run(id ?? ''),
    queryFn: ({ signal }) => getPayoutRun(id ?? '', signal),
    enabled: id !== undefined,
  });
}

export const useStartPayoutRun = () => useAdminAction(() => startPayoutRun());

/** Taking the bank file moves its payouts to processing, so the run is read again. */
export const useTakeBankFile = () => useAdminAction((runId: string) => takeBankFile(runId));

export const useMarkPayoutPaid = () => useAdminAction(({ id, utr }: { id: string; utr: string }) => markPayoutPaid(id, { utr }));

export const useMarkPayoutFailed = () =>
  useAdminAction(({ id, reason }: { id: string; reason: string }) => markPayoutFailed(id, { reason }));
