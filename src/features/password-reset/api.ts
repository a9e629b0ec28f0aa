import type {
  MessageAnswer,
  PasswordResetCheck,
  PasswordResetConfirm,
  PasswordResetLink,
  PasswordResetRequest,
} from '../../domain/contract';
import { client } from '../../lib/api-client';

export async function requestPasswordReset(body: PasswordResetRequest): Promise<MessageAnswer> {
  return (await client.post<MessageAnswer>('/api/password-reset', body)).data;
}

export async function checkPasswordResetLink(body: PasswordResetCheck, signal?: AbortSignal): Promise<PasswordResetLink> {
  return (await client.post<PasswordResetLink>('/api/password-reset/check', body, { signal })).data;
}

export async function confirmPasswordReset(body: PasswordResetConfirm): Promise<MessageAnswer> {
  return (await client.post<MessageAnswer>('/api/password-reset/confirm', body)).data;
}
