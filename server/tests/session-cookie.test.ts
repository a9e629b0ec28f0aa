import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, closeTestApp, register, sessionUser } from './helpers';

/**
 * Behind HTTPS (COOKIE_SECURE=true) the session cookie is `__Host-session`, which browsers
 * accept only with Secure, Path=/ and no Domain, so a sibling subdomain cannot plant one.
 */

let secureApp: FastifyInstance;
let plainApp: FastifyInstance;

beforeAll(async () => {
  [secureApp, plainApp] = await Promise.all([buildTestApp({ cookieSecure: true }), buildTestApp({ cookieSecure: false })]);
});
afterAll(() => Promise.all([closeTestApp(secureApp), closeTestApp(plainApp)]));

async function signInOn(app: FastifyInstance) {
  const account = await register(app, 'user');
  return app.inject({ method: 'POST', url: '/api/session', payload: { login: account.email, password: account.password } });
}

describe('the session cookie', () => {
  it('is __Host-session with Secure, Path=/ and no Domain when COOKIE_SECURE=true, and signs the caller in', async () => {
    const response = await signInOn(secureApp);
    expect(response.statusCode).toBe(200);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^__Host-session=[^;]+;/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; Path=\/(;|$)/);
    expect(header).not.toMatch(/Domain=/i);
    const token = response.cookies.find((cookie) => cookie.name === '__Host-session')?.value;
    expect(await sessionUser(secureApp, `__Host-session=${token}`)).toMatchObject({ role: 'user' });
    expect(await sessionUser(secureApp, `session=${token}`)).toBeNull();
  });

  it('signing out clears the prefixed cookie', async () => {
    const signedIn = await signInOn(secureApp);
    const token = signedIn.cookies.find((cookie) => cookie.name === '__Host-session')?.value;
    const cookie = `__Host-session=${token}`;
    const out = await secureApp.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === '__Host-session')?.value).toBe('');
    expect(await sessionUser(secureApp, cookie)).toBeNull();
  });

  it('is plain `session` without Secure over plain HTTP (COOKIE_SECURE=false), where the prefix would be refused', async () => {
    const response = await signInOn(plainApp);
    const header = String(response.headers['set-cookie']);
    expect(header).toMatch(/^session=[^;]+;/);
    expect(header).not.toMatch(/Secure/);
  });
});

describe('the signed_in hint cookie (issue 17: a page without it does not ask who is signed in)', () => {
  const hintOf = (response: {
    cookies: Array<{ name: string; value: string; maxAge?: number; httpOnly?: boolean; path?: string; secure?: boolean }>;
  }) => response.cookies.find((cookie) => cookie.name === 'signed_in');

  it('comes with every sign-in, readable by the page, as long-lived as the session and Secure behind HTTPS', async () => {
    for (const [app, secure] of [
      [plainApp, undefined],
      [secureApp, true],
    ] as const) {
      const hint = hintOf(await signInOn(app));
      expect(hint).toMatchObject({ value: '1', maxAge: 7 * 24 * 60 * 60, path: '/', sameSite: 'Lax' });
      expect(hint?.httpOnly).toBeUndefined();
      expect(hint?.secure).toBe(secure);
    }
  });

  it('is cleared by signing out, and by a check that finds the session it stood for ended', async () => {
    const signedIn = await signInOn(plainApp);
    const cookie = `${signedIn.cookies.map((c) => `${c.name}=${c.value}`).join('; ')}`;
    const check = await plainApp.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(check.json()).toMatchObject({ user: { role: 'user' } });
    expect(hintOf(check)).toBeUndefined();

    const out = await plainApp.inject({
      method: 'DELETE',
      url: '/api/session',
      headers: { cookie, 'content-type': 'application/json' },
    });
    expect(hintOf(out)?.value).toBe('');

    const afterEnd = await plainApp.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(afterEnd.json()).toEqual({ user: null });
    expect(hintOf(afterEnd)?.value).toBe('');

    const neverSignedIn = await plainApp.inject({ method: 'GET', url: '/api/session' });
    expect(neverSignedIn.json()).toEqual({ user: null });
    expect(neverSignedIn.headers['set-cookie']).toBeUndefined();
  });
});
