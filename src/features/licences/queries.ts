import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { deleteLicence, getLicence, submitLicence } from './api';

export const licenceKey = ['account', 'licence'] as const;

export function useLicence({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: licenceKey, queryFn: ({ signal }) => getLicence(signal), enabled });
}

export function useSubmitLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitLicence,
    onSuccess: (answer) => queryClient.setQueryData(licenceKey, { licence: answer.licence }),
  });
}

export function useDeleteLicence() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLicence,
    onSuccess: () => queryClient.setQueryData(licenceKey, { licence: null }),
  });
}
