import type { MessageAnswer, PasswordResetConfirm, PasswordResetRequest } from '../../domain/contract';
import { client } from '../../lib/api-client';

export async function requestPasswordReset(body: PasswordResetRequest): Promise<MessageAnswer> {
  return (await client.post<MessageAnswer>('/api/password-reset', body)).data;
}

export async function confirmPasswordReset(body: PasswordResetConfirm): Promise<MessageAnswer> {
  return (await client.post<MessageAnswer>('/api/password-reset/confirm', body)).data;
}
