import type { z } from 'zod';
import { DemoProviderRefusal } from '../../../domain/schemas/demo-checkout';
import { client } from '../../../lib/api-client';
import { t } from '../words';

/** A provider's refusal, in the provider's own words, as its checkout shows it. */
export class ProviderRefusal extends Error {}

/**
 * Asks the server's stand-in of a provider what the provider's checkout asks the provider: its
 * answer when it takes the request, else a ProviderRefusal with its words.
 */
export async function askStandIn<T extends z.ZodType>(path: string, body: unknown, answer: T): Promise<z.output<T>> {
  const { status, data } = await client.post<unknown>(path, body, { validateStatus: () => true });
  if (status >= 200 && status < 300) {
    const taken = answer.safeParse(data);
    if (taken.success) return taken.data;
  }
  const refusal = DemoProviderRefusal.safeParse(data);
  const words = refusal.success ? (refusal.data.error.message ?? refusal.data.error.description) : undefined;
  throw new ProviderRefusal(words ?? t('bookings.demo.refused'));
}
