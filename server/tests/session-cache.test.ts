import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { person } from './admin-helpers';
import { buildTestApp, closeTestApp, signIn } from './helpers';
import { send } from './marketplace-helpers';
import { twoInstancesOnPostgres, withinOtherInstanceDelay } from './two-instances';

// Each instance keeps who is behind a session token in memory, so a signed-in request costs no
// query. A session that ends, or an account that changes, must stop being honoured at once where it
// happened and within 2 seconds on every other instance of the same database.

const serverUrl = process.env.TEST_DATABASE_URL;
const admin = { email: 'sessions@wheelsonweb.in', username: 'sessions', password: 'admin-password-1' };

async function whoIs(app: FastifyInstance, cookie: string): Promise<string | null> {
  const response = await send(app, 'GET', '/api/session', cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ user: { username: string } | null }>().user?.username ?? null;
}

/** Asks `app` who `cookie` is until it is nobody, for at most 2 s. */
const signedOutWithin2s = (app: FastifyInstance, cookie: string) =>
  withinOtherInstanceDelay('the session honoured', async () => (await whoIs(app, cookie)) === null);

describe('sessions looked up on one instance', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ admin });
  });
  afterAll(() => closeTestApp(app));

  it('end at once on sign-out, on a password change elsewhere and when an admin disables the account', async () => {
    const renter = await person(app, 'user');
    expect(await whoIs(app, renter.cookie)).toBe(renter.username);
    expect((await send(app, 'DELETE', '/api/session', renter.cookie)).statusCode).toBe(204);
    expect(await whoIs(app, renter.cookie)).toBeNull();

    const owner = await person(app, 'owner');
    const laptop = await signIn(app, owner.email, owner.password);
    expect(await whoIs(app, laptop)).toBe(owner.username);
    const changed = await send(app, 'POST', '/api/account/password', owner.cookie, {
      currentPassword: owner.password,
      password: 'a-new-pass-word-9',
      confirmPassword: 'a-new-pass-word-9',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await whoIs(app, laptop)).toBeNull();
    expect(await whoIs(app, owner.cookie)).toBe(owner.username);

    const adminCookie = await signIn(app, admin.email, admin.password);
    const disabled = await send(app, 'POST', `/api/admin/accounts/${owner.id}/disable`, adminCookie, {});
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await whoIs(app, owner.cookie)).toBeNull();
  });
});

describe.each(serverUrl ? ['PostgreSQL'] : [])('sessions on two instances of one %s database', () => {
  const instances = twoInstancesOnPostgres(String(serverUrl), { admin });

  it('end on the other instance within 2 seconds of a sign-out or a disabled account', async () => {
    const { first, second } = instances;
    const renter = await person(first, 'user');
    expect(await whoIs(second, renter.cookie)).toBe(renter.username);
    expect((await send(first, 'DELETE', '/api/session', renter.cookie)).statusCode).toBe(204);
    await signedOutWithin2s(second, renter.cookie);

    const owner = await person(first, 'owner');
    expect(await whoIs(second, owner.cookie)).toBe(owner.username);
    const adminCookie = await signIn(first, admin.email, admin.password);
    expect((await send(first, 'POST', `/api/admin/accounts/${owner.id}/disable`, adminCookie, {})).statusCode).toBe(200);
    await signedOutWithin2s(second, owner.cookie);
  });
});
