import path from 'node:path';
import { type CardProviderStandIn, startCardProviderStandIn } from './card-provider-stand-in';
import { type RazorpayStandIn, startRazorpayStandIn } from './razorpay-stand-in';

/** The providers' stand-ins a demo server talks to, in its own process on loopback ports. */
export interface DemoProviders {
  card: CardProviderStandIn;
  razorpay: RazorpayStandIn;
  /** The settings that point the server's real provider code at the stand-ins. */
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/** Where demo mode keeps its data unless DATA_DIR says otherwise: never the real server's ./data. */
export const DEMO_DATA_DIR = './data-demo';

/**
 * What demo mode seals owners' payout details with, unless PAYOUT_DETAILS_KEY is set: a key the
 * demo's data folder can be read with after every restart. It is in the repository, so it protects
 * nothing, which is why demo mode refuses production and keeps its data apart; a real server has no
 * default key and refuses to save details without one of its own.
 */
const DEMO_PAYOUT_DETAILS_KEY = 'ZGVtby1vbmx5LXBheW91dC1kZXRhaWxzLWtleS0wMDE=';

/** The variables that would make a server take money: any set one means this is no place for a demo. */
const PROVIDER_VARIABLE = /^(VITE_)?(STRIPE|RAZORPAY)_/;

/**
 * Why demo mode must not start with this environment, or undefined when it may. A production server
 * must never answer payments with a stand-in, a provider key set beside DEMO is a real setting the
 * demo would silently replace, and a database URL would mix demo bookings into real data: each stops
 * the start rather than guess.
 */
export function demoRefusal(env: NodeJS.ProcessEnv): string | undefined {
  if (env.NODE_ENV?.trim() === 'production') {
    return 'Demo mode refused: NODE_ENV is production, and demo payments move no money. Unset DEMO, or NODE_ENV.';
  }
  // Demo bookings hold stand-in payments: they belong in the demo's own PGlite folder, never in a real database.
  if (env.DATABASE_URL?.trim()) {
    return `Demo mode refused: DATABASE_URL is set, and demo data is kept apart in its own folder (DATA_DIR, ${DEMO_DATA_DIR} by default). Unset DATABASE_URL, or DEMO.`;
  }
  const set = Object.keys(env).filter((name) => PROVIDER_VARIABLE.test(name) && env[name]?.trim());
  if (set.length > 0) {
    return `Demo mode refused: ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set, and demo mode brings its own stand-ins for the payment providers. Unset ${set.length === 1 ? 'it' : 'them'}, or DEMO.`;
  }
  return undefined;
}

/** Starts both stand-ins, or refuses (throwing the reason) when the environment is no place for a demo. */
export async function startDemoProviders(env: NodeJS.ProcessEnv): Promise<DemoProviders> {
  const refused = demoRefusal(env);
  if (refused) throw new Error(refused);
  const dataDir = env.DATA_DIR?.trim() || DEMO_DATA_DIR;
  // Beside the demo's database, so a restart finds the providers knowing the money its bookings hold;
  // a database in memory forgets its bookings too.
  const savedIn = (provider: string) =>
    dataDir.startsWith('memory://') ? undefined : path.join(dataDir, 'demo-providers', `${provider}.json`);
  const [card, razorpay] = await Promise.all([
    startCardProviderStandIn({ savedIn: savedIn('card') }),
    startRazorpayStandIn({ savedIn: savedIn('razorpay') }),
  ]);
  return {
    card,
    razorpay,
    env: {
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: card.secretKey,
      VITE_STRIPE_PUBLISHABLE_KEY: card.publishableKey,
      STRIPE_API_BASE: card.url,
      RAZORPAY_KEY_ID: razorpay.keyId,
      RAZORPAY_KEY_SECRET: razorpay.keySecret,
      RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
      RAZORPAY_API_BASE: razorpay.url,
      // Owners' shares of the demo's Razorpay payments go by the stand-in's Route, as a real server's may.
      RAZORPAY_ROUTE: 'true',
      PAYOUT_DETAILS_KEY: env.PAYOUT_DETAILS_KEY?.trim() || DEMO_PAYOUT_DETAILS_KEY,
      // Codes stay in the demo's sms-outbox folder, whatever the shell says: a demo never texts a real phone.
      SMS_PROVIDER: '',
    },
    close: async () => {
      await Promise.all([card.close(), razorpay.close()]);
    },
  };
}
