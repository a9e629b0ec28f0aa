import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import type { Account, RegisterType, SessionCheck } from '#domain/contract';
import { buildApp, type AppOptions } from '../src/app';
import { loadConfig, type ServerConfig } from '../src/config';
import { accounts, licences } from '../src/db/schema';
import { type DatabaseClient, type OpenDatabase, openDatabase as openOwnDatabase } from '../src/db/client';
import type { WriteQuotas } from '../src/limits/quotas';
import { withAdminClient } from './postgres-admin';
import { recycledPglite } from './recycled-pglite';

/**
 * Limits on writes in tests, where every account comes from 127.0.0.1 and one renter may make dozens
 * of requests; quotas.test.ts checks the defaults.
 */
export const TEST_QUOTAS: WriteQuotas = {
  registrationsPerHour: 100_000,
  commentsPerTenMinutes: 100_000,
  bookingRequestsPerHour: 100_000,
  carsPerOwner: 100_000,
  photoUploadsPerHour: 100_000,
  bookingMessagesPerMinute: 100_000,
};

/**
 * scrypt's cost in tests: hashing at the production cost (about 0.1 s a password) would be most of
 * the suite's time. passwords.test.ts checks an app on the default configuration keeps that cost.
 */
export const TEST_SCRYPT_COST = 2 ** 4;

/**
 * The key owners' payout details are sealed with in tests, one per worker as production has one
 * per site: random, so no key that opens anything lives in the repository.
 */
const TEST_PAYOUT_DETAILS_KEY = randomBytes(32).toString('base64');

const dropDatabase = new WeakMap<FastifyInstance, () => Promise<void>>();

export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return {
    // Read as the server reads it, so what follows from DATA_DIR (the outbox folder the mail worker writes
    // to) follows from memory:// too, instead of the project's ./data.
    ...loadConfig({ DATA_DIR: 'memory://', PAYOUT_DETAILS_KEY: TEST_PAYOUT_DETAILS_KEY }),
    logLevel: 'silent',
    scryptCost: TEST_SCRYPT_COST,
    quotas: TEST_QUOTAS,
    // Tests that hold a queue, or a loaded machine running two suites, may keep a request waiting
    // longer than production's deadline; the deadline's own tests set theirs.
    requestDeadlineMs: 60_000,
    ...overrides,
  };
}

/**
 * A real app on a real, fresh database, a copy of the run's migrated and seeded template
 * (global-setup.ts): in-memory PGlite by default, often one an earlier app in this worker closed,
 * reset to the template (recycled-pglite.ts); with TEST_DATABASE_URL, a new database with a
 * random name on that PostgreSQL server, dropped again by `closeTestApp`. An app given its own
 * `databaseUrl`, or a `dataDir` that already holds a database, starts on that instead.
 */
export async function buildTestApp(overrides: Partial<ServerConfig> = {}, options: AppOptions = {}): Promise<FastifyInstance> {
  if (overrides.databaseUrl !== undefined || (overrides.dataDir !== undefined && !(await isEmptyFolder(overrides.dataDir)))) {
    return buildApp(testConfig(overrides), options);
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && overrides.dataDir === undefined) return buildOnPostgres(serverUrl, overrides, options);
  const initialData = await pgliteDump('migrated');
  const reset = inject('databaseTemplates')?.pglite.reset;
  const openDatabase: OpenDatabase =
    overrides.dataDir === undefined && initialData && reset
      ? lendPglite(initialData, reset)
      : (databaseOptions) => openOwnDatabase({ ...databaseOptions, ...(initialData ? { initialData } : {}) });
  return buildApp(testConfig(overrides), { ...options, openDatabase });
}

let lend: (() => Promise<DatabaseClient>) | undefined;

/** An in-memory database as the template left it, recycled from an app this worker closed when it can be. */
function lendPglite(initialData: Blob, reset: string): OpenDatabase {
  lend ??= recycledPglite(() => openOwnDatabase({ databaseUrl: undefined, dataDir: 'memory://', initialData }), reset);
  return lend;
}

async function isEmptyFolder(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => [])).length === 0;
}

const dumps = new Map<string, Promise<Blob>>();

/**
 * A PGlite data folder global-setup.ts dumped, for `initialData`: a new, empty database, or the
 * migrated and seeded template. Undefined when the run had no global setup (the database is then
 * made anew). Read once per worker.
 */
export function pgliteDump(which: 'empty' | 'migrated'): Promise<Blob | undefined> {
  const file = inject('databaseTemplates')?.pglite[which];
  if (!file) return Promise.resolve(undefined);
  const dump = dumps.get(file) ?? readFile(file).then((bytes) => new Blob([bytes]));
  dumps.set(file, dump);
  return dump;
}

/** A new database with a random name on the `serverUrl` server, a copy of the run's template: its URL, and how to drop it. */
export async function newPostgresDatabase(serverUrl: string): Promise<{ databaseUrl: string; drop: () => Promise<void> }> {
  const template = inject('databaseTemplates')?.postgres;
  const name = `wow_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`));
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const drop = () =>
    withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined);
  return { databaseUrl: databaseUrl.toString(), drop };
}

async function buildOnPostgres(
  serverUrl: string,
  overrides: Partial<ServerConfig>,
  options: AppOptions,
): Promise<FastifyInstance> {
  const { databaseUrl, drop } = await newPostgresDatabase(serverUrl);
  try {
    const app = await buildApp(testConfig({ ...overrides, databaseUrl }), options);
    dropDatabase.set(app, drop);
    return app;
  } catch (error) {
    await drop();
    throw error;
  }
}

/** Closes the app (and its database connection), then drops the database it made, if any. */
export async function closeTestApp(app: FastifyInstance | undefined): Promise<void> {
  if (!app) return;
  await app.close();
  await dropDatabase.get(app)?.();
}

let accountCount = 0;

const OWNER_PHONE = '+91 98765 43210';

export interface TestAccount {
  username: string;
  email: string;
  password: string;
}

/** A new, unique set of credentials for each call, so tests in one file never collide. */
export function newAccount(): TestAccount {
  accountCount += 1;
  const tag = `${accountCount}${randomBytes(3).toString('hex')}`;
  return { username: `person${tag}`, email: `person${tag}@example.in`, password: `pass-word-${tag}` };
}

/** The mobile test renters prove, as the code flow would store it. */
export const TEST_RENTER_PHONE = '+91 98765 01234';

/**
 * Registers the account and, unless `verified` is false, gives it a verified phone number as the
 * code flow would leave it (a renter's first booking request and an owner's payout details need
 * one): the owner's registered number, or TEST_RENTER_PHONE for a renter.
 */
export async function register(
  app: FastifyInstance,
  role: RegisterType,
  account: TestAccount = newAccount(),
  { verified = true, licence = true }: { verified?: boolean; licence?: boolean } = {},
) {
  const payload =
    role === 'owner'
      ? { ...account, confirmPassword: account.password, phoneNumber: OWNER_PHONE, country: 'India' }
      : { ...account, confirmPassword: account.password };
  const response = await app.inject({
    method: 'POST',
    url: `/register/${role}`,
    payload,
    remoteAddress: addressOf(account.email),
  });
  if (response.statusCode !== 201) throw new Error(`registering failed: ${response.statusCode} ${response.body}`);
  if (verified) await markPhoneVerified(app, role, account.email);
  if (licence && role === 'user') await giveApprovedLicence(app, account.email);
  return account;
}

/**
 * Leaves the account as a confirmed code would: the owner's registered number, or TEST_RENTER_PHONE
 * for a renter, verified now. The code flow itself is tested in phone-verification.test.ts.
 */
export async function markPhoneVerified(app: FastifyInstance, role: RegisterType, email: string): Promise<void> {
  await app.db
    .update(accounts)
    .set({ phoneNumber: role === 'owner' ? OWNER_PHONE : TEST_RENTER_PHONE, phoneVerifiedAt: app.clock.now() })
    .where(eq(accounts.email, email));
}

/** A valid licence number of today's form, as test renters' licences have. */
export const TEST_LICENCE_NUMBER = 'KA0120190012345';

/**
 * Gives the renter an approved driving licence, as an admin's approval would leave it (a booking
 * request needs one), expiring after any trip a test books (some book in the year 9999). Its photos are never read by the booking tests, so none are
 * stored; the submission and review themselves are tested in licences.test.ts.
 */
export async function giveApprovedLicence(app: FastifyInstance, email: string): Promise<void> {
  const [account] = await app.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
  if (!account) throw new Error(`no account ${email}`);
  const now = app.clock.now();
  await app.db.insert(licences).values({
    accountId: account.id,
    number: TEST_LICENCE_NUMBER,
    dateOfBirth: '1990-01-01',
    expiresOn: '9999-12-31',
    olderFormat: false,
    status: 'approved',
    frontKey: randomBytes(16).toString('hex'),
    backKey: randomBytes(16).toString('hex'),
    submittedAt: now,
    reviewedAt: now,
  });
}

/** The `cookie` request header that carries the session a response set. */
export function sessionCookie(response: LightMyRequestResponse): string {
  const session = response.cookies.find((cookie) => cookie.name === 'session');
  if (!session?.value) throw new Error(`no session cookie in ${response.statusCode} ${response.body}`);
  return `session=${session.value}`;
}

/**
 * Where a test's person connects from: an address of their own, as people have, since the server
 * bounds what one address may have waiting (five people signing in at once from one address are a flood).
 */
export function addressOf(login: string): string {
  const [a = 0, b = 0, c = 0] = createHash('sha256').update(login).digest();
  return `10.${a}.${b}.${c}`;
}

export async function signIn(app: FastifyInstance, login: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { login, password },
    remoteAddress: addressOf(login),
  });
  return sessionCookie(response);
}

/** Registers a new account of the role and signs it in; returns the cookie header to send. */
export async function registerAndSignIn(
  app: FastifyInstance,
  role: RegisterType,
  options?: { verified?: boolean; licence?: boolean },
): Promise<string> {
  const account = await register(app, role, newAccount(), options);
  return signIn(app, account.email, account.password);
}

/** Whom `GET /api/session` finds signed in with the cookie, or null for nobody: the check itself never refuses. */
export async function sessionUser(app: FastifyInstance, cookie?: string): Promise<Account | null> {
  const response = await app.inject({ method: 'GET', url: '/api/session', ...(cookie ? { headers: { cookie } } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SessionCheck>().user;
}

/** The signed-in account's id, as `GET /api/session` reports it. */
export async function accountId(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  return response.json<{ user: { id: string } }>().user.id;
}
