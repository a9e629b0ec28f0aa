import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginAnswer, RegisterAnswer } from '#domain/contract';
import { accounts } from '../src/db/schema';
import { seedAdmin } from '../src/db/seed';
import { buildTestApp, closeTestApp, newAccount, register, sessionCookie, sessionUser, signIn } from './helpers';

let app: FastifyInstance;
const admin = { email: 'root@wheelsonweb.in', username: 'root', password: 'admin-password-1' };

beforeAll(async () => {
  app = await buildTestApp({ admin });
});
afterAll(() => closeTestApp(app));

const post = (url: string, payload: unknown, remoteAddress?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, ...(remoteAddress ? { remoteAddress } : {}) });

describe('POST /register/user', () => {
  it('creates a renter account and answers 201 with the account, never its password', async () => {
    const account = newAccount();
    const response = await post('/register/user', { ...account, confirmPassword: account.password });
    expect(response.statusCode).toBe(201);
    const body = response.json<RegisterAnswer>();
    expect(body.message).toBe('Successfully Registered');
    expect(body.user).toEqual({
      _id: body.user.id,
      id: expect.any(String),
      username: account.username,
      email: account.email,
      role: 'user',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(response.body).not.toContain(account.password);
    expect(response.body).not.toMatch(/hash|scrypt/i);
  });

  it('signs the new account in, as a sign-in does, in place of the session the request came with', async () => {
    const before = await register(app, 'user');
    const earlier = await signIn(app, before.email, before.password);
    const account = newAccount();
    const response = await app.inject({
      method: 'POST',
      url: '/register/user',
      payload: { ...account, confirmPassword: account.password },
      headers: { cookie: earlier },
    });
    expect(response.statusCode).toBe(201);
    expect(await sessionUser(app, sessionCookie(response))).toMatchObject({ username: account.username, role: 'user' });
    expect(await sessionUser(app, earlier)).toBeNull();
  });

  it('stores the email in lower case', async () => {
    const account = newAccount();
    const response = await post('/register/user', {
      ...account,
      email: `  ${account.email.toUpperCase()} `,
      confirmPassword: account.password,
    });
    expect(response.json<RegisterAnswer>().user.email).toBe(account.email);
  });

  it('answers 400 "Passwords do not match." when the confirmation differs', async () => {
    const account = newAccount();
    const response = await post('/register/user', { ...account, confirmPassword: `${account.password}x` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Passwords do not match.' });
  });

  it.each([
    ['a missing username', { username: undefined }, /username/i],
    ['a missing email', { email: undefined }, /email/i],
    ['an email that is not one', { email: 'not-an-email' }, /email/i],
    ['a password under 8 characters', { password: 'short', confirmPassword: 'short' }, /password/i],
    ['a password over 128 characters', { password: 'p'.repeat(129), confirmPassword: 'p'.repeat(129) }, /password/i],
    ['a username over 50 characters', { username: 'u'.repeat(51) }, /username/i],
    ['a username with "@"', { username: 'me@home' }, /username/i],
    ['a number for a username', { username: 12345 }, /username/i],
  ])('answers 400 naming the field for %s, and creates nothing', async (_case, change, field) => {
    const account = newAccount();
    const response = await post('/register/user', { ...account, confirmPassword: account.password, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(field);
    const retry = await post('/register/user', { ...account, confirmPassword: account.password });
    expect(retry.statusCode).toBe(201);
  });

  it('answers 409 for an email already registered, in any letter case', async () => {
    const first = await register(app, 'user');
    const again = { ...newAccount(), email: first.email.toUpperCase() };
    const response = await post('/register/user', { ...again, confirmPassword: again.password });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'An account with this email or username already exists.' });
  });

  it('answers 409 for a username already registered, in any letter case, across roles', async () => {
    const first = await register(app, 'user');
    const again = { ...newAccount(), username: first.username.toUpperCase() };
    const response = await post('/register/owner', {
      ...again,
      confirmPassword: again.password,
      phoneNumber: '9876543210',
      country: 'India',
    });
    expect(response.statusCode).toBe(409);
  });
});

describe('POST /register/owner', () => {
  it('creates an owner account with phone and country', async () => {
    const account = newAccount();
    const response = await post('/register/owner', {
      ...account,
      confirmPassword: account.password,
      phoneNumber: '+91 98765 43210',
      country: 'India',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<RegisterAnswer>();
    expect(body.message).toBe('Registration Successful');
    expect(body.user).toMatchObject({ role: 'owner', phoneNumber: '+91 98765 43210', country: 'India' });
    expect(await sessionUser(app, sessionCookie(response))).toMatchObject({ username: account.username, role: 'owner' });
  });

  it('checks the confirmation for owners too', async () => {
    const account = newAccount();
    const response = await post('/register/owner', {
      ...account,
      confirmPassword: 'something-else',
      phoneNumber: '9876543210',
      country: 'India',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Passwords do not match.' });
  });

  it.each([
    ['a missing phone number', { phoneNumber: undefined }, /^Phone number is required/],
    ['a phone number with letters', { phoneNumber: 'call me maybe' }, /phone ?number/i],
    ['a missing country', { country: undefined }, /country/i],
    ['an empty country', { country: '  ' }, /country/i],
  ])('answers 400 naming the field for %s', async (_case, change, field) => {
    const account = newAccount();
    const response = await post('/register/owner', {
      ...account,
      confirmPassword: account.password,
      phoneNumber: '9876543210',
      country: 'India',
      ...change,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(field);
  });
});

describe('POST /register/{other}', () => {
  it('answers 404 for an account type that does not exist, whatever the body', async () => {
    const response = await post('/register/admin', { username: 'x' });
    expect(response.statusCode).toBe(404);
    expect(response.json<{ message: string }>().message).toMatch(/user or an owner/);
  });
});

describe('the user and owner sign-in forms', () => {
  it('signs a user in on /carsSchema with a session cookie', async () => {
    const account = await register(app, 'user');
    const response = await post('/carsSchema', { email: account.email, password: account.password });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginAnswer>();
    expect(body.message).toBe('Signed in.');
    expect(body.user).toMatchObject({ username: account.username, role: 'user' });
    const cookie = sessionCookie(response);
    const session = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
    expect(session.json<LoginAnswer>().user.email).toBe(account.email);
  });

  it('signs an owner in on /ownerloginSchema', async () => {
    const account = await register(app, 'owner');
    const response = await post('/ownerloginSchema', { email: account.email, password: account.password });
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginAnswer>().user.role).toBe('owner');
  });

  it('answers the same 401 for an unknown email and for a wrong password', async () => {
    const account = await register(app, 'user');
    const unknown = await post('/carsSchema', { email: 'nobody@example.in', password: 'whatever-1' }, '10.1.0.1');
    const wrong = await post('/carsSchema', { email: account.email, password: 'wrong-password' }, '10.1.0.1');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Invalid email or password.' });
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.cookies).toEqual([]);
  });

  it('signs an account in as what it is on either tab, the answer naming its role', async () => {
    const owner = await register(app, 'owner');
    const user = await register(app, 'user');
    const ownerOnUserTab = await post('/carsSchema', { email: owner.email, password: owner.password });
    expect(ownerOnUserTab.statusCode).toBe(200);
    expect(ownerOnUserTab.json<LoginAnswer>().user).toMatchObject({ username: owner.username, role: 'owner' });
    expect(await sessionUser(app, sessionCookie(ownerOnUserTab))).toMatchObject({ role: 'owner' });
    const userOnOwnerTab = await post('/ownerloginSchema', { email: user.email, password: user.password });
    expect(userOnOwnerTab.statusCode).toBe(200);
    expect(userOnOwnerTab.json<LoginAnswer>().user).toMatchObject({ username: user.username, role: 'user' });
  });

  it('signs an admin in on either tab', async () => {
    for (const path of ['/carsSchema', '/ownerloginSchema']) {
      const answer = await post(path, { email: admin.email, password: admin.password });
      expect(answer.statusCode).toBe(200);
      expect(answer.json<LoginAnswer>().user).toMatchObject({ username: admin.username, role: 'admin' });
      sessionCookie(answer);
    }
  });

  it('still answers a wrong password on the other tab with 401 and no cookie', async () => {
    const owner = await register(app, 'owner');
    const wrong = await post('/carsSchema', { email: owner.email, password: `${owner.password}x` }, '10.1.0.9');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.cookies).toEqual([]);
  });

  it('answers 400 when the password is missing', async () => {
    const response = await post('/carsSchema', { email: 'someone@example.in' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/password/i);
  });

  it('treats a missing email as a wrong login (the form does not require it)', async () => {
    const response = await post('/carsSchema', { password: 'whatever-1' }, '10.1.0.2');
    expect(response.statusCode).toBe(401);
  });

  it('does not take a username on the user tab', async () => {
    const account = await register(app, 'user');
    const response = await post('/carsSchema', { email: account.username, password: account.password }, '10.1.0.3');
    expect(response.statusCode).toBe(401);
  });

  it('answers 403 for a disabled account with the right password', async () => {
    const account = await register(app, 'user');
    await app.db.update(accounts).set({ disabled: true }).where(eq(accounts.email, account.email));
    const response = await post('/carsSchema', { email: account.email, password: account.password });
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toMatch(/disabled/);
    expect(response.cookies).toEqual([]);
  });
});

describe('POST / (the sign-in page)', () => {
  it('takes a username or an email, for any role', async () => {
    const owner = await register(app, 'owner');
    const byUsername = await post('/', { email: owner.username.toUpperCase(), password: owner.password });
    expect(byUsername.statusCode).toBe(200);
    expect(byUsername.json<LoginAnswer>().user.role).toBe('owner');
    sessionCookie(byUsername);
    const byEmail = await post('/', { email: owner.email, password: owner.password });
    expect(byEmail.statusCode).toBe(200);
  });

  it('signs in the first admin created from the configuration', async () => {
    const response = await post('/', { email: admin.username, password: admin.password });
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginAnswer>().user).toMatchObject({ role: 'admin', email: admin.email });
  });

  it('keeps a password the admin changed when the start-up seeds the admin again with other variables', async () => {
    const first = { email: 'second-root@wheelsonweb.in', username: 'second-root', password: 'first-password-1' };
    const hash = (password: string) => app.passwords.hash(password);
    expect(await seedAdmin(app.db, hash, first)).toBe(true);
    const cookie = await signIn(app, first.email, first.password);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie },
      payload: { currentPassword: first.password, password: 'changed-password-2', confirmPassword: 'changed-password-2' },
    });
    expect(changed.statusCode).toBe(200);

    expect(await seedAdmin(app.db, hash, { ...first, password: 'variables-changed-3' })).toBe(false);
    expect((await post('/', { email: first.email, password: 'changed-password-2' })).statusCode).toBe(200);
    expect((await post('/', { email: first.email, password: 'variables-changed-3' }, '10.1.0.5')).statusCode).toBe(401);
  });

  it('answers 401 for a wrong password', async () => {
    const response = await post('/', { email: admin.email, password: 'not-the-password' }, '10.1.0.4');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password.' });
  });
});
