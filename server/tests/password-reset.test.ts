import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESET_LINK_MINUTES } from '#domain/schemas/password-reset';
import { mailRequestedResets } from '../src/accounts/password-reset';
import { movableClock } from '../src/clock/clock';
import { mailOutbox, passwordResetTokens } from '../src/db/schema';
import { HOUR_MS } from '../src/limits/quotas';
import { buildTestApp, closeTestApp, newAccount, register, signIn, testConfig } from './helpers';
import { quickMail, resetLinkIn, startSmtp, type TestSmtp } from './mail-helpers';

const RESET_REQUESTED =
  'If an account uses this email, we have sent it a link to choose a new password. It works for 30 minutes; check your spam folder if it does not arrive.';

const PUBLIC_URL = 'https://wheels.example.in';

let app: FastifyInstance;
let smtp: TestSmtp;
/** Stands still unless a test moves it, as links age. */
const clock = movableClock(new Date());

beforeAll(async () => {
  smtp = await startSmtp();
  app = await buildTestApp({ publicUrl: PUBLIC_URL, mail: quickMail({ smtpUrl: smtp.url }) }, { clock });
});
afterAll(async () => {
  await closeTestApp(app);
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const askReset = (email: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/password-reset', payload: { email }, headers });

const confirm = (token: string, password: string, confirmPassword = password) =>
  app.inject({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password, confirmPassword } });

const check = (token: string) => app.inject({ method: 'POST', url: '/api/password-reset/check', payload: { token } });

const signInStatus = async (login: string, password: string) =>
  (await app.inject({ method: 'POST', url: '/api/session', payload: { login, password } })).statusCode;

/** Asks for a reset of a new account's password and answers the token from the mail that arrives. */
async function mailedToken(email: string): Promise<string> {
  expect((await askReset(email)).statusCode).toBe(202);
  const mail = await vi.waitFor(
    () => {
      // Mail for earlier tests' accounts may still be arriving: only this account's counts.
      const found = smtp.received.find(
        (received) =>
          received.subject?.includes('Reset your') && received.to && 'text' in received.to && received.to.text === email,
      );
      expect(found).toBeDefined();
      return found;
    },
    { timeout: 10_000 },
  );
  const token = resetLinkIn(mail?.text).searchParams.get('token');
  if (!token) throw new Error('no token in the link');
  return token;
}

describe('POST /api/password-reset', () => {
  it('mails a known account a link on PUBLIC_URL, and answers an unknown email exactly the same with no mail', async () => {
    const account = await register(app, 'user');

    const known = await askReset(account.email.toUpperCase(), { host: 'attacker.example' });
    const nobody = `nobody-${Date.now()}@example.in`;
    const unknown = await askReset(nobody);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: RESET_REQUESTED });
    expect(unknown.body).toBe(known.body);

    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000 });
    const mail = smtp.received[0];
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe(account.email);
    expect(mail?.subject).toBe('Reset your WheelsOnWeb password');
    expect(mail?.text).toContain(`Hello ${account.username},`);
    expect(mail?.text).toMatch(/works once, for 30 minutes \(until [A-Z][a-z]{2} \d{2} \d{4} \d{2}:\d{2} India time\)/);
    // The link is built from PUBLIC_URL, whatever Host the request named.
    const link = resetLinkIn(mail?.text);
    expect(link.origin).toBe(PUBLIC_URL);
    expect(link.pathname).toBe('/reset-password');
    expect(link.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.html).toContain(`href="${link.href}"`);

    // Only the token's hash is stored.
    const stored = await app.db.select().from(passwordResetTokens);
    expect(stored.map((row) => row.tokenHash)).not.toContain(link.searchParams.get('token'));
    // One mail queued in all, for the account: none waits to go to the unknown email.
    const queued = await app.db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, [account.email, nobody]));
    expect(queued.map((row) => row.toAddress)).toEqual([account.email]);
  });

  it('answers a known and an unknown email alike without hashing a password or mailing in the request', async () => {
    const account = await register(app, 'user');
    const hash = vi.spyOn(app.passwords, 'hash');
    const verify = vi.spyOn(app.passwords, 'checking');
    try {
      const ghost = `ghost-${Date.now()}@example.in`;
      expect((await askReset(account.email)).statusCode).toBe(202);
      expect((await askReset(ghost)).statusCode).toBe(202);
      // Neither path costs a hash; the known one's mail is queued by a background round after the answer.
      expect(hash).not.toHaveBeenCalled();
      expect(verify).not.toHaveBeenCalled();
      await vi.waitFor(
        async () => {
          const queued = await app.db
            .select()
            .from(mailOutbox)
            .where(inArray(mailOutbox.toAddress, [account.email, ghost]));
          expect(queued.map((row) => row.toAddress)).toEqual([account.email]);
        },
        { timeout: 10_000 },
      );
    } finally {
      hash.mockRestore();
      verify.mockRestore();
    }
  });

  it('answers before any link is made or mailed, byte for byte alike for a known and an unknown email', async () => {
    // Rounds an hour apart: nothing but this test's own round handles what is asked.
    const still = movableClock(new Date());
    const quiet = await buildTestApp(
      { publicUrl: PUBLIC_URL, mail: { ...testConfig().mail, pollMs: HOUR_MS } },
      { clock: still },
    );
    try {
      const account = await register(quiet, 'user');
      const ask = (email: string) => quiet.inject({ method: 'POST', url: '/api/password-reset', payload: { email } });
      const known = await ask(account.email);
      const unknown = await ask('nobody-here@example.in');
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.rawPayload.equals(known.rawPayload)).toBe(true);
      expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
      // Answered, and nothing made for the account yet.
      expect(await quiet.db.select().from(passwordResetTokens)).toEqual([]);
      expect(await quiet.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email))).toEqual([]);

      still.advance(1000);
      expect(await mailRequestedResets(quiet.db, { publicUrl: PUBLIC_URL }, still.now())).toBe(2);
      const queued = await quiet.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email));
      expect(queued.map((mail) => mail.subject)).toEqual(['Reset your WheelsOnWeb password']);
      expect(resetLinkIn(queued[0]?.textBody).origin).toBe(PUBLIC_URL);
      const [token] = await quiet.db.select().from(passwordResetTokens);
      expect(token?.expiresAt).toEqual(new Date(still.now().getTime() + RESET_LINK_MINUTES * 60 * 1000));
      // Each request is handled once.
      expect(await mailRequestedResets(quiet.db, { publicUrl: PUBLIC_URL }, still.now())).toBe(0);
      expect(await quiet.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email))).toHaveLength(1);
    } finally {
      await closeTestApp(quiet);
    }
  });

  it('limits requests per email (5 an hour) for known and unknown emails alike, and per address (20 an hour)', async () => {
    const limited = await buildTestApp();
    try {
      const account = await register(limited, 'user');
      const ask = (email: string) => limited.inject({ method: 'POST', url: '/api/password-reset', payload: { email } });
      for (const email of [account.email, 'nobody-at-all@example.in']) {
        for (let i = 0; i < 5; i += 1) expect((await ask(email)).statusCode).toBe(202);
        const refused = await ask(email);
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toContain('A reset link was asked for this email 5 times in the last hour.');
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }
      for (let i = 0; i < 10; i += 1) expect((await ask(`other-${i}@example.in`)).statusCode).toBe(202);
      const fromAddress = await ask('one-more@example.in');
      expect(fromAddress.statusCode).toBe(429);
      expect(fromAddress.json().message).toContain('20 reset links were asked for from your address in the last hour.');
    } finally {
      await closeTestApp(limited);
    }
  });

  it('refuses a missing or malformed email with 400', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/password-reset', payload: {} })).statusCode).toBe(400);
    expect((await askReset('not-an-email')).statusCode).toBe(400);
  });
});

describe('POST /api/password-reset/confirm', () => {
  it('sets the new password once, signs every device out, uses up the other links and mails a notice', async () => {
    const account = await register(app, 'owner');
    const phone = await signIn(app, account.email, account.password);
    const laptop = await signIn(app, account.email, account.password);
    const older = await mailedToken(account.email);
    smtp.received.length = 0;
    const token = await mailedToken(account.email);
    smtp.received.length = 0;

    const done = await confirm(token, 'a-brand-new-secret');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toContain('Your new password is set');
    expect(done.cookies).toHaveLength(0);

    expect(await signInStatus(account.email, account.password)).toBe(401);
    expect(await signInStatus(account.email, 'a-brand-new-secret')).toBe(200);
    for (const cookie of [phone, laptop]) {
      const session = await app.inject({ method: 'GET', url: '/get-cars', headers: { cookie } });
      expect(session.statusCode).toBe(401);
    }

    const again = await confirm(token, 'yet-another-secret');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('This reset link has already been used. Ask for a new one on the Forgot Password page.');
    expect((await confirm(older, 'yet-another-secret')).statusCode).toBe(400);
    expect(await signInStatus(account.email, 'a-brand-new-secret')).toBe(200);

    await vi.waitFor(() => expect(smtp.received.map((mail) => mail.subject)).toContain('Your WheelsOnWeb password was changed'), {
      timeout: 10_000,
    });
  });

  it('refuses an expired link with 400 and leaves the password as it was', async () => {
    const account = await register(app, 'user');
    const token = await mailedToken(account.email);
    clock.advance(RESET_LINK_MINUTES * 60 * 1000);

    const expired = await confirm(token, 'a-brand-new-secret');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(
      'This reset link has expired: links work for 30 minutes. Ask for a new one on the Forgot Password page.',
    );
    expect(await signInStatus(account.email, account.password)).toBe(200);
  });

  it('refuses an unknown token, a short password and differing passwords with 400, changing nothing', async () => {
    const account = await register(app, 'user', newAccount());
    const token = await mailedToken(account.email);

    const unknown = await confirm('x'.repeat(43), 'a-brand-new-secret');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This reset link is not valid. Ask for a new one on the Forgot Password page.');
    expect((await confirm(token, 'short')).statusCode).toBe(400);
    const differ = await confirm(token, 'a-brand-new-secret', 'another-secret');
    expect(differ.statusCode).toBe(400);
    expect(differ.json().message).toContain('Passwords do not match.');

    expect(await signInStatus(account.email, account.password)).toBe(200);
    expect((await confirm(token, 'a-brand-new-secret')).statusCode).toBe(200);
  });
});

describe('POST /api/password-reset/check', () => {
  it('answers when a working link stops working, leaves it working, and says a used one has been used', async () => {
    const account = await register(app, 'user');
    const token = await mailedToken(account.email);

    const working = await check(token);
    expect(working.statusCode).toBe(200);
    expect(working.json()).toEqual({ expiresAt: new Date(clock.now().getTime() + RESET_LINK_MINUTES * 60 * 1000).toISOString() });
    expect((await check(token)).statusCode).toBe(200);

    expect((await confirm(token, 'a-brand-new-secret')).statusCode).toBe(200);
    const used = await check(token);
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe('This reset link has already been used. Ask for a new one on the Forgot Password page.');
  });

  it('says an expired or unknown link does not work, and refuses a missing token', async () => {
    const account = await register(app, 'user');
    const token = await mailedToken(account.email);
    clock.advance(RESET_LINK_MINUTES * 60 * 1000);

    const expired = await check(token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(
      'This reset link has expired: links work for 30 minutes. Ask for a new one on the Forgot Password page.',
    );
    const unknown = await check('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('This reset link is not valid. Ask for a new one on the Forgot Password page.');
    expect((await check('')).statusCode).toBe(400);
  });
});

describe('a reset while the mail server is down', () => {
  it('still answers 202 at once, and the mail waits in the queue for the next attempt', async () => {
    const gone = await startSmtp();
    await gone.close();
    const offline = await buildTestApp({ mail: quickMail({ smtpUrl: gone.url, retryBaseMs: 60_000 }) });
    try {
      const account = await register(offline, 'user');
      const asked = await offline.inject({ method: 'POST', url: '/api/password-reset', payload: { email: account.email } });
      expect(asked.statusCode).toBe(202);
      // Answered before the mail is even queued: a round queues it, and the worker's failed attempt leaves it there.
      await vi.waitFor(
        async () => {
          const [row] = await offline.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email));
          expect(row).toMatchObject({ status: 'queued', attempts: 1 });
          expect(row?.lastError).toBeTruthy();
        },
        { timeout: 10_000 },
      );
    } finally {
      await closeTestApp(offline);
    }
  });
});
