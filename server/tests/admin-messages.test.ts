import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminActionPage,
  AdminContactMessage,
  AdminContactMessagePage,
  AdminNewsletterPage,
  AdminOverview,
} from '#domain/contract';
import { toIndiaIso } from '#domain/india-time';
import { contactMessages, newsletterSignups } from '../src/db/schema';
import { listBoundsTests } from './admin-helpers';
import { buildTestApp, closeTestApp, registerAndSignIn, signIn } from './helpers';
import { send } from './marketplace-helpers';

const admin = { email: 'inbox@wheelsonweb.in', username: 'inbox', password: 'admin-password-1' };
const NOBODY = '00000000-0000-4000-8000-000000000000';
const DAY_MS = 24 * 60 * 60 * 1000;

let app: FastifyInstance;
let adminCookie: string;
let ownerCookie: string;
let renterCookie: string;

beforeAll(async () => {
  app = await buildTestApp({ admin });
  [adminCookie, ownerCookie, renterCookie] = await Promise.all([
    signIn(app, admin.email, admin.password),
    registerAndSignIn(app, 'owner'),
    registerAndSignIn(app, 'user'),
  ]);
});
afterAll(() => closeTestApp(app));

async function ok<T>(method: 'GET' | 'POST', url: string, payload?: unknown): Promise<T> {
  const response = await send(app, method, url, adminCookie, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

let addressCount = 0;

/** A message through the contact form, each from its own address so the form's limit never blocks one. */
async function contact(message: string, name = 'Asha Rao', email = 'asha@example.in'): Promise<AdminContactMessage> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name, email, message },
    remoteAddress: `10.8.0.${++addressCount}`,
  });
  expect(response.statusCode, response.body).toBe(201);
  const [stored] = await ok<AdminContactMessagePage>('GET', `/api/admin/messages?q=${encodeURIComponent(message)}`).then(
    (page) => page.data,
  );
  if (!stored) throw new Error('the message was not stored');
  return stored;
}

async function subscribe(email: string): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } });
  expect(response.statusCode, response.body).toBe(201);
}

const markAnswered = (id: string, payload?: unknown) =>
  send(app, 'POST', `/api/admin/messages/${id}/answered`, adminCookie, payload);
const auditOf = (id: string) => ok<AdminActionPage>('GET', `/api/admin/audit?objectType=contact_message&objectId=${id}`);

describe('the Messages endpoints for each role', () => {
  it('answer an admin and refuse owners and renters (403) and the signed out (401)', async () => {
    const message = await contact('For the role table.');
    const requests: Array<['GET' | 'POST', string]> = [
      ['GET', '/api/admin/messages'],
      ['POST', `/api/admin/messages/${message.id}/answered`],
      ['GET', '/api/admin/newsletter'],
      ['GET', '/api/admin/newsletter.csv'],
    ];
    for (const [method, url] of requests) {
      const answers = await Promise.all([ownerCookie, renterCookie, undefined].map((cookie) => send(app, method, url, cookie)));
      expect(
        answers.map((answer) => answer.statusCode),
        url,
      ).toEqual([403, 403, 401]);
      expect((await send(app, method, url, adminCookie)).statusCode, url).toBe(200);
    }
    expect((await auditOf(message.id)).total).toBe(1);
  });
});

describe('GET /api/admin/messages', () => {
  it('lists messages newest first, searching the name, email and message in any case, and filtering by status', async () => {
    const older = await contact('Do you rent in Goa?', 'Ravi Menon', 'ravi@example.in');
    const newer = await contact('Is a driver included?', 'Meera Iyer', 'meera@example.in');
    const page = await ok<AdminContactMessagePage>('GET', '/api/admin/messages');
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.data.slice(0, 2).map((message) => message.id)).toEqual([newer.id, older.id]);
    expect(page.data[0]).toEqual({
      _id: newer.id,
      id: newer.id,
      name: 'Meera Iyer',
      email: 'meera@example.in',
      message: 'Is a driver included?',
      createdAt: expect.any(String),
      answeredAt: null,
    });

    for (const q of ['RAVI m', 'Ravi@Example', 'in goa']) {
      const found = await ok<AdminContactMessagePage>('GET', `/api/admin/messages?q=${encodeURIComponent(q)}`);
      expect(
        found.data.map((message) => message.id),
        q,
      ).toEqual([older.id]);
    }

    expect((await markAnswered(older.id)).statusCode).toBe(200);
    const answered = await ok<AdminContactMessagePage>('GET', '/api/admin/messages?status=answered');
    expect(answered.data.map((message) => message.id)).toContain(older.id);
    expect(answered.data.every((message) => message.answeredAt !== null)).toBe(true);
    const awaiting = await ok<AdminContactMessagePage>('GET', '/api/admin/messages?status=awaiting&q=');
    expect(awaiting.data.map((message) => message.id)).toContain(newer.id);
    expect(awaiting.data.every((message) => message.answeredAt === null)).toBe(true);
  });

  it('pages past 50, the second page going on where the first stopped', async () => {
    const start = Date.now() - 30 * DAY_MS;
    await app.db.insert(contactMessages).values(
      Array.from({ length: 55 }, (_, i) => ({
        name: 'Pager',
        email: 'pager@example.in',
        message: `Paging message ${i}`,
        address: '10.7.0.1',
        createdAt: new Date(start + i * 1000),
      })),
    );
    const first = await ok<AdminContactMessagePage>('GET', '/api/admin/messages?q=paging%20message');
    expect(first.total).toBe(55);
    expect(first.data).toHaveLength(50);
    expect(first.data[0]?.message).toBe('Paging message 54');
    const second = await ok<AdminContactMessagePage>('GET', '/api/admin/messages?q=paging%20message&page=2');
    expect(second.data.map((message) => message.message)).toEqual([4, 3, 2, 1, 0].map((i) => `Paging message ${i}`));
  });

  listBoundsTests('/api/admin/messages', (url) => send(app, 'GET', url, adminCookie), [['status=read', undefined]]);
});

describe('POST /api/admin/messages/{id}/answered', () => {
  it('marks a message answered, with one audit row, and leaves the overview’s count of those awaiting', async () => {
    const message = await contact('Can I pay in cash?');
    const before = await ok<AdminOverview>('GET', '/api/admin/overview');
    const started = Date.now();

    const response = await markAnswered(message.id, { reason: ' Replied by mail. ' });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json<AdminContactMessage>();
    expect(answered).toEqual({ ...message, answeredAt: expect.any(String) });
    expect(Date.parse(answered.answeredAt ?? '')).toBeGreaterThanOrEqual(started - 1000);
    expect((await ok<AdminOverview>('GET', '/api/admin/overview')).contactMessagesAwaitingAnswer).toBe(
      before.contactMessagesAwaitingAnswer - 1,
    );

    // Answered already: answered as it stands, at its first time, with nothing written.
    const again = await markAnswered(message.id);
    expect(again.json<AdminContactMessage>()).toEqual(answered);
    const audit = await auditOf(message.id);
    expect(audit.data).toEqual([
      expect.objectContaining({
        action: 'message.answer',
        objectType: 'contact_message',
        objectId: message.id,
        objectName: message.name,
        reason: 'Replied by mail.',
        before: { status: 'awaiting' },
        after: { status: 'answered' },
      }),
    ]);
  });

  it('takes no body and no reason', async () => {
    const message = await contact('No reason needed.');
    expect((await markAnswered(message.id)).statusCode).toBe(200);
    expect((await auditOf(message.id)).data).toEqual([expect.objectContaining({ reason: null })]);
  });

  it('refuses an unknown id (404), a bad id and a reason over 500 characters (400), changing nothing', async () => {
    const message = await contact('Still awaiting.');
    const unknown = await markAnswered(NOBODY);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No contact message has this id.' });
    expect((await markAnswered('not-an-id')).statusCode).toBe(400);
    const tooLong = await markAnswered(message.id, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: 'Reason must be 1 to 500 characters.' });
    const [stored] = await app.db.select().from(contactMessages).where(eq(contactMessages.id, message.id));
    expect(stored?.answeredAt).toBeNull();
    expect((await auditOf(message.id)).total).toBe(0);
  });
});

describe('GET /api/admin/newsletter', () => {
  it('lists sign-ups newest first, searched in any case, paged past 50', async () => {
    await subscribe('first.reader@example.in');
    await subscribe('second.reader@example.in');
    const page = await ok<AdminNewsletterPage>('GET', '/api/admin/newsletter');
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.data.slice(0, 2)).toEqual([
      { _id: expect.any(String), id: expect.any(String), email: 'second.reader@example.in', createdAt: expect.any(String) },
      expect.objectContaining({ email: 'first.reader@example.in' }),
    ]);
    const found = await ok<AdminNewsletterPage>('GET', '/api/admin/newsletter?q=FIRST.Reader');
    expect(found.data.map((signup) => signup.email)).toEqual(['first.reader@example.in']);

    const start = Date.now() - 30 * DAY_MS;
    await app.db
      .insert(newsletterSignups)
      .values(Array.from({ length: 55 }, (_, i) => ({ email: `paged${i}@example.in`, createdAt: new Date(start + i * 1000) })));
    const second = await ok<AdminNewsletterPage>('GET', '/api/admin/newsletter?q=paged&page=2');
    expect(second.total).toBe(55);
    expect(second.data.map((signup) => signup.email)).toEqual([4, 3, 2, 1, 0].map((i) => `paged${i}@example.in`));
  });

  listBoundsTests('/api/admin/newsletter', (url) => send(app, 'GET', url, adminCookie), [
    ['page=x', 'Page must be a whole number.'],
  ]);
});

describe('GET /api/admin/newsletter.csv', () => {
  it('downloads every sign-up as CSV, a formula-looking email written as text', async () => {
    await subscribe('-2+3@example.in');
    await subscribe('+cmd@example.in');
    const response = await send(app, 'GET', '/api/admin/newsletter.csv', adminCookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const today = toIndiaIso(new Date()).slice(0, 10);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="newsletter-signups-${today}.csv"`);
    expect(response.headers['cache-control']).toBe('no-store');

    const lines = response.body.split('\r\n');
    expect(lines[0]).toBe('email,signed_up_at');
    expect(lines.at(-1)).toBe('');
    const [stored] = await app.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, '-2+3@example.in'));
    expect(lines).toContain(`'-2+3@example.in,${toIndiaIso(stored?.createdAt ?? new Date())}`);
    expect(lines.some((line) => line.startsWith("'+cmd@example.in,"))).toBe(true);
    const total = await app.db.$count(newsletterSignups);
    expect(lines).toHaveLength(total + 2);
  });

  it('reads a long list in batches, every sign-up once, in the order of the emails', async () => {
    await app.db.execute(
      sql`INSERT INTO newsletter_signups (email) SELECT 'bulk' || lpad(n::text, 5, '0') || '@example.in' FROM generate_series(1, 2500) AS n`,
    );
    const response = await send(app, 'GET', '/api/admin/newsletter.csv', adminCookie);
    const emails = response.body
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[0] ?? '');
    const rows = await app.db.select({ email: newsletterSignups.email }).from(newsletterSignups);
    expect(emails).toHaveLength(rows.length);
    expect(new Set(emails).size).toBe(rows.length);
    const bulk = emails.filter((email) => email.startsWith('bulk'));
    expect(bulk).toHaveLength(2500);
    expect(bulk).toEqual([...bulk].sort());
  });
});
