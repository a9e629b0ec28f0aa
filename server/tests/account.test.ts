import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountSaved, SessionAnswer } from '#domain/contract';
import { mailOutbox } from '../src/db/schema';
import { buildTestApp, closeTestApp, newAccount, register, signIn, type TestAccount } from './helpers';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({ publicUrl: 'https://wheels.example.in' });
});
afterAll(() => closeTestApp(app));

const readAccount = (cookie?: string) =>
  app.inject({ method: 'GET', url: '/api/account', ...(cookie ? { headers: { cookie } } : {}) });

const update = (cookie: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: '/api/account', headers: { cookie }, payload });

const changePassword = (cookie: string, currentPassword: string, password: string, confirmPassword = password) =>
  app.inject({
    method: 'POST',
    url: '/api/account/password',
    headers: { cookie },
    payload: { currentPassword, password, confirmPassword },
  });

/** As the app sends it: its client names JSON on every call, bodiless ones too. */
const signOutEverywhere = (cookie?: string) =>
  app.inject({
    method: 'DELETE',
    url: '/api/account/sessions',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
  });

const signInStatus = async (login: string, password: string) =>
  (await app.inject({ method: 'POST', url: '/api/session', payload: { login, password } })).statusCode;

const accountOf = async (cookie: string) => (await readAccount(cookie)).json<SessionAnswer>().user;

/** A new account of the role, signed in on two devices. */
async function onTwoDevices(
  role: 'user' | 'owner',
  options?: { verified?: boolean },
): Promise<{ account: TestAccount; phone: string; laptop: string }> {
  const account = await register(app, role, newAccount(), options);
  return {
    account,
    phone: await signIn(app, account.email, account.password),
    laptop: await signIn(app, account.email, account.password),
  };
}

describe('GET /api/account', () => {
  it('answers the signed-in account, never its password', async () => {
    const owner = await register(app, 'owner');
    const response = await readAccount(await signIn(app, owner.email, owner.password));
    expect(response.statusCode).toBe(200);
    expect(response.json<SessionAnswer>().user).toMatchObject({
      username: owner.username,
      email: owner.email,
      role: 'owner',
      phoneNumber: '+91 98765 43210',
      country: 'India',
    });
    expect(response.body).not.toContain('scrypt');
    expect(response.body).not.toContain(owner.password);
  });

  it('answers 401 when signed out', async () => {
    const response = await readAccount();
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in first.' });
  });
});

describe('PATCH /api/account', () => {
  it('lets an owner change the phone number and the country, and answers the account as it now stands', async () => {
    const { phone } = await onTwoDevices('owner');
    const response = await update(phone, { phoneNumber: ' 080 4567 8901 ', country: 'Sri Lanka' });
    expect(response.statusCode).toBe(200);
    expect(response.json<AccountSaved>()).toMatchObject({
      message: 'Your details are saved.',
      user: { phoneNumber: '080 4567 8901', country: 'Sri Lanka' },
    });
    expect(await accountOf(phone)).toMatchObject({ phoneNumber: '080 4567 8901', country: 'Sri Lanka' });

    // A field left out stays as it is.
    expect((await update(phone, { country: 'India' })).statusCode).toBe(200);
    expect(await accountOf(phone)).toMatchObject({ phoneNumber: '080 4567 8901', country: 'India' });
  });

  it('refuses to clear an owner’s phone number or country, saying why, and changes nothing', async () => {
    const { phone } = await onTwoDevices('owner');
    for (const [payload, message] of [
      [
        { phoneNumber: '', country: 'Nepal' },
        'Phone number is needed on an owner account: renters who book your cars use it to reach you.',
      ],
      [{ phoneNumber: null }, 'Phone number is needed on an owner account: renters who book your cars use it to reach you.'],
      [{ phoneNumber: '011 2345 6789', country: '   ' }, 'Country is needed on an owner account.'],
    ] as const) {
      const refused = await update(phone, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message });
    }
    expect(await accountOf(phone)).toMatchObject({ phoneNumber: '+91 98765 43210', country: 'India' });
  });

  it('lets a renter add a phone number and country, then clear them', async () => {
    const { phone } = await onTwoDevices('user', { verified: false });
    expect(await accountOf(phone)).not.toHaveProperty('phoneNumber');

    const added = await update(phone, { phoneNumber: '+91 99000 11122', country: 'India' });
    expect(added.statusCode).toBe(200);
    expect(await accountOf(phone)).toMatchObject({ phoneNumber: '+91 99000 11122', country: 'India' });

    const cleared = await update(phone, { phoneNumber: '', country: null });
    expect(cleared.statusCode).toBe(200);
    const user = await accountOf(phone);
    expect(user).not.toHaveProperty('phoneNumber');
    expect(user).not.toHaveProperty('country');
  });

  it('refuses bad input with 400 naming the field in words, and changes nothing', async () => {
    const { phone } = await onTwoDevices('owner');
    const notAPhone = await update(phone, { phoneNumber: 'call me maybe', country: 'Nepal' });
    expect(notAPhone.statusCode).toBe(400);
    expect(notAPhone.json()).toEqual({
      message: 'Phone number must be a phone number of 7 to 20 characters: digits, spaces, "+", "-" or brackets.',
    });
    const longCountry = await update(phone, { country: 'x'.repeat(61) });
    expect(longCountry.statusCode).toBe(400);
    expect(longCountry.json()).toEqual({ message: 'Country must be at most 60 characters.' });
    expect(await accountOf(phone)).toMatchObject({ phoneNumber: '+91 98765 43210', country: 'India' });
  });

  it('answers 401 when signed out', async () => {
    const response = await app.inject({ method: 'PATCH', url: '/api/account', payload: { country: 'India' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/account/password', () => {
  it('refuses a wrong current password, changing nothing and ending no session', async () => {
    const { account, phone, laptop } = await onTwoDevices('user');
    const refused = await changePassword(phone, 'not-my-password', 'a-brand-new-secret');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Current password is not right: type the password you signed in with.' });

    expect(await signInStatus(account.email, 'a-brand-new-secret')).toBe(401);
    expect(await signInStatus(account.email, account.password)).toBe(200);
    for (const cookie of [phone, laptop]) expect((await readAccount(cookie)).statusCode).toBe(200);
    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email));
    expect(mails).toEqual([]);
  });

  it('counts wrong current passwords as failed sign-ins: after 10 from one address, even the right one waits', async () => {
    const { account, phone } = await onTwoDevices('user');
    const from = '10.77.0.1';
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const refused = await app.inject({
        method: 'POST',
        url: '/api/account/password',
        headers: { cookie: phone },
        remoteAddress: from,
        payload: { currentPassword: `guess-${attempt}`, password: 'a-brand-new-secret', confirmPassword: 'a-brand-new-secret' },
      });
      expect(refused.statusCode).toBe(403);
    }
    const limited = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: { cookie: phone },
      remoteAddress: from,
      payload: { currentPassword: account.password, password: 'a-brand-new-secret', confirmPassword: 'a-brand-new-secret' },
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await signInStatus(account.email, account.password)).toBe(200);
  });

  it('refuses a short or unconfirmed new password, or none current, with 400 saying which', async () => {
    const { account, phone } = await onTwoDevices('owner');
    const short = await changePassword(phone, account.password, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ message: 'Password must be at least 8 characters.' });
    const differ = await changePassword(phone, account.password, 'a-brand-new-secret', 'another-secret');
    expect(differ.json()).toEqual({ message: 'Passwords do not match.' });
    const noCurrent = await changePassword(phone, '', 'a-brand-new-secret');
    expect(noCurrent.statusCode).toBe(400);
    expect(noCurrent.json()).toEqual({ message: 'Current password is required: type the password you signed in with.' });
    expect(await signInStatus(account.email, account.password)).toBe(200);
  });

  it('sets the new password, ends every other session but keeps this one, and queues a notice', async () => {
    const { account, phone, laptop } = await onTwoDevices('owner');
    const changed = await changePassword(phone, account.password, 'a-brand-new-secret');
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({
      message: 'Your password is changed. Every other device signed in to your account was signed out.',
    });
    expect(changed.cookies).toHaveLength(0);

    expect((await readAccount(phone)).statusCode).toBe(200);
    expect((await readAccount(laptop)).statusCode).toBe(401);
    expect(await signInStatus(account.email, account.password)).toBe(401);
    expect(await signInStatus(account.email, 'a-brand-new-secret')).toBe(200);

    const mails = await app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['Your WheelsOnWeb password was changed']);
    expect(mails[0]?.textBody).toContain('https://wheels.example.in/forgotpassword');
  });

  it('answers 401 when signed out', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      payload: { currentPassword: 'whatever-it-was', password: 'a-brand-new-secret', confirmPassword: 'a-brand-new-secret' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /api/account/sessions', () => {
  it('signs the account out on every device, this one too, and clears the cookie', async () => {
    const { account, phone, laptop } = await onTwoDevices('user');
    const other = await register(app, 'user');
    const stranger = await signIn(app, other.email, other.password);

    const response = await signOutEverywhere(phone);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(response.cookies.find((cookie) => cookie.name === 'session')?.value).toBe('');
    expect(String(response.headers['set-cookie'])).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);

    for (const cookie of [phone, laptop]) expect((await readAccount(cookie)).statusCode).toBe(401);
    // Another account's sessions are its own.
    expect((await readAccount(stranger)).statusCode).toBe(200);
    expect(await signInStatus(account.email, account.password)).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    expect((await signOutEverywhere()).statusCode).toBe(401);
  });
});
