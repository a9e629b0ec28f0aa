import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '../domain/contract';
import { client } from './api-client';
import { useNearViewport } from './useInViewport';

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
    // After a failure, a part of the page that appears later (the checkout's buttons, once the
    // answer is known) must not ask again by appearing: that asked, hid the part while waiting,
    // failed, showed it, and asked again, dozens of times a second. A screen's Try again asks.
    retryOnMount: false,
    select,
    enabled,
  });
}

/**
 * A part of the server's config for something below the first screen (the footer's contact and
 * profiles): asked for once the element given `ref` comes near the viewport, since a first screen
 * that makes no call loads no HTTP client, which keeps it within its JavaScript budget. `data` is
 * undefined until then, and when the call failed: nothing is ever shown in its place.
 */
export function usePublicConfigNear<T>(select: (config: PublicConfig) => T) {
  const { ref, near } = useNearViewport();
  const { data } = usePublicConfig(select, { enabled: near });
  return { ref, data };
}
