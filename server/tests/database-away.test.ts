import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildTestApp, closeTestApp } from './helpers';

/**
 * A database that is away is not a bug: before this, with the database away every endpoint answered
 * 500, and a start-up that could not reach it printed whatever the driver said. A database that is
 * down or not answering is not the client's fault nor a bug: 503 with Retry-After, and the start-up
 * names what it tried.
 */

/** A port nothing listens on: the system refuses the connection at once. */
const NOBODY_LISTENS = 'postgres://wheels:secret-password@127.0.0.1:1/wheels';

describe('a start-up that cannot reach PostgreSQL', () => {
  it('stops with one line naming the address and the bound, never the password', async () => {
    const started = buildTestApp({ databaseUrl: NOBODY_LISTENS });
    await expect(started).rejects.toThrow(
      /^Could not reach the database at 127\.0\.0\.1:1\/wheels within 4 s: connect ECONNREFUSED 127\.0\.0\.1:1 \(ECONNREFUSED\)$/,
    );
    await expect(started).rejects.not.toThrow(/secret-password/);
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

// Generated only where a PostgreSQL server is given, as migrations.test.ts does with `onPostgres`.
describe.each(serverUrl ? ['PostgreSQL'] : [])('on %s, a pool that can no longer reach the database', () => {
  it.each([
    ['GET', '/api/cars'],
    ['GET', '/api/comments/get-comment'],
    ['POST', '/api/session'],
  ] as const)('answers %s %s with 503, Retry-After and a sentence', async (method, url) => {
    let app: FastifyInstance | undefined;
    try {
      app = await buildTestApp();
      // drizzle keeps the pool it was given as $client; ended, every query fails as it would with the server stopped.
      await (app.db as unknown as { $client: pg.Pool }).$client.end();
      const response = await app.inject({
        method,
        url,
        headers: { 'content-type': 'application/json' },
        ...(method === 'POST' ? { payload: { login: 'someone@example.in', password: 'pass-word-123' } } : {}),
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({ message: 'The service is briefly unavailable. Please try again in a few seconds.' });
    } finally {
      await closeTestApp(app);
    }
  });
});
