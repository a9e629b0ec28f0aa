import type { PayoutDetailsAnswer, PayoutDetailsChange, PayoutDetailsSaved } from '../../domain/contract';
import { client } from '../../lib/api-client';

const PATH = '/api/owner/payout-details';

export async function getPayoutDetails(signal?: AbortSignal): Promise<PayoutDetailsAnswer> {
  return (await client.get<PayoutDetailsAnswer>(PATH, { signal })).data;
}

/** Replaces the whole set; the server answers it masked, as the page shows it. */
export async function savePayoutDetails(body: PayoutDetailsChange): Promise<PayoutDetailsSaved> {
  return (await client.put<PayoutDetailsSaved>(PATH, body)).data;
}
