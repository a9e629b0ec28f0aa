import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutDetailsAnswer } from '../../domain/contract';
import { getPayoutDetails, savePayoutDetails } from './api';

export const payoutDetailsKey = ['payout-details'] as const;

export function usePayoutDetails() {
  return useQuery({ queryKey: payoutDetailsKey, queryFn: ({ signal }) => getPayoutDetails(signal) });
}

/** The saved details replace the page's copy, so what it shows is what the server now holds. */
export function useSavePayoutDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: savePayoutDetails,
    onSuccess: ({ details, route }) => queryClient.setQueryData<PayoutDetailsAnswer>(payoutDetailsKey, { details, route }),
  });
}
