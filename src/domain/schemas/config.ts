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
      /** UPI, cards and netbanking through Razorpay's checkout: authorized at the request, captured when the owner accepts. */
      upi: z.object({ provider: z.literal('razorpay'), keyId: z.string() }).optional(),
    }),
    /** GST, when the seller is registered: the rate in basis points (1800 is 18 %), its GSTIN and its state. */
    gst: z.object({ rateBps: z.int(), gstin: z.string(), state: z.string() }).optional(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.output<typeof PublicConfig>;
