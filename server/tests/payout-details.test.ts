import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminActionPage, PayoutDetailsAnswer, PayoutDetailsChange, PayoutDetailsSaved } from '#domain/contract';
import { PAYOUT_DETAILS_KEY_MISSING } from '../src/app';
import { movableClock } from '../src/clock/clock';
import { loadConfig } from '../src/config';
import { accountActions, idempotencyKeys, mailOutbox, payoutDetails, signInFailures } from '../src/db/schema';
import { payoutDestinations, payoutsResumed } from '../src/payouts/details';
import { openDetail, payoutDetailsKey, sealDetail } from '../src/payouts/details-crypto';
import { getOk, person, type Person } from './admin-helpers';
import { buildTestApp, closeTestApp, register, signIn, testConfig } from './helpers';
import { send } from './marketplace-helpers';

const HOUR = 60 * 60 * 1000;
const START = new Date('2026-12-01T04:30:00.000Z');
const PATH = '/api/owner/payout-details';
const admin = { email: 'payouts-admin@wheelsonweb.in', username: 'payoutsadmin', password: 'admin-password-1' };

/** What an owner types, and the same as stored: spaces out of the account number, IFSC and PAN in capitals. */
const ACCOUNT = '01234567890123';
const IFSC = 'HDFC0001234';
const UPI = 'ravi.k@okhdfcbank';
const PAN = 'ABCDE1234F';
const details = (owner: Person, changes: Partial<PayoutDetailsChange> = {}): PayoutDetailsChange => ({
  legalName: '  Ravi Kumar ',
  accountNumber: '0123 4567 8901 23',
  confirmAccountNumber: '01234567890123',
  ifsc: ' hdfc0001234',
  upiId: UPI,
  pan: 'abcde1234f',
  currentPassword: owner.password,
  ...changes,
});
/** Every way a secret could have been written down. */
const SECRETS = [ACCOUNT, '0123 4567 8901 23', UPI, PAN, 'abcde1234f'];
/** And the IFSC, which is sealed too, though the owner's page shows it whole (a branch code, printed on every cheque). */
const PLAIN = [...SECRETS, IFSC, 'hdfc0001234'];

let clock: ReturnType<typeof movableClock>;
let app: FastifyInstance;
let adminCookie: string;

beforeAll(async () => {
  clock = movableClock(START);
  app = await buildTestApp({ publicUrl: 'https://wheels.example.in', admin }, { clock });
  adminCookie = await signIn(app, admin.email, admin.password);
});
afterAll(() => closeTestApp(app));

const read = (cookie?: string) => app.inject({ method: 'GET', url: PATH, ...(cookie ? { headers: { cookie } } : {}) });
const save = (cookie: string | undefined, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'PUT', url: PATH, headers: { ...headers, ...(cookie ? { cookie } : {}) }, payload });

async function saved(owner: Person, changes: Partial<PayoutDetailsChange> = {}): Promise<PayoutDetailsSaved> {
  const response = await save(owner.cookie, details(owner, changes));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PayoutDetailsSaved>();
}

async function shown(owner: Person): Promise<PayoutDetailsAnswer['details']> {
  const response = await read(owner.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PayoutDetailsAnswer>().details;
}

const mailsTo = (email: string) => app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
const actionsOf = (owner: Person) =>
  app.db.select().from(accountActions).where(eq(accountActions.accountId, owner.id)).orderBy(accountActions.id);

/** Every row of the tables a save writes to but the kept answers, as text: where a plain value would show if it were stored. */
async function storedText(): Promise<string> {
  const rows = await Promise.all([
    app.db.select().from(payoutDetails),
    app.db.select().from(accountActions),
    app.db.select().from(mailOutbox),
  ]);
  return JSON.stringify(rows);
}

const RAVI = {
  legalName: 'Ravi Kumar',
  accountLast4: '0123',
  ifsc: IFSC,
  upiLast4: 'bank',
  panLast4: '234F',
};

describe(`GET ${PATH}`, () => {
  it('answers no details before the owner saves any', async () => {
    const owner = await person(app, 'owner');
    expect(await shown(owner)).toBeNull();
  });
});

describe(`PUT ${PATH}`, () => {
  it('saves the details and answers them masked, as reading them again does', async () => {
    clock.set(START);
    const owner = await person(app, 'owner');
    const answer = await saved(owner);
    const expected = {
      ...RAVI,
      updatedAt: START.toISOString(),
      payoutsHeldUntil: new Date(START.getTime() + 48 * HOUR).toISOString(),
    };
    expect(answer).toEqual({
      message: 'Your payout details are saved. As after every change, payouts pause until Dec 03 2026 10:00 India time.',
      details: expected,
      // Razorpay Route is off on this server.
      route: null,
    });
    expect(await shown(owner)).toEqual(expected);
  });

  it('takes a UPI ID alone, or a bank account alone', async () => {
    const owner = await person(app, 'owner');
    const upiOnly = await saved(owner, { accountNumber: '', confirmAccountNumber: '', ifsc: '' });
    expect(upiOnly.details).toMatchObject({ accountLast4: null, ifsc: null, upiLast4: 'bank', panLast4: '234F' });
    const bankOnly = await saved(owner, { upiId: null });
    expect(bankOnly.details).toMatchObject({ accountLast4: '0123', ifsc: IFSC, upiLast4: null });
    expect(await shown(owner)).toMatchObject({ accountLast4: '0123', upiLast4: null });
  });

  it('pauses payouts for 48 hours after every save, the first too', async () => {
    clock.set(START);
    const owner = await person(app, 'owner');
    await saved(owner);
    const resumed = async () =>
      (
        await app.db
          .select({ n: count() })
          .from(payoutDetails)
          .where(and(eq(payoutDetails.ownerId, owner.id), payoutsResumed(clock.now())))
      )[0]?.n;

    clock.advance(47 * HOUR);
    expect((await shown(owner))?.payoutsHeldUntil).toBe('2026-12-03T04:30:00.000Z');
    expect(await resumed()).toBe(0);

    clock.advance(HOUR);
    expect((await shown(owner))?.payoutsHeldUntil).toBeNull();
    expect(await resumed()).toBe(1);

    await saved(owner, { upiId: 'ravi@ybl' });
    expect((await shown(owner))?.payoutsHeldUntil).toBe('2026-12-05T04:30:00.000Z');
    expect(await resumed()).toBe(0);
  });

  it('mails the owner that the details changed, masked, that payouts pause, and what to do if it was not them', async () => {
    clock.set(START);
    const owner = await person(app, 'owner');
    await saved(owner);
    const [mail, ...others] = await mailsTo(owner.email);
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Your WheelsOnWeb payout details were changed');
    expect(mail?.textBody).toContain('They now read: Ravi Kumar, bank account ending 0123, UPI ID ending bank, PAN ending 234F.');
    expect(mail?.textBody).toContain(
      'payouts pause for 48 hours after every change: nothing is paid out before Dec 03 2026 10:00 India time.',
    );
    expect(mail?.textBody).toContain('If you did not make this change, someone else knows your password.');
    expect(mail?.textBody).toContain('https://wheels.example.in/forgotpassword');
    for (const value of PLAIN) expect(`${mail?.textBody}${mail?.htmlBody}`).not.toContain(value);
  });

  it('records each change in the account log, masked, as it was and as it became, and that log cannot be rewritten', async () => {
    clock.set(START);
    const owner = await person(app, 'owner');
    await saved(owner);
    clock.advance(HOUR);
    await saved(owner, { accountNumber: '9876543210', confirmAccountNumber: '9876543210', upiId: '' });
    const masked = { legalName: 'Ravi Kumar', accountLast4: '0123', ifscLast4: '1234', upiLast4: 'bank', panLast4: '234F' };
    expect(await actionsOf(owner)).toEqual([
      expect.objectContaining({ action: 'payout_details.change', before: null, after: masked, at: START }),
      expect.objectContaining({
        action: 'payout_details.change',
        before: masked,
        after: { ...masked, accountLast4: '3210', upiLast4: null },
        at: new Date(START.getTime() + HOUR),
      }),
    ]);
    const refused = { cause: expect.objectContaining({ message: expect.stringMatching(/^account_actions is append-only/) }) };
    await expect(
      app.db.update(accountActions).set({ before: null }).where(eq(accountActions.accountId, owner.id)),
    ).rejects.toMatchObject(refused);
    await expect(app.db.delete(accountActions).where(eq(accountActions.accountId, owner.id))).rejects.toMatchObject(refused);
    await expect(app.db.execute(sql`TRUNCATE account_actions`)).rejects.toMatchObject(refused);
  });

  it('stores no plain account number, IFSC, UPI ID or PAN, only sealed values and their last four characters', async () => {
    const owner = await person(app, 'owner');
    // Kept with its key, the answer is stored too.
    expect((await save(owner.cookie, details(owner), { 'idempotency-key': `kept-${owner.id}` })).statusCode).toBe(200);
    const [row] = await app.db.select().from(payoutDetails).where(eq(payoutDetails.ownerId, owner.id));
    expect(row).toMatchObject({ accountLast4: '0123', ifscLast4: '1234', upiLast4: 'bank', panLast4: '234F' });
    const sealed = [row?.accountNumberSealed, row?.ifscSealed, row?.upiIdSealed, row?.panSealed];
    for (const value of sealed) {
      const bytes = Buffer.from(value ?? '', 'base64');
      expect(bytes.length).toBeGreaterThan(29);
      for (const plain of PLAIN) expect(bytes.includes(Buffer.from(plain))).toBe(false);
    }
    const everything = await storedText();
    expect(everything).toContain(owner.id);
    for (const plain of PLAIN) expect(everything).not.toContain(plain);
    // The answer kept for a retry is the owner's masked view, with the IFSC whole as the page shows it.
    const kept = await app.db
      .select({ body: idempotencyKeys.body })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.scope, `account:${owner.id}`));
    expect(kept.map((row) => row.body).join('')).toContain('"accountLast4":"0123"');
    for (const secret of SECRETS) expect(kept.map((row) => row.body).join('')).not.toContain(secret);
  });

  it('gives the payout run each owner’s details opened, and nothing for an owner with none', async () => {
    clock.set(START);
    const owner = await person(app, 'owner');
    const without = await person(app, 'owner');
    await saved(owner);
    const key = testConfig().payoutDetailsKey;
    if (!key) throw new Error('the tests’ configuration has no payout details key');
    const destinations = await payoutDestinations(app.db, key, [owner.id, without.id]);
    expect([...destinations]).toEqual([
      [
        owner.id,
        {
          legalName: 'Ravi Kumar',
          accountNumber: ACCOUNT,
          ifsc: IFSC,
          upiId: UPI,
          pan: PAN,
          payoutsHeldUntil: new Date(START.getTime() + 48 * HOUR),
        },
      ],
    ]);
    expect(await payoutDestinations(app.db, key, [])).toEqual(new Map());
  });

  it('refuses a wrong current password with 403, changing nothing, and counts it as a failed sign-in', async () => {
    const owner = await person(app, 'owner');
    const before = await saved(owner);
    const mails = (await mailsTo(owner.email)).length;
    const refused = await save(owner.cookie, details(owner, { currentPassword: 'not-my-password', pan: 'ZZZZZ9999Z' }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Current password is not right: type the password you signed in with.' });
    expect(await shown(owner)).toEqual(before.details);
    expect(await mailsTo(owner.email)).toHaveLength(mails);
    expect(await actionsOf(owner)).toHaveLength(1);
    const [failures] = await app.db
      .select({ n: count() })
      .from(signInFailures)
      .where(eq(signInFailures.subject, `login:${owner.email}`));
    expect(failures?.n).toBe(1);
  });

  describe('refuses details not in their format with 400 in the form’s words, changing nothing', () => {
    let owner: Person;
    let before: PayoutDetailsSaved;
    beforeAll(async () => {
      owner = await person(app, 'owner');
      before = await saved(owner);
    });

    it.each<[string, Partial<PayoutDetailsChange>, string]>([
      ['no legal name', { legalName: '   ' }, 'Legal name is required: the name your bank account and PAN are in.'],
      ['a legal name too long', { legalName: 'R'.repeat(101) }, 'Legal name must be at most 100 characters.'],
      ['8 digits', { accountNumber: '12345678', confirmAccountNumber: '12345678' }, 'Account number must be 9 to 18 digits.'],
      [
        '19 digits',
        { accountNumber: '1'.repeat(19), confirmAccountNumber: '1'.repeat(19) },
        'Account number must be 9 to 18 digits.',
      ],
      [
        'letters in the account number',
        { accountNumber: '1234ABC890', confirmAccountNumber: '1234ABC890' },
        'Account number must be 9 to 18 digits.',
      ],
      ['account numbers that differ', { confirmAccountNumber: '01234567890124' }, 'Account numbers do not match.'],
      [
        'an IFSC without its 0',
        { ifsc: 'HDFC1001234' },
        'IFSC must be 11 characters: 4 letters, a 0, then 6 letters or digits, such as HDFC0001234.',
      ],
      [
        'an account without its IFSC',
        { ifsc: '' },
        'IFSC is required with an account number: your cheque book and passbook show it.',
      ],
      [
        'an IFSC without an account',
        { accountNumber: '', confirmAccountNumber: '' },
        'Account number is required with an IFSC: give both, or leave IFSC blank.',
      ],
      [
        'neither an account nor a UPI ID',
        { accountNumber: '', confirmAccountNumber: '', ifsc: '', upiId: '' },
        'Account number or UPI ID is required: give a bank account with its IFSC, a UPI ID, or both.',
      ],
      ['a UPI ID without its bank', { upiId: 'ravi.k@' }, 'UPI ID must look like name@bank, such as asha.k@okhdfcbank.'],
      ['a UPI ID without an @', { upiId: 'ravi.k' }, 'UPI ID must look like name@bank, such as asha.k@okhdfcbank.'],
      ['a short PAN', { pan: 'ABCD1234F' }, 'PAN must be 10 characters: 5 letters, 4 digits and a letter, such as ABCDE1234F.'],
      ['no PAN', { pan: ' ' }, 'PAN is required.'],
      ['a PAN that is not text', { pan: 1234 as unknown as string }, 'PAN must be text.'],
      ['no current password', { currentPassword: '' }, 'Current password is required: type the password you signed in with.'],
    ])('%s', async (_case, changes, message) => {
      const mails = (await mailsTo(owner.email)).length;
      const refused = await save(owner.cookie, details(owner, { pan: 'ZZZZZ9999Z', ...changes }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message });
      expect(await shown(owner)).toEqual(before.details);
      expect(await mailsTo(owner.email)).toHaveLength(mails);
      expect(await actionsOf(owner)).toHaveLength(1);
    });
  });

  it('takes the same save sent again with its Idempotency-Key once, answering the retry alike', async () => {
    const owner = await person(app, 'owner');
    const headers = { 'idempotency-key': `payout-${owner.id}` };
    const first = await save(owner.cookie, details(owner), headers);
    const again = await save(owner.cookie, details(owner), headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await actionsOf(owner)).toHaveLength(1);
    expect(await mailsTo(owner.email)).toHaveLength(1);
  });
});

describe('who may see and set payout details', () => {
  const body = { legalName: 'Someone', upiId: UPI, pan: PAN, currentPassword: 'whatever-1' };
  const refusedAll = async (cookie: string | undefined, status: number, message: string) => {
    for (const response of [await read(cookie), await save(cookie, body)]) {
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ message });
    }
  };

  it('refuses a renter and an admin with 403', async () => {
    const renter = await person(app, 'user');
    await refusedAll(renter.cookie, 403, 'This is for owner accounts: sign in with an owner account.');
    await refusedAll(adminCookie, 403, 'This is for owner accounts: sign in with an owner account.');
  });

  it('refuses someone signed out with 401', async () => {
    await refusedAll(undefined, 401, 'Please sign in first.');
  });
});

describe('a server without PAYOUT_DETAILS_KEY', () => {
  let bare: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    // With an admin, so the start's only warning is this one (without, it also says how to create one).
    const admin = { email: 'keyless-admin@wheelsonweb.in', username: 'keylessadmin', password: 'admin-password-1' };
    bare = await buildTestApp(
      { payoutDetailsKey: undefined, logLevel: 'warn', admin },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(() => closeTestApp(bare));

  it('says at start that payout details cannot be saved', () => {
    const warnings = lines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.level === 40);
    expect(warnings.map((entry) => entry.msg)).toEqual([PAYOUT_DETAILS_KEY_MISSING]);
  });

  it('answers a save 503 saying payouts are not set up, before checking the password, and shows none saved', async () => {
    const account = await register(bare, 'owner');
    const cookie = await signIn(bare, account.email, account.password);
    const owner = { ...account, id: '', cookie };
    for (const currentPassword of [account.password, 'not-my-password']) {
      const refused = await bare.inject({
        method: 'PUT',
        url: PATH,
        headers: { cookie },
        payload: details(owner, { currentPassword }),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({
        message: 'Payouts are not set up on this site yet, so payout details cannot be saved or shown. Please tell support.',
      });
    }
    const [failures] = await bare.db
      .select({ n: count() })
      .from(signInFailures)
      .where(eq(signInFailures.subject, `login:${account.email}`));
    expect(failures?.n).toBe(0);
    const answer = await bare.inject({ method: 'GET', url: PATH, headers: { cookie } });
    expect(answer.json()).toEqual({ details: null, route: null });
    expect(await bare.db.select().from(payoutDetails)).toEqual([]);
  });
});

describe('the request log', () => {
  let logged: FastifyInstance;
  const lines: string[] = [];
  beforeAll(async () => {
    logged = await buildTestApp({ logLevel: 'trace' }, { logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(() => closeTestApp(logged));

  it('never holds the details, whether a save succeeds, is refused or fails', async () => {
    const account = await register(logged, 'owner');
    const cookie = await signIn(logged, account.email, account.password);
    const owner = { ...account, id: '', cookie };
    const send = (payload: object) => logged.inject({ method: 'PUT', url: PATH, headers: { cookie }, payload });
    expect((await send(details(owner))).statusCode).toBe(200);
    expect((await send(details(owner, { ifsc: 'HDFC1001234' }))).statusCode).toBe(400);
    // The database now refuses every save, failing inside the statement with the values bound.
    await logged.db.execute(sql`ALTER TABLE payout_details ADD CONSTRAINT refuse_saves CHECK (false) NOT VALID`);
    expect((await send(details(owner, { legalName: 'Ravi Kumar Two' }))).statusCode).toBe(500);

    const log = lines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain(PATH);
    for (const secret of [...PLAIN, account.password, '0123 4567 8901 23', 'HDFC1001234']) expect(log).not.toContain(secret);
  });
});

describe("the admins' audit log", () => {
  it("shows each payout details change with who made it, masked, among the admins' actions by time", async () => {
    const at = (hours: number) => new Date(Date.parse('2027-01-04T04:30:00.000Z') + hours * HOUR);
    clock.set(at(0));
    // Sessions expire by the app's clock, which has moved on.
    const consoleCookie = await signIn(app, admin.email, admin.password);
    const owner = await person(app, 'owner');
    await saved(owner);
    clock.set(at(1));
    const disabled = await send(app, 'POST', `/api/admin/accounts/${owner.id}/disable`, consoleCookie, { reason: 'Checking.' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    clock.set(at(2));
    expect((await send(app, 'POST', `/api/admin/accounts/${owner.id}/enable`, consoleCookie)).statusCode).toBe(200);
    clock.set(at(3));
    const again = { ...owner, cookie: await signIn(app, owner.email, owner.password) };
    await saved(again, { accountNumber: '9876543210', confirmAccountNumber: '9876543210', upiId: '' });

    const log = (query: string) => getOk<AdminActionPage>(app, `/api/admin/audit${query}`, consoleCookie);
    const ofOwner = await log(`?objectType=account&objectId=${owner.id}`);
    const masked = { legalName: 'Ravi Kumar', accountLast4: '0123', ifscLast4: '1234', upiLast4: 'bank', panLast4: '234F' };
    const change = { by: 'accountHolder', admin: null, action: 'payout_details.change', reason: null };
    const onOwner = { objectType: 'account', objectId: owner.id, objectName: owner.username };
    expect(ofOwner.total).toBe(4);
    expect(ofOwner.data).toEqual([
      expect.objectContaining({
        ...change,
        ...onOwner,
        before: masked,
        after: { ...masked, accountLast4: '3210', upiLast4: null },
        at: at(3).toISOString(),
      }),
      expect.objectContaining({ by: 'admin', action: 'account.enable', ...onOwner, at: at(2).toISOString() }),
      expect.objectContaining({
        by: 'admin',
        admin: expect.objectContaining({ username: admin.username }),
        action: 'account.disable',
        reason: 'Checking.',
        at: at(1).toISOString(),
      }),
      expect.objectContaining({ ...change, ...onOwner, before: null, after: masked, at: at(0).toISOString() }),
    ]);
    expect(new Set(ofOwner.data.map(({ id }) => id)).size).toBe(4);
    const text = JSON.stringify(ofOwner);
    for (const value of PLAIN) expect(text).not.toContain(value);

    // The newest rows of the whole log, and of the accounts', are these four; no admin made the changes.
    expect((await log('')).data.slice(0, 4)).toEqual(ofOwner.data);
    expect((await log('?objectType=account')).data.slice(0, 4)).toEqual(ofOwner.data);
    const adminId = ofOwner.data[1]?.admin?.id ?? '';
    const byAdmin = await log(`?adminId=${adminId}&objectId=${owner.id}`);
    expect(byAdmin.data.map(({ action }) => action)).toEqual(['account.enable', 'account.disable']);
    expect((await log(`?objectType=car&objectId=${owner.id}`)).total).toBe(0);
    expect((await log(`?adminId=${owner.id}`)).total).toBe(0);
  });
});

describe('sealing a payout detail', () => {
  const key = payoutDetailsKey(randomBytes(32).toString('base64'));
  const other = payoutDetailsKey(randomBytes(32).toString('hex'));
  if (!key || !other) throw new Error('a random key was not taken');

  it('opens to the value it sealed, under a fresh IV each time, marked with the key’s id', () => {
    const first = sealDetail(key, ACCOUNT, 'payout_details:a:accountNumber');
    const second = sealDetail(key, ACCOUNT, 'payout_details:a:accountNumber');
    expect(first).not.toBe(second);
    expect(openDetail(key, first, 'payout_details:a:accountNumber')).toBe(ACCOUNT);
    expect(openDetail(key, second, 'payout_details:a:accountNumber')).toBe(ACCOUNT);
    expect(Buffer.from(first, 'base64')[0]).toBe(1);
    expect(first).not.toContain(ACCOUNT);
  });

  it('does not open for another owner or field, under another key, or once changed', () => {
    const value = sealDetail(key, PAN, 'payout_details:a:pan');
    expect(() => openDetail(key, value, 'payout_details:b:pan')).toThrow();
    expect(() => openDetail(key, value, 'payout_details:a:accountNumber')).toThrow();
    expect(() => openDetail(other, value, 'payout_details:a:pan')).toThrow();
    const changed = Buffer.from(value, 'base64');
    changed[changed.length - 1] = (changed[changed.length - 1] ?? 0) ^ 1;
    expect(() => openDetail(key, changed.toString('base64'), 'payout_details:a:pan')).toThrow();
    const relabelled = Buffer.from(value, 'base64');
    relabelled[0] = 2;
    expect(() => openDetail(key, relabelled.toString('base64'), 'payout_details:a:pan')).toThrow(/key 2/);
  });

  it('takes PAYOUT_DETAILS_KEY as 32 bytes in hex or base64, and refuses anything else at start', () => {
    const bytes = randomBytes(32);
    expect(loadConfig({ PAYOUT_DETAILS_KEY: bytes.toString('hex') }).payoutDetailsKey?.bytes).toEqual(bytes);
    expect(loadConfig({ PAYOUT_DETAILS_KEY: ` ${bytes.toString('base64')} ` }).payoutDetailsKey?.bytes).toEqual(bytes);
    expect(loadConfig({ PAYOUT_DETAILS_KEY: bytes.toString('base64url') }).payoutDetailsKey?.bytes).toEqual(bytes);
    expect(loadConfig({}).payoutDetailsKey).toBeUndefined();
    for (const wrong of [randomBytes(31).toString('base64'), randomBytes(33).toString('hex'), '0'.repeat(64), 'my secret key']) {
      expect(() => loadConfig({ PAYOUT_DETAILS_KEY: wrong })).toThrow(
        'PAYOUT_DETAILS_KEY: PAYOUT_DETAILS_KEY must be 32 random bytes, as 64 hex digits or in base64 (make one with `openssl rand -base64 32`)',
      );
    }
  });
});
