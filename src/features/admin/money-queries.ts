import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminMoney, AdminMoneyQuery } from '../../domain/schemas/admin-money';
import { checkTheBooks, getAdminMoney } from './money-api';
import { adminKeys } from './queries';

export const moneyKeys = {
  /** Under the console's root, so a payout marked paid, say, shows in the figures at once. */
  money: (query: Partial<AdminMoneyQuery>) => [...adminKeys.all, 'money', query] as const,
  /** Outside it: the console's actions must not run the check again behind the admin's back. */
  reconciliation: ['adminReconciliation'] as const,
};

const moneyQuery = (query: Partial<AdminMoneyQuery>) => ({
  queryKey: moneyKeys.money(query),
  queryFn: ({ signal }: { signal: AbortSignal }) => getAdminMoney(query, signal),
  // The figures on screen stay while another page or search of the owners loads.
  placeholderData: keepPreviousData,
});

export const useAdminMoney = (query: Partial<AdminMoneyQuery>) => useQuery(moneyQuery(query));

const ownersOf = (money: AdminMoney) => money.owners;

/** The same answer's page of owners' balances, as the console's tables take a list. */
export const useOwnerBalances = (query: Partial<AdminMoneyQuery>) => useQuery({ ...moneyQuery(query), select: ownersOf });

/** The check of the books, only once asked for: it reads every provider's lists, which takes seconds. Kept until asked again. */
export function useReconciliation(asked: boolean) {
  return useQuery({
    queryKey: moneyKeys.reconciliation,
    queryFn: ({ signal }) => checkTheBooks(signal),
    enabled: asked,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
