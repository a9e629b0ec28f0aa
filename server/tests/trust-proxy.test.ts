import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerConfig, trustProxyWarning } from '../src/config';
import { buildTestApp, closeTestApp, newAccount, register } from './helpers';

// Which address the limits count is what X-Forwarded-For may change: seen here through the sign-in
// limit of 10 failures per login and address.

const apps: FastifyInstance[] = [];
async function appTrusting(trustProxy: ServerConfig['trustProxy']): Promise<FastifyInstance> {
  const app = await buildTestApp({ trustProxy });
  apps.push(app);
  return app;
}
afterAll(() => Promise.all(apps.map((app) => closeTestApp(app))));

/** Eleven wrong passwords for one new account, each from `remoteAddress` with a different X-Forwarded-For; the statuses. */
async function failuresWithSpoofedAddresses(app: FastifyInstance, remoteAddress: string): Promise<number[]> {
  const account = await register(app, 'user');
  const statuses: number[] = [];
  for (let i = 1; i <= 11; i += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/carsSchema',
      payload: { email: account.email, password: `wrong-${i}` },
      remoteAddress,
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
    });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const TEN_FAILURES_THEN_429 = [...Array<number>(10).fill(401), 429];
const ELEVEN_FAILURES = Array<number>(11).fill(401);

describe('X-Forwarded-For', () => {
  let untrusting: FastifyInstance;
  let trustingOne: FastifyInstance;
  let trustingHops: FastifyInstance;

  beforeAll(async () => {
    [untrusting, trustingOne, trustingHops] = await Promise.all([
      appTrusting(false),
      appTrusting(['10.30.0.1', '10.31.0.0/16']),
      appTrusting(1),
    ]);
  });

  it('is ignored by default: a client sending a new address each time is still counted at its own', async () => {
    expect(await failuresWithSpoofedAddresses(untrusting, '10.30.9.9')).toEqual(TEN_FAILURES_THEN_429);
  });

  it('is ignored from a hop not in the trusted list', async () => {
    expect(await failuresWithSpoofedAddresses(trustingOne, '10.30.9.9')).toEqual(TEN_FAILURES_THEN_429);
  });

  it('is believed from a trusted proxy, named by address or by range: each client is counted apart', async () => {
    expect(await failuresWithSpoofedAddresses(trustingOne, '10.30.0.1')).toEqual(ELEVEN_FAILURES);
    expect(await failuresWithSpoofedAddresses(trustingOne, '10.31.200.7')).toEqual(ELEVEN_FAILURES);
  });

  it('is read one hop deep with TRUST_PROXY=1: the address the proxy appended, not what the client wrote before it', async () => {
    const account = await register(trustingHops, 'user');
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i += 1) {
      const response = await trustingHops.inject({
        method: 'POST',
        url: '/carsSchema',
        payload: { email: account.email, password: `wrong-${i}` },
        remoteAddress: '127.0.0.1',
        // The client's own claim first, then the address the one proxy saw.
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual(TEN_FAILURES_THEN_429);
    const elsewhere = await trustingHops.inject({
      method: 'POST',
      url: '/carsSchema',
      payload: { email: newAccount().email, password: 'wrong' },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.8' },
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describe('the start with a hop count of trusted proxies', () => {
  it('warns, saying why, when the server listens on an address clients can reach directly', async () => {
    const lines: string[] = [];
    // With an admin, so the start's only warning is this one (without, it also says how to create one).
    const admin = { email: 'proxy-admin@wheelsonweb.in', username: 'proxyadmin', password: 'admin-password-1' };
    const app = await buildTestApp(
      { trustProxy: 1, host: '0.0.0.0', logLevel: 'warn', admin },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    apps.push(app);
    const warnings = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40);
    expect(warnings.map((entry) => entry.msg)).toEqual([
      expect.stringContaining(
        'TRUST_PROXY=1 believes X-Forwarded-For from anyone who connects, and HOST=0.0.0.0 takes connections from outside',
      ),
    ]);
    expect(warnings[0]?.msg).toContain('can forge the header');
  });

  it('warns for every address but loopback and private ones, and never for a list of proxy addresses', () => {
    const warns = (host: string, trustProxy: ServerConfig['trustProxy'] = 1) =>
      trustProxyWarning({ host, trustProxy }) !== undefined;
    for (const host of ['0.0.0.0', '::', '203.0.113.7', '2001:db8::1', 'wheels.example.in']) expect(warns(host)).toBe(true);
    for (const host of ['127.0.0.1', '::1', 'localhost', '10.0.0.4', '172.20.1.1', '192.168.1.9', 'fd00::2'])
      expect(warns(host)).toBe(false);
    expect(warns('0.0.0.0', ['10.0.0.5'])).toBe(false);
    expect(warns('0.0.0.0', false)).toBe(false);
  });
});
