import { z } from 'zod';
import { DEFAULT_SCRYPT_COST } from './auth/passwords';
import type { StripeSettings } from './payments/card-payments';

/** Everything the server reads from its environment, typed; defaults follow the contract's Configuration table. */
export interface ServerConfig {
  port: number;
  host: string;
  /** A PostgreSQL URL; undefined means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps nothing. */
  dataDir: string;
  corsOrigins: string[];
  cookieSecure: boolean;
  /** The first admin, created at start-up when all three are set. */
  admin: { email: string; username: string; password: string } | undefined;
  /** The built app to serve next to the API (`npm start`); undefined serves the API only (`npm run dev`). */
  staticDir: string | undefined;
  /** Read the client address from X-Forwarded-For: only behind a proxy that sets it. */
  trustProxy: boolean;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Requests per minute from one address across the whole server, a backstop against floods. */
  requestsPerMinute: number;
  /** scrypt's N for new password hashes; lower only where speed matters more than strength (tests). */
  scryptCost: number;
  /** The platform's contact, shown on the receipts of fleet cars once accepted. */
  support: SupportContact;
  /** Card payments through Stripe: on when both keys are set, off (requests sent unpaid) when neither is. */
  cardPayments: (StripeSettings & { publishableKey: string }) | undefined;
  /** The longest a client may take to send a whole request, headers and body: a trickled body is cut off (408). */
  requestTimeoutMs: number;
  /** The longest a connection may stay silent before it is closed. */
  connectionTimeoutMs: number;
}

/** Generous for a phone on a slow network sending at most a 100 KB body; tests set shorter ones. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const CONNECTION_TIMEOUT_MS = 10_000;

export interface SupportContact {
  phone?: string;
  email?: string;
}

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalText.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), {
    message: 'DATABASE_URL must start with postgres:// or postgresql://',
  }),
  DATA_DIR: z.string().min(1).default('./data'),
  CORS_ORIGINS: z.string().default('http://localhost:5173,http://127.0.0.1:5173'),
  COOKIE_SECURE: flag,
  ADMIN_EMAIL: optionalText,
  ADMIN_USERNAME: optionalText,
  ADMIN_PASSWORD: z.string().optional(),
  STATIC_DIR: optionalText,
  TRUST_PROXY: flag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  // Tests pass a cheap cost through the config object; from the environment, where a copied test
  // setting would weaken every stored password, nothing below OWASP's floor of 2^14 is taken.
  SCRYPT_COST: z.coerce
    .number()
    .int()
    .min(2 ** 14, { message: 'SCRYPT_COST must be at least 16384' })
    .max(2 ** 20)
    .refine((n) => (n & (n - 1)) === 0, { message: 'SCRYPT_COST must be a power of two' })
    .default(DEFAULT_SCRYPT_COST),
  STRIPE_SECRET_KEY: optionalText.refine((key) => key === undefined || /^(sk|rk)_/.test(key), {
    message: 'STRIPE_SECRET_KEY must be a secret key (sk_... or rk_...)',
  }),
  // The app's publishable key, read by the server too so it tells the app (GET /api/config) which key goes with its secret.
  VITE_STRIPE_PUBLISHABLE_KEY: optionalText.refine((key) => key === undefined || key.startsWith('pk_'), {
    message: 'VITE_STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_...)',
  }),
  STRIPE_API_BASE: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SUPPORT_PHONE: optionalText,
  SUPPORT_EMAIL: optionalText.refine((value) => value === undefined || z.email().safeParse(value).success, {
    message: 'SUPPORT_EMAIL must be an email address',
  }),
});

/** Reads the configuration, failing with one line per bad variable so a typo is caught at start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // One key without the other would offer a checkout the server cannot charge, or charge with no way to pay.
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.VITE_STRIPE_PUBLISHABLE_KEY)) {
    throw new Error(
      'Invalid server configuration:\nSTRIPE_SECRET_KEY and VITE_STRIPE_PUBLISHABLE_KEY must be set together, or neither',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    cookieSecure: e.COOKIE_SECURE,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL, username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }
        : undefined,
    staticDir: e.STATIC_DIR,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    requestsPerMinute: e.REQUESTS_PER_MINUTE,
    scryptCost: e.SCRYPT_COST,
    cardPayments:
      e.STRIPE_SECRET_KEY && e.VITE_STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.VITE_STRIPE_PUBLISHABLE_KEY,
            apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
          }
        : undefined,
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
    support: {
      ...(e.SUPPORT_PHONE ? { phone: e.SUPPORT_PHONE } : {}),
      ...(e.SUPPORT_EMAIL ? { email: e.SUPPORT_EMAIL } : {}),
    },
  };
}
