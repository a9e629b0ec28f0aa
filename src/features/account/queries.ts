import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account } from '../../domain/contract';
import { accountChanged } from '../../lib/auth/session';
import { changePassword, confirmPhoneCode, getAccount, sendPhoneCode, updateAccount } from './api';

export const accountKey = ['account'] as const;

export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: ({ signal }) => getAccount(signal) });
}

/**
 * The saved account replaces the page's and the session's copies, so the header and guards see it at
 * once. The form checked the details with the contract's `accountUpdateFor` before they are sent.
 */
export function useUpdateAccount() {
  return useAccountChange(updateAccount);
}

/** A change whose answer is the account as it now stands, put where the page and the session read it. */
function useAccountChange<Body>(change: (body: Body) => Promise<{ message: string; user: Account }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: ({ user }) => {
      queryClient.setQueryData(accountKey, { user });
      accountChanged(queryClient, user);
    },
  });
}

export function useSendPhoneCode() {
  return useMutation({ mutationFn: sendPhoneCode });
}

/** A confirmed code verifies the number: the account page and the session see it at once. */
export function useConfirmPhoneCode() {
  return useAccountChange(confirmPhoneCode);
}

/** The form checked the body with the contract's PasswordChange before it is sent. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
