import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE_MAX } from '../../domain/schemas/answers';
import { AdminOptionalReason, type AdminAccountsQuery, type AdminAuditQuery } from '../../domain/schemas/admin';
import { checked } from '../../lib/form-check';
import { carKeys } from '../cars/queries';
import { getAdminOverview, listAdminAccounts, listAdminActions, setAdminAccountStatus, type AccountStatusAction } from './api';

/** Under one root, so an action makes every console list and count stale at once. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  accounts: (query: Partial<AdminAccountsQuery>) => ['admin', 'accounts', query] as const,
  audit: (query: Partial<AdminAuditQuery>) => ['admin', 'audit', query] as const,
};

export function useAdminOverview() {
  return useQuery({ queryKey: adminKeys.overview, queryFn: ({ signal }) => getAdminOverview(signal) });
}

// The page on screen stays while the next page or filter loads, so the table never flashes a spinner.
export function useAdminAccounts(query: Partial<AdminAccountsQuery>) {
  return useQuery({
    queryKey: adminKeys.accounts(query),
    queryFn: ({ signal }) => listAdminAccounts(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminActions(query: Partial<AdminAuditQuery>) {
  return useQuery({
    queryKey: adminKeys.audit(query),
    queryFn: ({ signal }) => listAdminActions(query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The admins a filter offers to choose from: a handful in practice, so one page of the most a page holds. */
export const adminsQuery: Partial<AdminAccountsQuery> = { role: 'admin', pageSize: PAGE_SIZE_MAX };

export function useAdmins() {
  return useQuery({ queryKey: adminKeys.accounts(adminsQuery), queryFn: ({ signal }) => listAdminAccounts(adminsQuery, signal) });
}

export interface AccountStatusChange {
  id: string;
  action: AccountStatusAction;
  reason?: string;
}

/**
 * Disable or enable an account. The console's lists, counts and audit log are loaded again before the
 * change is reported done; a disabled owner's cars leave the public list, so the cached car lists are
 * stale too.
 */
export function useSetAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: AccountStatusChange) =>
      setAdminAccountStatus(id, action, checked(AdminOptionalReason, reason === undefined ? {} : { reason })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
        queryClient.invalidateQueries({ queryKey: carKeys.all }),
      ]),
  });
}
