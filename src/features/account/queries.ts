import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accountChanged } from '../../lib/auth/session';
import { changePassword, getAccount, updateAccount } from './api';

export const accountKey = ['account'] as const;

export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: ({ signal }) => getAccount(signal) });
}

/**
 * The saved account replaces the page's and the session's copies, so the header and guards see it at
 * once. The form checked the details with the contract's `accountUpdateFor` before they are sent.
 */
export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(accountKey, { user });
      accountChanged(queryClient, user);
    },
  });
}

/** The form checked the body with the contract's PasswordChange before it is sent. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
