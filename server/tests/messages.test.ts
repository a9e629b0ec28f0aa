import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../src/clock/clock';
import { contactMessages, newsletterSignups } from '../src/db/schema';
import { buildTestApp, closeTestApp } from './helpers';

let app: FastifyInstance;
/** Stands still unless a test moves it, as messages age out of the hour. */
const clock = movableClock(new Date());

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
});
afterAll(() => closeTestApp(app));

const HOUR_SECONDS = 60 * 60;
let addressCount = 0;
/** Each test writes from its own address, so the contact limit of one never blocks another. */
const freshAddress = () => `10.9.0.${++addressCount}`;

function post(url: string, payload: unknown, remoteAddress = freshAddress()) {
  return app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
    remoteAddress,
  });
}

const sample = { name: 'Asha Rao', email: 'Asha.Rao@Example.in', message: 'Do you rent cars in Pune for a week?' };

describe('POST /api/contact', () => {
  it('stores the message for the admins and thanks the sender', async () => {
    const address = freshAddress();
    const response = await post('/api/contact', sample, address);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Thanks, we will get back to you soon.' });
    const stored = await app.db.select().from(contactMessages).where(eq(contactMessages.address, address));
    expect(stored).toEqual([
      expect.objectContaining({ name: 'Asha Rao', email: 'asha.rao@example.in', message: sample.message, address }),
    ]);
  });

  it('keeps unicode and markup as the text it is', async () => {
    const address = freshAddress();
    const message = "नमस्ते! <script>alert(1)</script> '; DROP TABLE contact_messages; --";
    expect((await post('/api/contact', { ...sample, name: 'अनीता', message }, address)).statusCode).toBe(201);
    const [stored] = await app.db.select().from(contactMessages).where(eq(contactMessages.address, address));
    expect(stored).toMatchObject({ name: 'अनीता', message });
  });

  it.each([
    ['a missing name', { name: undefined }, /^Your name is required/],
    ['a blank name', { name: '  ' }, /^Your name must not be empty/],
    ['a name over 100 characters', { name: 'n'.repeat(101) }, /^Your name must be at most 100 characters/],
    ['a name as a list', { name: ['Asha'] }, /^Your name must be text/],
    ['a bad email', { email: 'asha-at-example' }, /^Email must be an email address/],
    ['a missing email', { email: undefined }, /^Email is required/],
    ['an empty message', { message: '' }, /^Message must not be empty/],
    ['a message over 5,000 characters', { message: 'm'.repeat(5001) }, /^Message must be at most 5000 characters/],
    ['a message as a number', { message: 1e308 }, /^Message must be text/],
    ['a NUL character in the name', { name: 'Asha\u0000' }, /^Your name must not contain the NUL character/],
    ['a NUL character in the message', { message: 'Hello\u0000there' }, /^Message must not contain the NUL character/],
  ])('answers 400 naming the field for %s, and stores nothing', async (_case, change, message) => {
    const address = freshAddress();
    const response = await post('/api/contact', { ...sample, ...change }, address);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(message) });
    expect(await app.db.$count(contactMessages, eq(contactMessages.address, address))).toBe(0);
  });

  it('answers 429 with Retry-After for a sixth message within the hour from one address, and not for another address', async () => {
    const address = freshAddress();
    for (let i = 1; i <= 5; i += 1) {
      expect((await post('/api/contact', { ...sample, message: `Message ${i}` }, address)).statusCode).toBe(201);
    }
    const blocked = await post('/api/contact', sample, address);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({ message: 'You have sent 5 messages in the last hour. Please try again in 60 minutes.' });
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(HOUR_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(HOUR_SECONDS);
    expect(await app.db.$count(contactMessages, eq(contactMessages.address, address))).toBe(5);

    expect((await post('/api/contact', sample)).statusCode).toBe(201);
  });

  it('counts messages older than an hour out', async () => {
    const address = freshAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await post('/api/contact', { ...sample, message: `Old ${i}` }, address)).statusCode).toBe(201);
    }
    expect((await post('/api/contact', sample, address)).statusCode).toBe(429);
    clock.advance((HOUR_SECONDS - 1) * 1000);
    expect((await post('/api/contact', sample, address)).statusCode).toBe(429);
    clock.advance(1000);
    expect((await post('/api/contact', sample, address)).statusCode).toBe(201);
  });

  it('lets exactly five of ten simultaneous messages from one address through', async () => {
    const address = freshAddress();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/api/contact', sample, address)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429, 429, 429]);
    expect(await app.db.$count(contactMessages, eq(contactMessages.address, address))).toBe(5);
  });
});

describe('POST /api/newsletter', () => {
  it('signs an email up', async () => {
    const response = await post('/api/newsletter', { email: 'reader@example.in' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: 'Thanks for subscribing.' });
    expect(await app.db.$count(newsletterSignups, eq(newsletterSignups.email, 'reader@example.in'))).toBe(1);
  });

  it('answers an email already signed up exactly as a new one, and keeps one row', async () => {
    const first = await post('/api/newsletter', { email: 'twice@example.in' });
    const again = await post('/api/newsletter', { email: '  TWICE@Example.IN ' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await app.db.$count(newsletterSignups, eq(newsletterSignups.email, 'twice@example.in'))).toBe(1);
  });

  it.each([
    ['a missing email', {}, /^Email is required/],
    ['a bad email', { email: 'not an email' }, /^Email must be an email address/],
    ['an email as a list', { email: ['a@example.in'] }, /^Email must be text/],
    ['an email over 254 characters', { email: `${'a'.repeat(250)}@example.in` }, /^Email must be at most 254 characters/],
  ])('answers 400 naming the field for %s', async (_case, payload, message) => {
    const before = await app.db.$count(newsletterSignups);
    const response = await post('/api/newsletter', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(message) });
    expect(await app.db.$count(newsletterSignups)).toBe(before);
  });
});
