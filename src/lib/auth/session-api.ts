import { client } from '../api-client';
import type { SessionCheck } from '../../domain/contract';

export async function getSession(signal?: AbortSignal): Promise<SessionCheck> {
  return (await client.get<SessionCheck>('/api/session', { signal })).data;
}

export async function endSession(): Promise<void> {
  await client.delete('/api/session');
}
