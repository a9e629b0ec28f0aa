import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AccountSaved, PhoneCodeSent, SessionAnswer } from '#domain/contract';
import { movableClock } from '../src/clock/clock';
import { accounts, bookings, payoutDetails, phoneCodes, smsOutbox } from '../src/db/schema';
import { type Fast2SmsStandIn, startFast2SmsStandIn } from '../src/sms/fast2sms-stand-in';
import { buildTestApp, closeTestApp, newAccount, register, signIn, testConfig } from './helpers';
import { indiaTime, listCar, send } from './marketplace-helpers';

const MINUTE = 60 * 1000;
const ENTITY = '1101234567890123456';
const TEMPLATE = '1107123456789012345';

let fast2sms: Fast2SmsStandIn;
let clock: ReturnType<typeof movableClock>;
let app: FastifyInstance;
let numberCount = 0;

beforeAll(async () => {
  fast2sms = await startFast2SmsStandIn();
  clock = movableClock(new Date());
  const sms = {
    ...testConfig().sms,
    fast2sms: { apiKey: fast2sms.apiKey, entityId: ENTITY, sender: 'WHLWEB', apiBase: new URL(fast2sms.url) },
    phoneCodeTemplates: { en: TEMPLATE },
    // The worker's retries run at the test's pace: it looks often, and the clock says what is due.
    pollMs: 20,
  };
  app = await buildTestApp({ sms }, { clock });
});
afterAll(async () => {
  await closeTestApp(app);
  await fast2sms.close();
});

/** A mobile no other test texts, so the per-number limit counts only this test's sends. */
function freshMobile(): { written: string; e164: string; ten: string } {
  numberCount += 1;
  const ten = `98${String(Date.now() % 1000).padStart(3, '0')}${String(numberCount).padStart(5, '0')}`;
  return { written: `+91 ${ten.slice(0, 5)} ${ten.slice(5)}`, e164: `+91${ten}`, ten };
}

async function unverified(role: 'user' | 'owner' = 'user'): Promise<{ cookie: string; email: string; password: string }> {
  const account = await register(app, role, newAccount(), { verified: false });
  return { cookie: await signIn(app, account.email, account.password), ...account };
}

const askCode = (cookie: string | undefined, phoneNumber: unknown) =>
  send(app, 'POST', '/api/account/phone/code', cookie, { phoneNumber });
const confirm = (cookie: string | undefined, code: unknown) => send(app, 'POST', '/api/account/phone/confirm', cookie, { code });

/** The code in the newest text the stand-in took for `ten`. */
function codeTextedTo(ten: string): string {
  const text = fast2sms.texts.filter((sent) => sent.numbers.includes(ten)).at(-1);
  const code = text?.message.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code was texted to ${ten}`);
  return code;
}

async function account(cookie: string) {
  const response = await send(app, 'GET', '/api/account', cookie);
  return response.json<SessionAnswer>().user;
}

const messageOf = (response: LightMyRequestResponse) => response.json<{ message: string }>().message;

/** Texts a code to a new mobile and confirms it: the account's number is then verified. */
async function verify(cookie: string): Promise<string> {
  const mobile = freshMobile();
  expect((await askCode(cookie, mobile.written)).statusCode).toBe(200);
  const confirmed = await confirm(cookie, codeTextedTo(mobile.ten));
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return mobile.e164;
}

describe('proving a phone number', () => {
  it('is refused to a visitor who is not signed in', async () => {
    expect((await askCode(undefined, '9876543210')).statusCode).toBe(401);
    expect((await confirm(undefined, '123456')).statusCode).toBe(401);
  });

  it("texts a 6-digit code through Fast2SMS's DLT route, and verifies the number it was sent to once it comes back", async () => {
    const person = await unverified();
    const mobile = freshMobile();
    const sent = await askCode(person.cookie, mobile.written);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<PhoneCodeSent>()).toEqual({
      message: `We texted a code to ${mobile.e164}. It works for 10 minutes.`,
      queued: false,
      expiresAt: new Date(clock.now().getTime() + 10 * MINUTE).toISOString(),
    });
    const text = fast2sms.texts.at(-1);
    expect(text).toEqual({
      senderId: 'WHLWEB',
      entityId: ENTITY,
      templateId: TEMPLATE,
      numbers: [mobile.ten],
      message: expect.stringMatching(/^\d{6} is your WheelsOnWeb code to verify your phone number\. It expires in 10 minutes\./),
    });
    const code = codeTextedTo(mobile.ten);
    // Only a salted hash of the code is kept beside the number.
    const [stored] = await app.db.select().from(phoneCodes).where(eq(phoneCodes.phoneNumber, mobile.e164));
    expect(stored?.codeHash).not.toContain(code);
    expect(await account(person.cookie)).not.toHaveProperty('phoneVerifiedAt');

    const confirmed = await confirm(person.cookie, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<AccountSaved>()).toMatchObject({
      message: `Your phone number ${mobile.written} is verified.`,
      user: { phoneNumber: mobile.written, phoneVerifiedAt: clock.now().toISOString() },
    });
    // Used once: the same code again finds none waiting.
    const again = await confirm(person.cookie, code);
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe('No code is waiting for your account. Send a new code.');
  });

  it('counts 5 wrong tries; a sixth, even the right code, is refused and verifies nothing', async () => {
    const person = await unverified();
    const mobile = freshMobile();
    await askCode(person.cookie, mobile.written);
    const code = codeTextedTo(mobile.ten);
    const wrong = code === '000000' ? '111111' : '000000';
    for (const left of [4, 3, 2, 1, 0]) {
      const refused = await confirm(person.cookie, wrong);
      expect(refused.statusCode).toBe(400);
      expect(messageOf(refused)).toBe(`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`);
    }
    const sixth = await confirm(person.cookie, code);
    expect(sixth.statusCode).toBe(400);
    expect(messageOf(sixth)).toBe('This code was tried 5 times, the most allowed. Send a new code.');
    const [row] = await app.db.select().from(phoneCodes).where(eq(phoneCodes.phoneNumber, mobile.e164));
    expect(row).toMatchObject({ attempts: 5, usedAt: null });
    const after = await account(person.cookie);
    expect(after).not.toHaveProperty('phoneVerifiedAt');
    expect(after).not.toHaveProperty('phoneNumber');
  });

  it('refuses a code after its 10 minutes', async () => {
    const person = await unverified();
    const mobile = freshMobile();
    await askCode(person.cookie, mobile.written);
    clock.advance(10 * MINUTE);
    const late = await confirm(person.cookie, codeTextedTo(mobile.ten));
    expect(late.statusCode).toBe(400);
    expect(messageOf(late)).toBe('This code has expired. Send a new code.');
  });

  it('refuses what is not an Indian mobile, or not 6 digits, in the form’s words, and sends nothing', async () => {
    const person = await unverified();
    const texts = fast2sms.texts.length;
    const notMobile = await askCode(person.cookie, '011 2345 6789');
    expect(notMobile.statusCode).toBe(400);
    expect(messageOf(notMobile)).toContain('Enter an Indian mobile number: 10 digits starting with 6, 7, 8 or 9');
    const notCode = await confirm(person.cookie, '12a456');
    expect(notCode.statusCode).toBe(400);
    expect(messageOf(notCode)).toContain('Enter the 6-digit code from the text message.');
    expect(fast2sms.texts.length).toBe(texts);
  });

  it('sends at most 3 codes in 15 minutes per account and per number', async () => {
    const person = await unverified();
    const numbers = [freshMobile(), freshMobile(), freshMobile(), freshMobile()];
    for (const mobile of numbers.slice(0, 3)) expect((await askCode(person.cookie, mobile.written)).statusCode).toBe(200);
    const fourth = await askCode(person.cookie, numbers[3]?.written);
    expect(fourth.statusCode).toBe(429);
    expect(messageOf(fourth)).toMatch(/^You have asked for 3 codes in the last 15 minutes\./);
    expect(Number(fourth.headers['retry-after'])).toBe(15 * 60);

    // One number, asked for by three accounts: the fourth is refused too, whoever asks.
    const shared = freshMobile();
    for (let i = 0; i < 3; i += 1) expect((await askCode((await unverified()).cookie, shared.written)).statusCode).toBe(200);
    const fourthForNumber = await askCode((await unverified()).cookie, shared.written);
    expect(fourthForNumber.statusCode).toBe(429);
    expect(messageOf(fourthForNumber)).toMatch(/^3 codes were sent to this number in the last 15 minutes\./);
    const [{ n } = { n: 0 }] = await app.db
      .select({ n: count() })
      .from(phoneCodes)
      .where(eq(phoneCodes.phoneNumber, shared.e164));
    expect(n).toBe(3);

    clock.advance(15 * MINUTE);
    expect((await askCode(person.cookie, numbers[3]?.written)).statusCode).toBe(200);
  });

  it('queues the text when Fast2SMS is away, says it may take a minute, and sends it once the provider is back', async () => {
    const person = await unverified();
    const mobile = freshMobile();
    fast2sms.away = true;
    const sent = await askCode(person.cookie, mobile.written);
    fast2sms.away = false;
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<PhoneCodeSent>()).toMatchObject({
      message: `We are texting a code to ${mobile.e164}; it may take a minute to arrive. It works for 10 minutes.`,
      queued: true,
    });
    const [queued] = await app.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, mobile.e164));
    expect(queued).toMatchObject({ status: 'queued', attempts: 1, lastError: expect.stringContaining('503') });
    expect(fast2sms.texts.some((text) => text.numbers.includes(mobile.ten))).toBe(false);

    clock.advance(15_000);
    await vi.waitFor(() => expect(fast2sms.texts.some((text) => text.numbers.includes(mobile.ten))).toBe(true));
    expect((await confirm(person.cookie, codeTextedTo(mobile.ten))).statusCode).toBe(200);
  });

  it('stops waiting for a slow Fast2SMS before the request deadline, the text queued for the worker', async () => {
    const person = await unverified();
    const mobile = freshMobile();
    // Slower than the send's bound (4 s), which stays under the request deadline (8 s).
    fast2sms.delayMs = 6_000;
    try {
      const sent = await askCode(person.cookie, mobile.written);
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json<PhoneCodeSent>().queued).toBe(true);
    } finally {
      fast2sms.delayMs = 0;
    }
    const [queued] = await app.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, mobile.e164));
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
  });

  it('takes the verification away when the number changes, and keeps it for the same number written another way', async () => {
    const person = await unverified();
    const number = await verify(person.cookie);
    const patch = (phoneNumber: string) =>
      app.inject({
        method: 'PATCH',
        url: '/api/account',
        headers: { cookie: person.cookie, 'content-type': 'application/json' },
        payload: { phoneNumber },
      });
    const sameNumber = `0${number.slice(3, 8)}-${number.slice(8)}`;
    expect((await patch(sameNumber)).json<AccountSaved>().user).toHaveProperty('phoneVerifiedAt');
    const changed = (await patch('+91 90000 11111')).json<AccountSaved>().user;
    expect(changed.phoneNumber).toBe('+91 90000 11111');
    expect(changed).not.toHaveProperty('phoneVerifiedAt');
  });
});

describe('a verified number is needed', () => {
  it("for a renter's first booking request, refused with 403 and nothing stored until the number is verified", async () => {
    const owner = await signIn(app, ...(await credentials('owner')));
    const car = await listCar(app, owner, 'Honda City', 500);
    const renter = await unverified();
    const booking = { carName: car.id, from: indiaTime(3, '10:00'), to: indiaTime(3, '14:00'), driver: false };

    for (const url of ['/api/bookings/check', '/api/bookings']) {
      const refused = await send(app, 'POST', url, renter.cookie, booking);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message:
          'Verify your phone number before your first booking request: the owner needs a number that reaches you. You can do it on your account page.',
        reason: 'phoneNotVerified',
      });
    }
    const renterId = (await account(renter.cookie)).id;
    const [{ n } = { n: 0 }] = await app.db.select({ n: count() }).from(bookings).where(eq(bookings.renterId, renterId));
    expect(n).toBe(0);

    await verify(renter.cookie);
    expect((await send(app, 'POST', '/api/bookings', renter.cookie, booking)).statusCode).toBe(201);
    // A renter who has asked before is not stopped again, even after changing the number.
    await app.db.update(accounts).set({ phoneVerifiedAt: null }).where(eq(accounts.id, renterId));
    const later = { ...booking, from: indiaTime(4, '10:00'), to: indiaTime(4, '14:00') };
    expect((await send(app, 'POST', '/api/bookings', renter.cookie, later)).statusCode).toBe(201);
  });

  it('to save payout details, refused with 403 and nothing stored until the number is verified', async () => {
    const owner = await unverified('owner');
    const details = {
      legalName: 'Ravi Kumar',
      accountNumber: '01234567890123',
      confirmAccountNumber: '01234567890123',
      ifsc: 'HDFC0001234',
      pan: 'ABCDE1234F',
      currentPassword: owner.password,
    };
    const save = () =>
      app.inject({
        method: 'PUT',
        url: '/api/owner/payout-details',
        headers: { cookie: owner.cookie, 'content-type': 'application/json' },
        payload: details,
      });
    const refused = await save();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: 'Verify your phone number before saving payout details. You can do it on your account page.',
      reason: 'phoneNotVerified',
    });
    const ownerId = (await account(owner.cookie)).id;
    expect(await app.db.select().from(payoutDetails).where(eq(payoutDetails.ownerId, ownerId))).toEqual([]);

    await verify(owner.cookie);
    const saved = await save();
    expect(saved.statusCode, saved.body).toBe(200);
  });
});

async function credentials(role: 'user' | 'owner'): Promise<[string, string]> {
  const made = await register(app, role);
  return [made.email, made.password];
}

describe('with no SMS provider set', () => {
  it('writes each text to the SMS outbox folder, as mail without SMTP', async () => {
    const outboxDir = await mkdtemp(path.join(tmpdir(), 'sms-outbox-'));
    const local = await buildTestApp({ sms: { ...testConfig().sms, outboxDir } });
    try {
      const made = await register(local, 'user', newAccount(), { verified: false });
      const cookie = await signIn(local, made.email, made.password);
      const sent = await send(local, 'POST', '/api/account/phone/code', cookie, { phoneNumber: '98765 00099' });
      expect(sent.json<PhoneCodeSent>().queued).toBe(false);
      const [file] = await readdir(outboxDir);
      expect(file).toMatch(/-919876500099\.txt$/);
      const text = await readFile(path.join(outboxDir, file ?? ''), 'utf8');
      const code = text.match(/\b(\d{6}) is your WheelsOnWeb code/)?.[1];
      expect(text).toContain('To: +919876500099');
      expect((await send(local, 'POST', '/api/account/phone/confirm', cookie, { code })).statusCode).toBe(200);
    } finally {
      await closeTestApp(local);
    }
  });
});
