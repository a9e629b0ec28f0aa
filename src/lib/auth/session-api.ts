import { client } from '../api-client';
import type { SessionAnswer } from '../../domain/contract';

export async function getSession(): Promise<SessionAnswer> {
  return (await client.get<SessionAnswer>('/api/session')).data;
}

export async function endSession(): Promise<void> {
  await client.delete('/api/session');
}
