import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SLOWDOWN, slowdownMs } from '../src/accounts/sign-in';
import { movableClock } from '../src/clock/clock';
import { signInFailures } from '../src/db/schema';
import { buildTestApp, closeTestApp, newAccount, register } from './helpers';

let app: FastifyInstance;
/**
 * Stands still unless a test moves it: failures age only when the clock is moved past their window.
 * It records how long the server held each answer (the slowdown) instead of waiting.
 */
const clock = movableClock(new Date());

/** How long each answer since the last `beforeEach` (or the last call to this) was held, in ms. */
function holds(): number[] {
  return clock.held.splice(0);
}

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
});
afterAll(() => closeTestApp(app));
beforeEach(() => {
  clock.held.length = 0;
});

const WINDOW_SECONDS = 15 * 60;

function attempt(url: string, payload: object, remoteAddress: string) {
  return app.inject({ method: 'POST', url, payload, remoteAddress });
}

describe('sign-in failures are limited per login and address', () => {
  it('answers 429 with Retry-After to the address that made 10 failures for one email, even with the right password', async () => {
    const account = await register(app, 'user');
    for (let i = 0; i < 10; i += 1) {
      const response = await attempt('/carsSchema', { email: account.email, password: `wrong-${i}` }, '10.2.0.1');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.2.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toBe(
      'Too many failed sign-in attempts from your address. Please try again in 15 minutes.',
    );
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(blocked.cookies).toEqual([]);

    // Refused until the wait it named has passed, and no longer.
    clock.advance((retryAfter - 1) * 1000);
    expect((await attempt('/carsSchema', { email: account.email, password: account.password }, '10.2.0.1')).statusCode).toBe(429);
    clock.advance(1000);
    expect((await attempt('/carsSchema', { email: account.email, password: account.password }, '10.2.0.1')).statusCode).toBe(200);
  });

  it("does not block the owner at their own address after a stranger's failures elsewhere: it slows them", async () => {
    const account = await register(app, 'user');
    // Ten strangers' addresses, each under its own limit: only the per-login count sees them all.
    for (let i = 0; i < 10; i += 1) {
      const response = await attempt('/carsSchema', { email: account.email, password: `wrong-${i}` }, `10.3.0.${i}`);
      expect(response.statusCode).toBe(401);
    }
    const stranger = await attempt('/carsSchema', { email: account.email, password: 'wrong-again' }, '10.3.0.1');
    expect(stranger.statusCode).toBe(401);
    holds();
    const owner = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.3.1.1');
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.map((cookie) => cookie.name)).toContain('session');
    // 11 failures from everywhere: the second step of the slowdown.
    expect(holds()).toEqual([slowdownMs(11)]);
  });

  it('slows an unknown login exactly as a real one, and answers it 401', async () => {
    const unknown = newAccount().email;
    for (let i = 0; i < 11; i += 1) {
      expect((await attempt('/carsSchema', { email: unknown, password: `wrong-${i}` }, `10.4.0.${i}`)).statusCode).toBe(401);
    }
    holds();
    const result = await attempt('/carsSchema', { email: unknown, password: 'wrong' }, '10.4.1.1');
    expect(result.statusCode).toBe(401);
    expect(holds()).toEqual([slowdownMs(11)]);
  });

  it('doubles the delay with each further failure up to a cap, and never refuses for failures elsewhere', () => {
    expect(slowdownMs(SLOWDOWN.after - 1)).toBe(0);
    expect(slowdownMs(SLOWDOWN.after)).toBe(SLOWDOWN.firstMs);
    expect(slowdownMs(SLOWDOWN.after + 1)).toBe(2 * SLOWDOWN.firstMs);
    expect(slowdownMs(SLOWDOWN.after + 2)).toBe(4 * SLOWDOWN.firstMs);
    expect(slowdownMs(1000)).toBe(SLOWDOWN.maxMs);
    expect(SLOWDOWN.maxMs).toBeLessThanOrEqual(5000);
  });

  it('checks at most 10 wrong passwords for one email from one address even when 30 arrive at once', async () => {
    const account = await register(app, 'user');
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt('/carsSchema', { email: account.email, password: `wrong-${i}` }, '10.8.0.1')),
    );
    const checked = burst.filter((response) => response.statusCode === 401).length;
    // Refused as too many failures (429), or at once as too many waiting from the address (503).
    const refused = burst.filter((response) => response.statusCode === 429 || response.statusCode === 503);
    expect(checked).toBeLessThanOrEqual(10);
    expect(refused).toHaveLength(30 - checked);
    for (const response of refused) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    // Refused attempts are not failures, so whatever the burst left of the ten is still there to use, and no more.
    for (let i = checked; i < 10; i += 1) {
      const response = await attempt('/carsSchema', { email: account.email, password: `late-${i}` }, '10.8.0.1');
      expect(response.statusCode).toBe(401);
    }
    const rightPassword = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.8.0.1');
    expect(rightPassword.statusCode).toBe(429);
    expect(rightPassword.cookies).toEqual([]);
    const owner = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.8.1.1');
    expect(owner.statusCode).toBe(200);
  });

  it('answers the 429 alike for a real email and an unrelated login: same status, message and wait', async () => {
    const account = await register(app, 'user');
    const unrelated = newAccount().email;
    const blocked = [];
    for (const [login, address] of [
      [account.email, '10.9.0.1'],
      [unrelated, '10.9.0.2'],
    ] as const) {
      for (let i = 0; i < 10; i += 1) await attempt('/carsSchema', { email: login, password: `wrong-${i}` }, address);
      blocked.push(await attempt('/carsSchema', { email: login, password: 'wrong' }, address));
    }
    const [real, unknown] = blocked;
    expect(real?.statusCode).toBe(429);
    expect(unknown?.statusCode).toBe(429);
    expect(real?.json()).toEqual(unknown?.json());
    expect(Math.abs(Number(real?.headers['retry-after']) - Number(unknown?.headers['retry-after']))).toBeLessThanOrEqual(2);
  });

  it("counts an email and a username apart, so failures do not tell which username is the email's", async () => {
    const account = await register(app, 'owner');
    for (let i = 0; i < 5; i += 1) {
      await attempt('/api/session', { login: account.email, password: `wrong-${i}` }, '10.3.2.1');
      await attempt('/', { email: account.username, password: `wrong-${i}` }, '10.3.2.1');
    }
    // Ten failures for the account from this address, but five per login: as for any two logins, no 429.
    const next = await attempt('/api/session', { login: account.email, password: 'wrong-again' }, '10.3.2.1');
    expect(next.statusCode).toBe(401);
    const owner = await attempt('/ownerloginSchema', { email: account.email, password: account.password }, '10.3.2.1');
    expect(owner.statusCode).toBe(200);
  });

  it('does not block another account signing in from the same address', async () => {
    const victim = await register(app, 'user');
    const other = await register(app, 'user');
    for (let i = 0; i < 10; i += 1) {
      await attempt('/carsSchema', { email: victim.email, password: `wrong-${i}` }, '10.4.2.1');
    }
    const response = await attempt('/carsSchema', { email: other.email, password: other.password }, '10.4.2.1');
    expect(response.statusCode).toBe(200);
  });

  it('answers 429 after 100 failures from one address, whichever logins they named, and not elsewhere', async () => {
    const account = await register(app, 'user');
    for (let i = 0; i < 100; i += 1) {
      const response = await attempt('/carsSchema', { email: newAccount().email, password: 'wrong-password' }, '10.5.0.1');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.5.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.5.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64: another address in it shares the limit, another /64 does not', async () => {
    const account = await register(app, 'user');
    for (let i = 1; i <= 10; i += 1) {
      await attempt('/carsSchema', { email: account.email, password: `wrong-${i}` }, `2001:db8:5:6::${i.toString(16)}`);
    }
    const sameSubnet = await attempt('/carsSchema', { email: account.email, password: account.password }, '2001:db8:5:6:ffff::1');
    expect(sameSubnet.statusCode).toBe(429);
    const otherSubnet = await attempt('/carsSchema', { email: account.email, password: account.password }, '2001:db8:5:7::1');
    expect(otherSubnet.statusCode).toBe(200);
  });

  it("clears the login's count at that address when it signs in", async () => {
    const account = await register(app, 'user');
    for (let i = 0; i < 9; i += 1) {
      await attempt('/carsSchema', { email: account.email, password: `wrong-${i}` }, '10.6.0.1');
    }
    const success = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.6.0.1');
    expect(success.statusCode).toBe(200);
    for (let i = 0; i < 9; i += 1) {
      const response = await attempt('/carsSchema', { email: account.email, password: `wrong-again-${i}` }, '10.6.0.1');
      expect(response.statusCode).toBe(401);
    }
  });

  it('forgets failures older than 15 minutes', async () => {
    const account = await register(app, 'user');
    await app.db
      .insert(signInFailures)
      .values(
        Array.from({ length: 100 }, () => ({ subject: `login:${account.email}`, address: '10.7.0.1', failedAt: clock.now() })),
      );
    const signIn = () => attempt('/carsSchema', { email: account.email, password: account.password }, '10.7.0.1');
    expect((await signIn()).statusCode).toBe(429);
    clock.advance((WINDOW_SECONDS + 60) * 1000);
    holds();
    expect((await signIn()).statusCode).toBe(200);
    // Nor slowed: the failures counted for the slowdown have aged out too.
    expect(holds()).toEqual([]);
  });
});
