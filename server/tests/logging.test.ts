import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, closeTestApp, newAccount } from './helpers';

const CHECK_VIOLATION = '23514';

let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  app = await buildTestApp({ logLevel: 'error' }, { logStream: { write: (line) => void lines.push(line) } });
  // Every new account now breaks a rule, so registering fails inside the database with its values bound.
  await app.db.execute(sql`ALTER TABLE accounts ADD CONSTRAINT refuse_new_accounts CHECK (false) NOT VALID`);
});
afterAll(() => closeTestApp(app));

describe('a database error in the log', () => {
  it('names the failed query and its code but none of the values it was given', async () => {
    const account = newAccount();
    const response = await app.inject({
      method: 'POST',
      url: '/register/user',
      payload: { ...account, confirmPassword: account.password },
    });
    expect(response.statusCode).toBe(500);

    const logged = lines.join('');
    const failure = lines
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .find((entry) => entry.err);
    expect(failure?.msg).toBe('request failed');
    expect(failure?.err).toMatchObject({
      message: expect.stringMatching(/^Failed query: insert into "accounts"/),
      code: CHECK_VIOLATION,
      stack: expect.stringContaining('\n    at '),
    });
    expect(logged).not.toContain('params');
    expect(logged).not.toContain(account.email);
    expect(logged).not.toContain(account.username);
    expect(logged).not.toContain('scrypt$');
  });
});
