import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer, SessionAnswer } from '#domain/contract';
import { SESSION_TTL_SECONDS } from '../src/auth/session-token';
import { movableClock } from '../src/clock/clock';
import { accounts, sessions } from '../src/db/schema';
import { buildTestApp, closeTestApp, register, sessionCookie, sessionUser, signIn } from './helpers';

let app: FastifyInstance;
/** Stands still unless a test moves it, as sessions age. */
const clock = movableClock(new Date());

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
});
afterAll(() => closeTestApp(app));

const whoAmI = (cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/session', ...(cookie ? { headers: { cookie } } : {}) });

describe('POST /api/session', () => {
  it('signs in by username or email, any role, with a cookie as the contract describes', async () => {
    const owner = await register(app, 'owner');
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { login: owner.username, password: owner.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginAnswer>()).toMatchObject({ message: 'Signed in.', user: { role: 'owner' } });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).toContain(`Max-Age=${7 * 24 * 60 * 60}`);
    expect(setCookie).not.toContain('Secure');

    const byEmail = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { login: owner.email.toUpperCase(), password: owner.password },
    });
    expect(byEmail.statusCode).toBe(200);
  });

  it('answers 401 for a wrong password', async () => {
    const user = await register(app, 'user');
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { login: user.email, password: 'wrong-password' },
      remoteAddress: '10.9.0.1',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password.' });
  });

  it('keeps only a SHA-256 of the token in the database', async () => {
    const user = await register(app, 'user');
    const cookie = await signIn(app, user.email, user.password);
    const token = cookie.slice('session='.length);
    const [account] = await app.db.select().from(accounts).where(eq(accounts.email, user.email));
    const stored = await app.db.select().from(sessions).where(eq(sessions.accountId, account!.id));
    // Registering signed the account in as well: two sessions, each kept by its token's hash alone.
    expect(stored).toHaveLength(2);
    expect(stored.map((row) => row.tokenHash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('rotates: signing in again ends the session the request came with', async () => {
    const user = await register(app, 'user');
    const first = await signIn(app, user.email, user.password);
    const again = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { login: user.email, password: user.password },
      headers: { cookie: first },
    });
    const second = sessionCookie(again);
    expect(second).not.toBe(first);
    expect(await sessionUser(app, first)).toBeNull();
    expect(await sessionUser(app, second)).toMatchObject({ email: user.email });
  });

  it('sets a Secure cookie when COOKIE_SECURE is on', async () => {
    const secureApp = await buildTestApp({ cookieSecure: true });
    try {
      const user = await register(secureApp, 'user');
      const response = await secureApp.inject({
        method: 'POST',
        url: '/api/session',
        payload: { login: user.email, password: user.password },
      });
      expect(String(response.headers['set-cookie'])).toContain('Secure');
    } finally {
      await closeTestApp(secureApp);
    }
  });
});

describe('GET /api/session', () => {
  it('answers the signed-in account', async () => {
    const user = await register(app, 'user');
    const response = await whoAmI(await signIn(app, user.email, user.password));
    expect(response.statusCode).toBe(200);
    const body = response.json<SessionAnswer>();
    expect(Object.keys(body)).toEqual(['user']);
    expect(body.user).toMatchObject({ username: user.username, email: user.email, role: 'user' });
    expect(body.user._id).toBe(body.user.id);
  });

  it('answers 200 {user: null} with no cookie, an unknown token, or an expired session', async () => {
    const signedOut = await whoAmI();
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.json()).toEqual({ user: null });
    expect(await sessionUser(app, 'session=not-a-real-token')).toBeNull();

    const user = await register(app, 'user');
    const cookie = await signIn(app, user.email, user.password);
    // Alive to the last millisecond of its week, and over when the week is.
    clock.advance(SESSION_TTL_SECONDS * 1000 - 1);
    expect(await sessionUser(app, cookie)).toMatchObject({ email: user.email });
    clock.advance(1);
    expect(await sessionUser(app, cookie)).toBeNull();
  });

  it('still refuses the signed-in endpoints with 401 when nobody is signed in', async () => {
    const account = await app.inject({ method: 'GET', url: '/api/account' });
    expect(account.statusCode).toBe(401);
    expect(account.json()).toEqual({ message: 'Please sign in first.' });
  });

  it('ends the sessions of an account once it is disabled', async () => {
    const user = await register(app, 'user');
    const cookie = await signIn(app, user.email, user.password);
    await app.db.update(accounts).set({ disabled: true }).where(eq(accounts.email, user.email));
    expect(await sessionUser(app, cookie)).toBeNull();
  });
});

describe('DELETE /api/session', () => {
  it('answers 204, clears the cookie and ends the session', async () => {
    const user = await register(app, 'user');
    const cookie = await signIn(app, user.email, user.password);
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const cleared = response.cookies.find((c) => c.name === 'session');
    expect(cleared?.value).toBe('');
    expect(String(response.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);
    expect(await sessionUser(app, cookie)).toBeNull();
  });

  it('answers 204 when nobody is signed in, and to a JSON-typed request with an empty body', async () => {
    const response = await app.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { 'content-type': 'application/json', 'content-length': '0' },
    });
    expect(response.statusCode).toBe(204);
  });
});
