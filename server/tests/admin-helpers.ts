import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { register, sessionCookie, type TestAccount } from './helpers';
import { send } from './marketplace-helpers';

// What the admin console's test files share: each section of the console has its own file.

export interface Person extends TestAccount {
  id: string;
  cookie: string;
}

/** A new account, signed in: the `cookie` to send as it, and the `id` the console names it by. */
export async function person(app: FastifyInstance, role: 'user' | 'owner'): Promise<Person> {
  const account = await register(app, role);
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { login: account.email, password: account.password },
  });
  return { ...account, id: response.json<{ user: { id: string } }>().user.id, cookie: sessionCookie(response) };
}

/** The answer to a GET, which must be a 200: else the failure shows the body, which says why. */
export async function getOk<T>(app: FastifyInstance, url: string, cookie: string): Promise<T> {
  const response = await send(app, 'GET', url, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

/** A query a list refuses with 400, and the message it must give (undefined: the status alone is checked). */
export type RefusedQuery = readonly [query: string, message: string | undefined];

/**
 * Declares the tests of the bounds every console list has: a page from 1, at most 100 to a page and
 * a search of at most 100 characters, refused with 400 past them and taken at them; and the 400s
 * of `refused`, the list's own filters' bad values. `asAdmin` sends a GET as an admin.
 */
export function listBoundsTests(
  path: string,
  asAdmin: (url: string) => Promise<LightMyRequestResponse>,
  refused: readonly RefusedQuery[],
): void {
  it.each<RefusedQuery>([
    ['page=0', 'Page must be at least 1.'],
    ['pageSize=101', 'Page size must be at most 100.'],
    [`q=${'a'.repeat(101)}`, 'Search must be at most 100 characters.'],
    ...refused,
  ])('refuses %s with 400', async (query, message) => {
    const response = await asAdmin(`${path}?${query}`);
    expect(response.statusCode).toBe(400);
    if (message) expect(response.json()).toEqual({ message });
  });

  it('takes a search of 100 characters and a page size of 100', async () => {
    const response = await asAdmin(`${path}?q=${'a'.repeat(100)}&pageSize=100`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: [], total: 0, page: 1, pageSize: 100 });
  });
}
