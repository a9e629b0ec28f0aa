import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountUpdate, PasswordChange as PasswordChangeBody, Role } from '../../domain/contract';
import { accountUpdateFor, PasswordChange } from '../../domain/schemas/account';
import { accountChanged } from '../../lib/auth/session';
import { checked } from '../../lib/form-check';
import { changePassword, getAccount, updateAccount } from './api';

export const accountKey = ['account'] as const;

export function useAccount() {
  return useQuery({ queryKey: accountKey, queryFn: ({ signal }) => getAccount(signal) });
}

/** The saved account replaces the page's and the session's copies, so the header and guards see it at once. */
export function useUpdateAccount(role: Role) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: AccountUpdate) => updateAccount(checked(accountUpdateFor(role), values)),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(accountKey, { user });
      accountChanged(queryClient, user);
    },
  });
}

export function useChangePassword() {
  return useMutation({ mutationFn: (body: PasswordChangeBody) => changePassword(checked(PasswordChange, body)) });
}
