import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../domain/contract';
import { client } from './api-client';

async function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return (await client.get<PublicConfig>('/api/config', { signal })).data;
}

/**
 * A part of what the server publishes about itself (`GET /api/config`): ways to pay, GST, social
 * profiles, the support contact. It changes only when the server restarts with other settings, so
 * it is asked for once and shared by every screen that reads a part of it; `enabled: false` waits to ask.
 */
export function usePublicConfig<T>(select: (config: PublicConfig) => T, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['config'],
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
    select,
    enabled,
  });
}
