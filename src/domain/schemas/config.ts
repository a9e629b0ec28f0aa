import { z } from 'zod';
import { CancellationPolicy } from './bookings';

/** The social networks the platform may have a profile on, in the order the footer shows them. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'x', 'linkedin', 'youtube'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** A profile's address: https only, so a link in the footer never downgrades the page or runs script. */
const profileUrl = z.url({ protocol: /^https$/ }).optional();

/** The platform's own profiles that are set (SOCIAL_*_URL); a network left out has no icon anywhere. */
export const SocialProfiles = z.object({
  facebook: profileUrl,
  instagram: profileUrl,
  x: profileUrl,
  linkedin: profileUrl,
  youtube: profileUrl,
});
export type SocialProfiles = z.output<typeof SocialProfiles>;

/**
 * `GET /api/config`: which ways to pay this server can take, with the public keys the app needs for
 * them. A provider missing here is one the server cannot charge, so the app does not offer it.
 */
export const PublicConfig = z
  .object({
    /** Demo mode (`npm run demo`): the providers are the server's own stand-ins, so the app uses its own checkout forms. */
    demo: z.literal(true).optional(),
    payments: z.object({
      /** Cards through react-stripe-checkout's token: held at the request, taken when the owner accepts. */
      card: z.object({ provider: z.literal('stripe'), publishableKey: z.string() }).optional(),
      /**
       * UPI, cards and netbanking through Razorpay's checkout: authorized at the request, captured when the owner accepts.
       * `route`: owners' shares of these payments are paid by Razorpay Route (RAZORPAY_ROUTE); left out when they go by bank file alone.
       */
      upi: z.object({ provider: z.literal('razorpay'), keyId: z.string(), route: z.literal(true).optional() }).optional(),
    }),
    /** GST, when the seller is registered: the rate in basis points (1800 is 18 %), its GSTIN and its state. */
    gst: z.object({ rateBps: z.int(), gstin: z.string(), state: z.string() }).optional(),
    /**
     * How owners' earnings are split: the platform's share of a booking's pre-tax price and the tax
     * withheld from the owner's, in basis points, for bookings whose money is taken from now on; the
     * hours after a trip ends before it completes (for bookings requested from now on); and the hours
     * after it completes before its earnings can be paid out.
     */
    earnings: z
      .object({ commissionBps: z.int(), tdsBps: z.int(), claimWindowHours: z.int(), payoutHoldHours: z.int() })
      .optional(),
    /**
     * NO_SHOW_HOURS: the hours after an accepted booking's start from which either side may say the
     * other did not come; left out by older servers, which have no such step.
     */
    noShowHours: z.int().optional(),
    /** The cancellation policy (FREE_CANCEL_HOURS, LATE_CANCEL_REFUND_BPS) stored on each booking requested now; the app states no policy without it. */
    cancellation: CancellationPolicy.optional(),
    /**
     * What a trip may cost beyond its booking: the bounds of a car's security deposit (DEPOSIT_MIN_PAISE,
     * DEPOSIT_MAX_PAISE) and the late-return fee per hour started as a share of the hourly price
     * (LATE_FEE_BPS, 15000 is 150 %); left out by older servers, whose car pages then state no late fee.
     */
    trips: z.object({ depositMinPaise: z.int(), depositMaxPaise: z.int(), lateFeeBps: z.int() }).optional(),
    /** Whether a booking needs an approved driving licence (LICENCE_CHECK); left out by older servers, which need none. */
    licenceCheck: z.boolean().optional(),
    /** The platform's social profiles that are set; left out when none is. */
    social: SocialProfiles.optional(),
    /** The platform's support contact (SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_ADDRESS), where people ask about their data; left out when none is set. */
    support: z.object({ email: z.email().optional(), phone: z.string().optional(), address: z.string().optional() }).optional(),
  })
  .meta({ id: 'PublicConfig' });
export type PublicConfig = z.output<typeof PublicConfig>;
