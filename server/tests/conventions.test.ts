import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, closeTestApp, newAccount } from './helpers';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => closeTestApp(app));

describe('GET /api/health', () => {
  it('reports that the database answers, and which one', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ok',
      db: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite',
    });
  });
});

describe('GET /api/health when the database stops answering', () => {
  it('answers 503 with a message and no detail', async () => {
    const outage = await buildTestApp();
    try {
      // The driver's own client, closed underneath the running app: what a lost database looks like.
      const driver = (outage.db as unknown as { $client: { close?: () => Promise<void>; end?: () => Promise<void> } }).$client;
      await (driver.close ? driver.close() : driver.end?.());
      const response = await outage.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: 'The database is not answering. Please try again in a moment.' });
    } finally {
      await closeTestApp(outage);
    }
  });
});

describe('bodies', () => {
  const account = newAccount();
  const registration = { ...account, confirmPassword: account.password };

  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'username=a&password=b'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--'],
  ])('answers 415 for a %s body and creates nothing', async (type, payload) => {
    const response = await app.inject({
      method: 'POST',
      url: '/register/user',
      headers: { 'content-type': type },
      payload,
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'Send the request body as JSON, with Content-Type: application/json.' });
  });

  it('answers 415 for a body sent with no content type', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/session', payload: Buffer.from('{}') });
    expect(response.statusCode).toBe(415);
  });

  it('answers 413 for a body over 100 KB', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/register/user',
      payload: { ...registration, username: 'x'.repeat(100 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request body is larger than 100 KB.' });
  });

  it('answers 400 for malformed JSON, a JSON body that is not an object, and no body at all', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/register/user',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The request body is not valid JSON.' });

    const list = await app.inject({ method: 'POST', url: '/register/user', payload: [1, 2] });
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ message: 'The request body must be an object.' });

    const empty = await app.inject({ method: 'POST', url: '/register/user', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/request body/i);
  });

  it('refuses a body that tries to poison prototypes', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/session',
      headers: { 'content-type': 'application/json' },
      payload: '{"login": "a", "password": "b", "__proto__": {"admin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['message']);
  });

  it('answers 400 naming the field for a NUL character, which the database cannot store', async () => {
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/session',
      payload: { login: 'a\u0000b', password: 'whatever-1' },
    });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.json()).toEqual({ message: 'Username or email must not contain the NUL character (\\u0000).' });
    const other = newAccount();
    const registration = await app.inject({
      method: 'POST',
      url: '/register/user',
      payload: { ...other, username: 'nul\u0000name', confirmPassword: other.password },
    });
    expect(registration.statusCode).toBe(400);
    expect(registration.json<{ message: string }>().message).toMatch(/^Username must not contain the NUL character/);
  });

  it('ignores fields it does not know', async () => {
    const other = newAccount();
    const response = await app.inject({
      method: 'POST',
      url: '/register/user',
      payload: { ...other, confirmPassword: other.password, role: 'admin' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<{ user: { role: string } }>().user.role).toBe('user');
  });
});

describe('addresses nothing answers', () => {
  it('answers a JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Nothing answers GET /api/nothing-here here.' });
  });

  it('answers 400 for a path segment longer than any id or name, not 500', async () => {
    for (const url of [`/api/cars/${'x'.repeat(600)}`, `/get-car/${'a'.repeat(600)}`]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'The address is too long.' });
    }
  });

  it('answers 400 for a malformed address, not 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/comments/get-comment/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(['message']);
  });
});

describe('CORS', () => {
  it('answers an allowed origin with credentials', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/session',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(response.headers['access-control-allow-credentials']).toBe('true');
  });

  it('gives another origin no CORS headers', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    for (const name of ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers']) {
      expect(response.headers[name], name).toBeUndefined();
    }
  });

  it('adds no CORS headers to a request that names no origin, but says the answer varies by origin', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/cars' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.headers).filter((name) => name.startsWith('access-control-'))).toEqual([]);
    expect(String(response.headers.vary).toLowerCase()).toContain('origin');
  });
});

describe('security headers', () => {
  it('tell a browser that an API answer is data, never a document to run or frame, and ask no HTTPS on plain HTTP', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('ask for HTTPS from then on with every answer, data too, once COOKIE_SECURE says it is served over HTTPS', async () => {
    const secure = await buildTestApp({ cookieSecure: true });
    try {
      const response = await secure.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await closeTestApp(secure);
    }
  });
});

describe('the per-address request ceiling', () => {
  it('answers 429 with Retry-After once an address passes it', async () => {
    const limited = await buildTestApp({ requestsPerMinute: 3 });
    try {
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await limited.inject({ method: 'GET', url: '/api/health' }));
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
      // Below the ceiling an answer says nothing of it; the one past it says how long to wait.
      expect(answers[0]?.headers['x-ratelimit-remaining']).toBeUndefined();
      const blocked = await limited.inject({ method: 'GET', url: '/api/health' });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.headers['x-ratelimit-remaining']).toBe('0');
      expect(blocked.json<{ message: string }>().message).toMatch(/Too many requests/);
      const other = await limited.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.8.0.1' });
      expect(other.statusCode).toBe(200);
    } finally {
      await closeTestApp(limited);
    }
  });
});
