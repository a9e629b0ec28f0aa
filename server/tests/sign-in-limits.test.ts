import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInFailures } from '../src/db/schema';
import { buildTestApp, closeTestApp, newAccount, register } from './helpers';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => closeTestApp(app));

const WINDOW_SECONDS = 15 * 60;

function attempt(url: string, payload: object, remoteAddress: string) {
  return app.inject({ method: 'POST', url, payload, remoteAddress });
}

describe('sign-in failures are limited', () => {
  it('answers 429 with Retry-After after 10 failures for one email, even with the right password', async () => {
    const account = await register(app, 'user');
    for (let i = 0; i < 10; i += 1) {
      // Spread over addresses, so only the per-account limit can be what stops the 11th.
      const response = await attempt('/carsSchema', { email: account.email, password: `wrong-${i}` }, `10.2.0.${i}`);
      expect(response.statusCode).toBe(401);
    }
    const blocked = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.2.1.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json<{ message: string }>().message).toMatch(/try again in 15 minutes/);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(WINDOW_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
    expect(blocked.cookies).toEqual([]);
  });

  it('checks at most 10 wrong passwords for one email even when 30 arrive at once', async () => {
    const account = await register(app, 'user');
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt('/carsSchema', { email: account.email, password: `wrong-${i}` }, `10.8.0.${i}`),
      ),
    );
    const checked = burst.filter((response) => response.statusCode === 401).length;
    const refused = burst.filter((response) => response.statusCode === 429);
    expect(checked).toBeLessThanOrEqual(10);
    expect(refused).toHaveLength(30 - checked);
    for (const response of refused) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    // Refused attempts are not failures, so whatever the burst left of the ten is still there to use, and no more.
    for (let i = checked; i < 10; i += 1) {
      const response = await attempt('/carsSchema', { email: account.email, password: `late-${i}` }, '10.8.1.1');
      expect(response.statusCode).toBe(401);
    }
    const rightPassword = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.8.1.2');
    expect(rightPassword.statusCode).toBe(429);
    expect(rightPassword.cookies).toEqual([]);
  });

  it('counts the account once whether it is named by email or username', async () => {
    const account = await register(app, 'owner');
    for (let i = 0; i < 5; i += 1) {
      await attempt('/api/session', { login: account.email, password: `wrong-${i}` }, '10.3.0.1');
      await attempt('/', { email: account.username, password: `wrong-${i}` }, '10.3.0.2');
    }
    const blocked = await attempt('/ownerloginSchema', { email: account.email, password: account.password }, '10.3.0.3');
    expect(blocked.statusCode).toBe(429);
  });

  it('does not block another account signing in from the same address', async () => {
    const victim = await register(app, 'user');
    const other = await register(app, 'user');
    for (let i = 0; i < 10; i += 1) {
      await attempt('/carsSchema', { email: victim.email, password: `wrong-${i}` }, '10.4.0.1');
    }
    const response = await attempt('/carsSchema', { email: other.email, password: other.password }, '10.4.0.1');
    expect(response.statusCode).toBe(200);
  });

  it('answers 429 after 30 failures from one address, whichever emails they named', async () => {
    const account = await register(app, 'user');
    for (let i = 0; i < 30; i += 1) {
      const response = await attempt('/carsSchema', { email: newAccount().email, password: 'wrong-password' }, '10.5.0.1');
      expect(response.statusCode).toBe(401);
    }
    const blocked = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.5.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.5.0.2');
    expect(elsewhere.statusCode).toBe(200);
  });

  it("clears an account's count when it signs in", async () => {
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
    const longAgo = new Date(Date.now() - (WINDOW_SECONDS + 60) * 1000);
    await app.db
      .insert(signInFailures)
      .values(Array.from({ length: 30 }, () => ({ subject: 'login:old@example.in', address: '10.7.0.1', failedAt: longAgo })));
    const response = await attempt('/carsSchema', { email: account.email, password: account.password }, '10.7.0.1');
    expect(response.statusCode).toBe(200);
  });
});
