import { z } from 'zod';

/**
 * `GET /api/config`: which ways to pay this server can take, with the public keys the app needs for
 * them. A provider missing here is one the server cannot charge, so the app does not offer it.
 */
export const PublicConfig = z
  .object({
    payments: z.object({
      /** Cards through react-stripe-checkout's token: held at the request, taken when the owner accepts. */
      card: z.object({ provider: z.literal('stripe'), publishableKey: z.string() }).optional(),
    }),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.output<typeof PublicConfig>;
