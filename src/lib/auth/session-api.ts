import { client } from '../api-client';
import type { SessionAnswer } from '../../domain/contract';

export async function getSession(signal?: AbortSignal): Promise<SessionAnswer> {
  return (await client.get<SessionAnswer>('/api/session', { signal })).data;
}

export async function endSession(): Promise<void> {
  await client.delete('/api/session');
}
