import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getOwnerEarnings, getOwnerStatement } from './api';

export const earningsKeys = {
  all: ['earnings'] as const,
  figures: (month: string | undefined) => ['earnings', 'figures', month ?? 'latest'] as const,
  statement: (month: string) => ['earnings', 'statement', month] as const,
};

/** The owner's figures; a change of the bookings' month keeps the page as it was until the new answer comes. */
export function useOwnerEarnings(month: string | undefined) {
  return useQuery({
    queryKey: earningsKeys.figures(month),
    queryFn: ({ signal }) => getOwnerEarnings(month, signal),
    placeholderData: keepPreviousData,
  });
}

export function useOwnerStatement(month: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: earningsKeys.statement(month),
    queryFn: ({ signal }) => getOwnerStatement(month, signal),
    enabled,
  });
}
