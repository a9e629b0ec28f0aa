import { BlockList, isIP } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { BPS_PER_WHOLE, type SplitRates } from '#domain/booking-split';
import { type CancellationPolicy, DEFAULT_CANCELLATION_POLICY } from '#domain/cancellation';
import { DEPOSIT_CEILING_PAISE } from '#domain/car-attributes';
import type { SocialNetwork, SocialProfiles } from '#domain/schemas/config';
import { DEFAULT_SCRYPT_COST } from './auth/passwords';
import { DEFAULT_DATABASE_TIMEOUTS, type DatabaseTimeouts } from './db/client';
import { type NewAdmin, parseNewAdmin } from './db/seed';
import { DEFAULT_QUOTAS, type WriteQuotas } from './limits/quotas';
import { RAZORPAY_API_BASE, type RazorpaySettings } from './payments/razorpay-api';
import type { StripeSettings } from './payments/stripe';
import { DEFAULT_MAIL_TIMING, MAIL_SENDER_NAME, type MailSettings } from './mail/transport';
import { DEFAULT_SMS_TIMING, FAST2SMS_API_BASE, type SmsSettings } from './sms/transport';
import { PAYOUT_DETAILS_KEY_FORMAT, type PayoutDetailsKey, payoutDetailsKey } from './payouts/details-crypto';

/** Everything the server reads from its environment, typed; .env.example lists each variable with its default. */
export interface ServerConfig {
  port: number;
  host: string;
  /** A PostgreSQL URL; undefined means the embedded PGlite database in `dataDir`. */
  databaseUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` keeps nothing. */
  dataDir: string;
  /**
   * Where uploaded photos are stored and served from (UPLOADS_DIR): `<DATA_DIR>/uploads` unless set.
   * With a photo store (`s3`), only uploads still arriving are written here.
   */
  uploadsDir: string;
  /** An S3-compatible store that keeps the photos instead of `uploadsDir`, when S3_* are set. */
  s3: S3Settings | undefined;
  /** PostgreSQL only: bounds on reaching it and on each statement, after which requests answer 503. */
  databaseTimeouts: DatabaseTimeouts;
  corsOrigins: string[];
  cookieSecure: boolean;
  /** The first admin, created at start-up when ADMIN_EMAIL, ADMIN_USERNAME and ADMIN_PASSWORD are set. */
  admin: NewAdmin | undefined;
  /** The built app to serve next to the API (`npm start`); undefined serves the API only (`npm run dev`). */
  staticDir: string | undefined;
  /**
   * Which hops' X-Forwarded-For to believe, as Fastify's `trustProxy` takes it: the number of
   * proxies in front of the server, or their addresses and CIDR ranges; false believes none.
   */
  trustProxy: false | number | string[];
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Requests per minute from one address across the whole server, a backstop against floods. */
  requestsPerMinute: number;
  /**
   * Limits on writes (limits/quotas.ts). Registrations an hour from one address come from the
   * environment (REGISTRATIONS_PER_HOUR), to raise where many people sign up from one address at
   * once (a venue's Wi-Fi), and so do photo uploads an hour per account (PHOTO_UPLOADS_PER_HOUR), to
   * fit the server's capacity for image work; the other per-account quotas are the defaults.
   */
  quotas: WriteQuotas;
  /** scrypt's N for new password hashes; lower only where speed matters more than strength (tests). */
  scryptCost: number;
  /** The platform's contact, shown on the receipts of fleet cars once accepted and on the privacy page. */
  support: SupportContact;
  /** The platform's social profiles (SOCIAL_*_URL): the app shows an icon for each one set, and none otherwise. */
  social: SocialProfiles;
  /** Card payments through Stripe: on when both keys are set, off (requests sent unpaid) when neither is. */
  cardPayments: (StripeSettings & { publishableKey: string }) | undefined;
  /** UPI, cards and netbanking through Razorpay: on when its key id and secret are both set, off when neither is. */
  razorpay: RazorpaySettings | undefined;
  /** GST, when the seller is registered: every booking is taxed at this rate, as a supply within `state`. */
  gst: GstConfig | undefined;
  /** How bookings' money is split and when owners are paid. */
  money: MoneyRules;
  /** What a trip may cost beyond its booking: the bounds on a car's deposit and the late-return fee. */
  trips: TripRules;
  /**
   * The key owners' payout details are encrypted with (PAYOUT_DETAILS_KEY); unset, none can be
   * saved (503) and the server says so at start. There is no default: a key in the repository
   * would open every copy of the data.
   */
  payoutDetailsKey: PayoutDetailsKey | undefined;
  /** The longest a client may take to send a whole request, headers and body: a trickled body is cut off (408). */
  requestTimeoutMs: number;
  /**
   * The longest a connection may stay silent with no request under way: before its first request's
   * headers, and between requests on a kept-alive connection. A request being worked on is never cut
   * by it; its bound is `requestDeadlineMs`.
   */
  idleTimeoutMs: number;
  /**
   * The longest a route's work may take (REQUEST_DEADLINE_MS) before it is answered 503 with
   * Retry-After and its writes roll back: below the app's 15 s and the proxy's read time-out.
   */
  requestDeadlineMs: number;
  /**
   * The app's address as its users reach it (PUBLIC_URL, `http://localhost:<PORT>` unless set), for
   * links in mails: never built from a request's Host header, which whoever sends the request chooses.
   */
  publicUrl: string;
  /** How mail leaves: through SMTP_URL, or as .eml files in DATA_DIR/outbox when it is unset. */
  mail: MailSettings;
  /** How texts leave: through Fast2SMS when SMS_PROVIDER=fast2sms, or as files in DATA_DIR/sms-outbox when it is unset. */
  sms: SmsSettings;
  /** Tests only (TEST_CLOCK_START): where the server's clock starts, moving on with real time from there. */
  clockStartAt: Date | undefined;
  /** Driving licences: whether a booking needs an approved one (LICENCE_CHECK), and the least age to submit one (MIN_RENTER_AGE). */
  licences: LicenceRules;
  /** Where the trips' handover and return photos are kept: private, as the licences' are. */
  tripPhotosDir: string;
}

export interface LicenceRules {
  /** Off, the operator checks each renter's licence at the counter instead (docs/operations.md). */
  check: boolean;
  minRenterAge: number;
  /** Where the licences' photos are kept: private, never under the public uploads. */
  dir: string;
}

/** Generous for a phone on a slow network sending at most a 100 KB body; tests set shorter ones. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const IDLE_TIMEOUT_MS = 10_000;
/** Below the app's 15 s time-out on a call (src/lib/axios-client.ts) and nginx's proxy_read_timeout (server/cluster). */
export const DEFAULT_REQUEST_DEADLINE_MS = 8_000;

export interface GstConfig {
  /** Basis points: 1800 is 18 %. */
  rateBps: number;
  gstin: string;
  /** The state the seller is registered in, as the receipt prints it. */
  state: string;
}

/** How a booking's money is divided and when the owner's share is theirs (the ledger, server/src/ledger). */
export interface MoneyRules {
  /** COMMISSION_BPS and TDS_BPS: the rates a booking is split at when its money is taken. */
  rates: SplitRates;
  /**
   * CLAIM_WINDOW_HOURS: how long after a booking's period ends it stays open for problems with the trip to
   * be raised before it completes; stored on each booking requested from now on (`completes_at`).
   */
  claimWindowHours: number;
  /**
   * NO_SHOW_HOURS: how long after an accepted booking's start either side waits for the other before
   * it may say the other did not come (the process table's `noShow` opening).
   */
  noShowHours: number;
  /** PAYOUT_HOLD_HOURS: how long after a booking completes its owner's share stays pending; 0 releases it at completion. */
  payoutHoldHours: number;
  /** MIN_PAYOUT_PAISE: the least available balance a payout run pays out. */
  minPayoutPaise: number;
  /** PAYOUT_DAY: the weekday, India time, of the weekly payout run (0 Sunday to 6 Saturday). */
  payoutDay: number;
  /** FREE_CANCEL_HOURS and LATE_CANCEL_REFUND_BPS: the cancellation policy stored on each booking requested from now on. */
  cancellation: CancellationPolicy;
}

export interface TripRules {
  /** DEPOSIT_MIN_PAISE and DEPOSIT_MAX_PAISE: the least and most a car's security deposit may be. */
  depositMinPaise: number;
  depositMaxPaise: number;
  /** LATE_FEE_BPS: each hour started past a booking's end costs this share of its hourly price. */
  lateFeeBps: number;
}

/** ₹1,000 to ₹25,000, around the body types' defaults; a late hour costs half as much again as a booked one. */
export const DEFAULT_TRIP_RULES: TripRules = { depositMinPaise: 100_000, depositMaxPaise: 2_500_000, lateFeeBps: 15_000 };

const DEFAULT_MONEY_RULES: MoneyRules = {
  rates: { commissionBps: 2000, tdsBps: 0 },
  claimWindowHours: 24,
  noShowHours: 2,
  payoutHoldHours: 0,
  minPayoutPaise: 10_000,
  payoutDay: 1,
  cancellation: DEFAULT_CANCELLATION_POLICY,
};

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** The highest GST rate India has (28 %), in basis points. */
const GST_RATE_MAX_BPS = 2800;

/** A GSTIN's shape: state code, PAN, entity number, `Z`, check character. */
const GSTIN_FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** An S3-compatible store for photos (S3_*), which several instances of the server share. */
export interface S3Settings {
  /** The store's API address, such as `https://s3.ap-south-1.amazonaws.com` or a MinIO server's. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Where browsers load the photos from when the store serves them itself (S3_PUBLIC_URL, without a
   * trailing slash; a file's name follows it); undefined sends them through this server's `/uploads`.
   */
  publicUrl: string | undefined;
}

export interface SupportContact {
  phone?: string;
  email?: string;
  /** The postal address (SUPPORT_ADDRESS), one line as people write it. */
  address?: string;
}

const flag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** The names proxy-addr (Fastify's trustProxy) gives to ranges of addresses. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_PROXY_HOPS = 10;

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry) || isIP(entry) !== 0) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  return (
    version !== 0 &&
    rest.length === 0 &&
    prefix !== undefined &&
    /^\d{1,3}$/.test(prefix) &&
    Number(prefix) <= (version === 4 ? 32 : 128)
  );
}

/**
 * TRUST_PROXY: unset, empty, `false` or `0` believes no X-Forwarded-For; a number is how many
 * proxies stand in front of the server (`1` for one reverse proxy); anything else is a list of the
 * proxies' addresses or CIDR ranges. `true` is refused: it believes every hop, so any client could
 * choose the address its rate limits count by sending the header itself.
 */
function trustedProxies(value: string | undefined, context: z.RefinementCtx): false | number | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') {
    context.addIssue({
      code: 'custom',
      message:
        'TRUST_PROXY=true would believe X-Forwarded-For from anyone, so any client could pick the address its rate limits count. Give the number of proxies in front of the server (TRUST_PROXY=1 for one reverse proxy) or their addresses (TRUST_PROXY=127.0.0.1 or 10.0.0.0/8)',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_PROXY_HOPS) return hops;
    context.addIssue({ code: 'custom', message: `TRUST_PROXY must be at most ${MAX_PROXY_HOPS} hops, or a list of addresses` });
    return z.NEVER;
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    context.addIssue({
      code: 'custom',
      message: `TRUST_PROXY takes a number of proxies or a comma-separated list of addresses and CIDR ranges (or loopback, linklocal, uniquelocal); not ${bad.map((entry) => `"${entry}"`).join(', ')}`,
    });
    return z.NEVER;
  }
  return entries;
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value && value.trim() !== '' ? value.trim() : undefined));

/** A social profile's address (SOCIAL_*_URL): https only, since the app links it on every page. */
const socialUrl = (variable: string) =>
  optionalText.pipe(z.url({ protocol: /^https$/, message: `${variable} must be an https:// address` }).optional());

/** An http(s) address for a variable, without trailing slashes. */
const httpUrl = (variable: string) =>
  optionalText
    .pipe(z.url({ protocol: /^https?$/, message: `${variable} must be an http:// or https:// address` }).optional())
    .transform((url) => url?.replace(/\/+$/, ''));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: optionalText.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), {
    message: 'DATABASE_URL must start with postgres:// or postgresql://',
  }),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOADS_DIR: optionalText,
  S3_ENDPOINT: httpUrl('S3_ENDPOINT'),
  S3_BUCKET: optionalText,
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  // Not trimmed, as a password is not: a secret is taken as it is given.
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  // A comma would split the address in `srcset`, which lists the photo's versions separated by commas.
  S3_PUBLIC_URL: httpUrl('S3_PUBLIC_URL').refine((url) => url === undefined || !url.includes(','), {
    message: 'S3_PUBLIC_URL must not contain a comma',
  }),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_DATABASE_TIMEOUTS.connectMs),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_DATABASE_TIMEOUTS.queryMs),
  REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).max(120_000).default(DEFAULT_REQUEST_DEADLINE_MS),
  COMMISSION_BPS: z.coerce.number().int().min(0).max(BPS_PER_WHOLE).default(DEFAULT_MONEY_RULES.rates.commissionBps),
  TDS_BPS: z.coerce.number().int().min(0).max(BPS_PER_WHOLE).default(DEFAULT_MONEY_RULES.rates.tdsBps),
  // At least an hour, longer than the few minutes a request may begin in the past, so a completed
  // booking, which no longer reserves its period, never overlaps a new one; a month at most, as the hold.
  CLAIM_WINDOW_HOURS: z.coerce.number().int().min(1).max(720).default(DEFAULT_MONEY_RULES.claimWindowHours),
  // At least an hour, for traffic and a late start; at most a day, so a no-show is said while the
  // trip would still be on, and a booking's first day is never lost waiting.
  NO_SHOW_HOURS: z.coerce.number().int().min(1).max(24).default(DEFAULT_MONEY_RULES.noShowHours),
  // A month at most: an owner waits no longer than that after a trip for its earnings.
  PAYOUT_HOLD_HOURS: z.coerce.number().int().min(0).max(720).default(DEFAULT_MONEY_RULES.payoutHoldHours),
  // A month at most, as the hold: a longer notice would let hardly any booking be cancelled for free.
  FREE_CANCEL_HOURS: z.coerce.number().int().min(0).max(720).default(DEFAULT_MONEY_RULES.cancellation.freeCancelHours),
  LATE_CANCEL_REFUND_BPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(BPS_PER_WHOLE)
    .default(DEFAULT_MONEY_RULES.cancellation.lateRefundBps),
  DEPOSIT_MIN_PAISE: z.coerce.number().int().min(0).max(DEPOSIT_CEILING_PAISE).default(DEFAULT_TRIP_RULES.depositMinPaise),
  DEPOSIT_MAX_PAISE: z.coerce.number().int().min(0).max(DEPOSIT_CEILING_PAISE).default(DEFAULT_TRIP_RULES.depositMaxPaise),
  // Ten times the hourly price at most: a fee, not a fine.
  LATE_FEE_BPS: z.coerce
    .number()
    .int()
    .min(0)
    .max(10 * BPS_PER_WHOLE)
    .default(DEFAULT_TRIP_RULES.lateFeeBps),
  MIN_PAYOUT_PAISE: z.coerce.number().int().min(100).max(100_000_000).default(DEFAULT_MONEY_RULES.minPayoutPaise),
  PAYOUT_DETAILS_KEY: optionalText.refine((key) => key === undefined || payoutDetailsKey(key) !== undefined, {
    message: `PAYOUT_DETAILS_KEY must be ${PAYOUT_DETAILS_KEY_FORMAT}`,
  }),
  PAYOUT_DAY: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(WEEKDAYS, { message: `PAYOUT_DAY must be a day of the week: ${WEEKDAYS.join(', ')}` }))
    .optional()
    .transform((day) => (day === undefined ? DEFAULT_MONEY_RULES.payoutDay : WEEKDAYS.indexOf(day))),
  CORS_ORIGINS: z.string().default('http://localhost:5173,http://127.0.0.1:5173'),
  COOKIE_SECURE: flag,
  // On unless said off: turning it off moves the check to the counter.
  LICENCE_CHECK: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => value !== 'false' && value !== '0'),
  MIN_RENTER_AGE: z.coerce.number().int().min(18).max(99).default(21),
  ADMIN_EMAIL: optionalText,
  ADMIN_USERNAME: optionalText,
  // Not trimmed: spaces may be part of a password. Empty is unset, as `ADMIN_PASSWORD=` in a .env reads.
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  STATIC_DIR: optionalText,
  TRUST_PROXY: z.string().optional().transform(trustedProxies),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).default(DEFAULT_QUOTAS.registrationsPerHour),
  PHOTO_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(DEFAULT_QUOTAS.photoUploadsPerHour),
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
  // Tests that drive a real server process start its clock at a chosen instant; a production server never does.
  TEST_CLOCK_START: optionalText.pipe(
    z.iso.datetime({ offset: true, message: 'TEST_CLOCK_START must be an ISO instant' }).optional(),
  ),
  NODE_ENV: optionalText,
  RAZORPAY_KEY_ID: optionalText.refine((key) => key === undefined || key.startsWith('rzp_'), {
    message: 'RAZORPAY_KEY_ID must be a Razorpay key id (rzp_live_... or rzp_test_...)',
  }),
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRET: optionalText,
  RAZORPAY_API_BASE: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  RAZORPAY_ROUTE: flag,
  GST_RATE_BPS: optionalText
    .refine((value) => value === undefined || /^\d+$/.test(value), {
      message: 'GST_RATE_BPS must be a whole number of basis points (1800 is 18 %)',
    })
    .transform((value) => (value === undefined ? undefined : Number(value)))
    .refine((rate) => rate === undefined || (rate >= 1 && rate <= GST_RATE_MAX_BPS), {
      message: `GST_RATE_BPS must be between 1 and ${GST_RATE_MAX_BPS} (28 %); leave it unset for no GST`,
    }),
  GSTIN: optionalText
    .transform((value) => value?.toUpperCase())
    .refine((value) => value === undefined || GSTIN_FORMAT.test(value), {
      message: 'GSTIN must be a 15-character GST identification number (such as 29ABCDE1234F1Z5)',
    }),
  GST_STATE: optionalText,
  SUPPORT_PHONE: optionalText,
  SUPPORT_ADDRESS: optionalText,
  PUBLIC_URL: optionalText.pipe(
    z.url({ protocol: /^https?$/, message: 'PUBLIC_URL must be an http:// or https:// address' }).optional(),
  ),
  SMTP_URL: optionalText.refine((url) => url === undefined || /^smtps?:\/\/[^/]/.test(url), {
    message: 'SMTP_URL must be an smtp:// or smtps:// address, such as smtp://user:pass@mail.example.com:587',
  }),
  MAIL_FROM: optionalText,
  SMS_PROVIDER: z.enum(['fast2sms', '']).optional(),
  SMS_API_KEY: optionalText,
  SMS_DLT_ENTITY_ID: optionalText,
  SMS_SENDER: optionalText,
  SMS_TEMPLATE_OTP_EN: optionalText,
  SMS_BASE_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SUPPORT_EMAIL: optionalText.refine((value) => value === undefined || z.email().safeParse(value).success, {
    message: 'SUPPORT_EMAIL must be an email address',
  }),
  SOCIAL_FACEBOOK_URL: socialUrl('SOCIAL_FACEBOOK_URL'),
  SOCIAL_INSTAGRAM_URL: socialUrl('SOCIAL_INSTAGRAM_URL'),
  SOCIAL_X_URL: socialUrl('SOCIAL_X_URL'),
  SOCIAL_LINKEDIN_URL: socialUrl('SOCIAL_LINKEDIN_URL'),
  SOCIAL_YOUTUBE_URL: socialUrl('SOCIAL_YOUTUBE_URL'),
});

/**
 * TRUST_PROXY as Fastify's `trustProxy` option. Fastify 5.12 takes a number as trusting no hop at
 * all (a hop count cannot tell a proxy from a client that reaches the server directly), so a count
 * becomes a function trusting that many hops nearest the server: right only where nothing but the
 * proxies can reach it, which docs/operations.md says.
 */
export function trustProxyOption(
  trust: ServerConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Addresses only this machine or a private network can reach: loopback, private and link-local ranges. */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');

function isPublicHost(host: string): boolean {
  const version = isIP(host);
  if (version === 0) return host !== 'localhost';
  return !NOT_PUBLIC.check(host, version === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A hop count believes the last hops of X-Forwarded-For from whoever connects (see trustProxyOption),
 * so on an address clients can reach directly any of them can forge the header and pick the address
 * its rate limits count. Said at start, not refused: a firewall may keep everyone but the proxy out.
 * A list of the proxies' addresses believes only them, wherever the server listens.
 */
export function trustProxyWarning({ trustProxy, host }: Pick<ServerConfig, 'trustProxy' | 'host'>): string | undefined {
  if (typeof trustProxy !== 'number' || !isPublicHost(host)) return undefined;
  return `TRUST_PROXY=${trustProxy} believes X-Forwarded-For from anyone who connects, and HOST=${host} takes connections from outside this machine's private network: a client that reaches the server directly can forge the header and pick the address its rate limits count. Listen behind the proxy on a loopback or private address (HOST=127.0.0.1), keep everyone but the proxy out with a firewall, or give the proxy's addresses (TRUST_PROXY=10.0.0.5).`;
}

/** Beside the database in DATA_DIR; a database kept in memory has no folder, so its photos go to the system's temporary folder. */
function defaultUploadsDir(dataDir: string): string {
  return dataDir.startsWith('memory://') ? path.join(tmpdir(), 'wheelsonweb-uploads') : path.join(dataDir, 'uploads');
}

/** Beside the database, as the uploads are; a database in memory leaves them in the system's temporary folder. */
function privateDir(dataDir: string, name: string): string {
  return dataDir.startsWith('memory://') ? path.join(tmpdir(), `wheelsonweb-${name}`) : path.join(dataDir, name);
}

function defaultOutboxDir(dataDir: string): string {
  return dataDir.startsWith('memory://') ? path.join(tmpdir(), 'wheelsonweb-outbox') : path.join(dataDir, 'outbox');
}

const ADMIN_VARIABLES = { email: 'ADMIN_EMAIL', username: 'ADMIN_USERNAME', password: 'ADMIN_PASSWORD' } as const;

/**
 * The first admin: all three variables or none, each as registration would take it. Half a setting
 * or a short password stops the start, since a server that came up without its admin would leave
 * the person who set them with no way in and no word why.
 */
function firstAdmin(values: Record<keyof NewAdmin, string | undefined>): NewAdmin | undefined {
  const fields = Object.keys(ADMIN_VARIABLES) as (keyof NewAdmin)[];
  const missing = fields.filter((field) => values[field] === undefined).map((field) => ADMIN_VARIABLES[field]);
  if (missing.length === fields.length) return undefined;
  if (missing.length > 0) {
    throw new Error(
      `Invalid server configuration:\nADMIN_EMAIL, ADMIN_USERNAME and ADMIN_PASSWORD must be set together, or none of them: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set`,
    );
  }
  const parsed = parseNewAdmin(values, ADMIN_VARIABLES);
  if ('problems' in parsed) throw new Error(`Invalid server configuration:\n${parsed.problems.join('\n')}`);
  return parsed.admin;
}

const S3_VARIABLES = {
  endpoint: 'S3_ENDPOINT',
  bucket: 'S3_BUCKET',
  region: 'S3_REGION',
  accessKeyId: 'S3_ACCESS_KEY_ID',
  secretAccessKey: 'S3_SECRET_ACCESS_KEY',
} as const;

/**
 * The photo store: all five S3_* variables or none. Half a setting stops the start rather than
 * falling back to the uploads folder, where photos would go unseen by the other instances.
 */
function photoStore(
  values: Record<keyof typeof S3_VARIABLES, string | undefined>,
  publicUrl: string | undefined,
): S3Settings | undefined {
  const { endpoint, bucket, region, accessKeyId, secretAccessKey } = values;
  if (endpoint && bucket && region && accessKeyId && secretAccessKey) {
    return { endpoint, bucket, region, accessKeyId, secretAccessKey, publicUrl };
  }
  const fields = Object.keys(S3_VARIABLES) as (keyof typeof S3_VARIABLES)[];
  const missing = fields.filter((field) => values[field] === undefined).map((field) => S3_VARIABLES[field]);
  if (missing.length < fields.length) {
    throw new Error(
      `Invalid server configuration:\nS3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together, or none of them: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set`,
    );
  }
  if (publicUrl !== undefined) {
    throw new Error(
      'Invalid server configuration:\nS3_PUBLIC_URL is set without a photo store: it needs S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
    );
  }
  return undefined;
}

/** Settings that only make sense together, or never in production, refused at start-up with what to change. */
function refuseHalfSettings(e: z.output<typeof envSchema>): void {
  // One key without the other would offer a checkout the server cannot charge, or charge with no way to pay.
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.VITE_STRIPE_PUBLISHABLE_KEY)) {
    throw new Error(
      'Invalid server configuration:\nSTRIPE_SECRET_KEY and VITE_STRIPE_PUBLISHABLE_KEY must be set together, or neither',
    );
  }
  if (Boolean(e.RAZORPAY_KEY_ID) !== Boolean(e.RAZORPAY_KEY_SECRET)) {
    throw new Error('Invalid server configuration:\nRAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together, or neither');
  }
  // Route moves owners' money through Razorpay, and learns that a linked account is active or a transfer paid only by webhook.
  if (e.RAZORPAY_ROUTE && !(e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET && e.RAZORPAY_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid server configuration:\nRAZORPAY_ROUTE=true pays owners through Razorpay Route: it needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET. Set them, or unset RAZORPAY_ROUTE',
    );
  }
  // A rate without a registration could not print a valid tax invoice; a registration without a rate is a half-done setting.
  const gstSet = [e.GST_RATE_BPS, e.GSTIN, e.GST_STATE].filter((value) => value !== undefined).length;
  if (gstSet !== 0 && gstSet !== 3) {
    throw new Error('Invalid server configuration:\nGST_RATE_BPS, GSTIN and GST_STATE must be set together, or none of them');
  }
  if (e.DEPOSIT_MIN_PAISE > e.DEPOSIT_MAX_PAISE) {
    throw new Error('Invalid server configuration:\nDEPOSIT_MIN_PAISE must not be above DEPOSIT_MAX_PAISE');
  }
  if (e.TEST_CLOCK_START && e.NODE_ENV === 'production') {
    throw new Error('Invalid server configuration:\nTEST_CLOCK_START is for tests: a production server runs on the real clock');
  }
}

function mailSettings(e: z.output<typeof envSchema>, publicUrl: string): MailSettings {
  return {
    smtpUrl: e.SMTP_URL,
    from: e.MAIL_FROM ?? `${MAIL_SENDER_NAME} <no-reply@${new URL(publicUrl).hostname}>`,
    outboxDir: defaultOutboxDir(e.DATA_DIR),
    ...DEFAULT_MAIL_TIMING,
  };
}

const SMS_VARIABLES = ['SMS_API_KEY', 'SMS_DLT_ENTITY_ID', 'SMS_SENDER', 'SMS_TEMPLATE_OTP_EN'] as const;

/**
 * Where texts go. A provider missing any of its variables stops the start: India's operators drop a
 * text without its registered entity, header and template, so a server that came up would send
 * codes no one receives.
 */
function smsSettings(e: z.output<typeof envSchema>): SmsSettings {
  const outboxDir = e.DATA_DIR.startsWith('memory://')
    ? path.join(tmpdir(), 'wheelsonweb-sms-outbox')
    : path.join(e.DATA_DIR, 'sms-outbox');
  const common = { outboxDir, ...DEFAULT_SMS_TIMING };
  if (!e.SMS_PROVIDER) return { ...common, fast2sms: undefined, phoneCodeTemplates: {} };
  const missing = SMS_VARIABLES.filter((name) => e[name] === undefined);
  const { SMS_API_KEY: apiKey, SMS_DLT_ENTITY_ID: entityId, SMS_SENDER: sender, SMS_TEMPLATE_OTP_EN: en } = e;
  if (!apiKey || !entityId || !sender || !en) {
    throw new Error(
      `Invalid server configuration:\nSMS_PROVIDER=${e.SMS_PROVIDER} sends texts through DLT: it needs ${SMS_VARIABLES.join(', ')}; ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} not set`,
    );
  }
  return {
    ...common,
    fast2sms: { apiKey, entityId, sender, apiBase: new URL(e.SMS_BASE_URL ?? FAST2SMS_API_BASE) },
    phoneCodeTemplates: { en },
  };
}

function moneyRules(e: z.output<typeof envSchema>): MoneyRules {
  return {
    rates: { commissionBps: e.COMMISSION_BPS, tdsBps: e.TDS_BPS },
    claimWindowHours: e.CLAIM_WINDOW_HOURS,
    noShowHours: e.NO_SHOW_HOURS,
    payoutHoldHours: e.PAYOUT_HOLD_HOURS,
    minPayoutPaise: e.MIN_PAYOUT_PAISE,
    payoutDay: e.PAYOUT_DAY,
    cancellation: { freeCancelHours: e.FREE_CANCEL_HOURS, lateRefundBps: e.LATE_CANCEL_REFUND_BPS },
  };
}

/** Reads the configuration, failing with one line per bad variable so a typo is caught at start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid server configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  refuseHalfSettings(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    uploadsDir: e.UPLOADS_DIR ?? defaultUploadsDir(e.DATA_DIR),
    s3: photoStore(
      {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      },
      e.S3_PUBLIC_URL,
    ),
    databaseTimeouts: { connectMs: e.DATABASE_CONNECT_TIMEOUT_MS, queryMs: e.DATABASE_QUERY_TIMEOUT_MS },
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter((origin) => origin !== ''),
    cookieSecure: e.COOKIE_SECURE,
    admin: firstAdmin({ email: e.ADMIN_EMAIL, username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD }),
    staticDir: e.STATIC_DIR,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    requestsPerMinute: e.REQUESTS_PER_MINUTE,
    quotas: {
      ...DEFAULT_QUOTAS,
      registrationsPerHour: e.REGISTRATIONS_PER_HOUR,
      photoUploadsPerHour: e.PHOTO_UPLOADS_PER_HOUR,
    },
    scryptCost: e.SCRYPT_COST,
    cardPayments:
      e.STRIPE_SECRET_KEY && e.VITE_STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.VITE_STRIPE_PUBLISHABLE_KEY,
            apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
          }
        : undefined,
    razorpay:
      e.RAZORPAY_KEY_ID && e.RAZORPAY_KEY_SECRET
        ? {
            keyId: e.RAZORPAY_KEY_ID,
            keySecret: e.RAZORPAY_KEY_SECRET,
            webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
            apiBase: new URL(e.RAZORPAY_API_BASE ?? RAZORPAY_API_BASE),
            route: e.RAZORPAY_ROUTE,
          }
        : undefined,
    gst:
      e.GST_RATE_BPS !== undefined && e.GSTIN && e.GST_STATE
        ? { rateBps: e.GST_RATE_BPS, gstin: e.GSTIN, state: e.GST_STATE }
        : undefined,
    money: moneyRules(e),
    trips: { depositMinPaise: e.DEPOSIT_MIN_PAISE, depositMaxPaise: e.DEPOSIT_MAX_PAISE, lateFeeBps: e.LATE_FEE_BPS },
    payoutDetailsKey: e.PAYOUT_DETAILS_KEY === undefined ? undefined : payoutDetailsKey(e.PAYOUT_DETAILS_KEY),
    requestTimeoutMs: REQUEST_TIMEOUT_MS,
    idleTimeoutMs: IDLE_TIMEOUT_MS,
    requestDeadlineMs: e.REQUEST_DEADLINE_MS,
    publicUrl,
    mail: mailSettings(e, publicUrl),
    sms: smsSettings(e),
    support: {
      ...(e.SUPPORT_PHONE ? { phone: e.SUPPORT_PHONE } : {}),
      ...(e.SUPPORT_EMAIL ? { email: e.SUPPORT_EMAIL } : {}),
      ...(e.SUPPORT_ADDRESS ? { address: e.SUPPORT_ADDRESS } : {}),
    },
    clockStartAt: e.TEST_CLOCK_START ? new Date(e.TEST_CLOCK_START) : undefined,
    licences: { check: e.LICENCE_CHECK, minRenterAge: e.MIN_RENTER_AGE, dir: privateDir(e.DATA_DIR, 'licences') },
    tripPhotosDir: privateDir(e.DATA_DIR, 'trip-photos'),
    social: Object.fromEntries(
      Object.entries({
        facebook: e.SOCIAL_FACEBOOK_URL,
        instagram: e.SOCIAL_INSTAGRAM_URL,
        x: e.SOCIAL_X_URL,
        linkedin: e.SOCIAL_LINKEDIN_URL,
        youtube: e.SOCIAL_YOUTUBE_URL,
      } satisfies Record<SocialNetwork, string | undefined>).filter(([, url]) => url !== undefined),
    ),
  };
}
