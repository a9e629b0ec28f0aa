import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { movableClock } from '../src/clock/clock';
import { accounts, bookings, cars, comments } from '../src/db/schema';
import { DEFAULT_QUOTAS } from '../src/limits/quotas';
import { accountId, buildTestApp, closeTestApp, newAccount, registerAndSignIn } from './helpers';
import { indiaTime, send } from './marketplace-helpers';

// An app on the default limits, which every other test file raises (helpers.ts, TEST_QUOTAS).
let app: FastifyInstance;
// Runs with real time, and a test moves it on where a window must pass.
const clock = movableClock(new Date(), { ticks: true });

beforeAll(async () => {
  app = await buildTestApp({ quotas: DEFAULT_QUOTAS }, { clock });
});
afterAll(() => closeTestApp(app));

function registerFrom(remoteAddress: string, account = newAccount()) {
  return app.inject({
    method: 'POST',
    url: '/register/user',
    payload: { ...account, confirmPassword: account.password },
    remoteAddress,
  });
}

async function accountsNamed(email: string): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(accounts).where(eq(accounts.email, email));
  return row?.n ?? 0;
}

function expectRetryAfterWithin(response: { headers: Record<string, unknown> }, maxSeconds: number): void {
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(maxSeconds - 60);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('registration, per address', () => {
  it('answers 429 with Retry-After to the 11th in an hour from one address, stores nothing, and lets other addresses register', async () => {
    for (let i = 0; i < 10; i += 1) expect((await registerFrom('10.20.0.1')).statusCode).toBe(201);
    const refused = newAccount();
    const response = await registerFrom('10.20.0.1', refused);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toEqual({
      message: 'Too many accounts were registered from your address in the last hour. Please try again in 60 minutes.',
    });
    expectRetryAfterWithin(response, 60 * 60);
    expect(await accountsNamed(refused.email)).toBe(0);
    expect((await registerFrom('10.20.0.2', refused)).statusCode).toBe(201);

    // Once the hour has passed, the address registers again.
    clock.advance(60 * 60 * 1000);
    expect((await registerFrom('10.20.0.1')).statusCode).toBe(201);
  });

  it('counts refused duplicates too, since each cost a password hash', async () => {
    const taken = newAccount();
    expect((await registerFrom('10.20.1.1', taken)).statusCode).toBe(201);
    for (let i = 0; i < 9; i += 1) expect((await registerFrom('10.20.1.1', taken)).statusCode).toBe(409);
    expect((await registerFrom('10.20.1.1')).statusCode).toBe(429);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 1; i <= 10; i += 1) expect((await registerFrom(`2001:db8:20:1::${i}`)).statusCode).toBe(201);
    expect((await registerFrom('2001:db8:20:1:abcd::9')).statusCode).toBe(429);
    expect((await registerFrom('2001:db8:20:2::1')).statusCode).toBe(201);
  });

  it('lets at most 10 through when 30 arrive at once from one address', async () => {
    const burst = await Promise.all(Array.from({ length: 30 }, () => registerFrom('10.20.2.1')));
    expect(burst.filter((response) => response.statusCode === 201)).toHaveLength(10);
    expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(20);
  });
});

describe('comments and replies, per account', () => {
  const comment = (cookie: string, content: string) => send(app, 'POST', '/api/comments/get-comment', cookie, { content });

  it('answers 429 with Retry-After after 20 in 10 minutes, replies included; stores nothing; other accounts still comment', async () => {
    const [writer, other] = await Promise.all([registerAndSignIn(app, 'user'), registerAndSignIn(app, 'user')]);
    const first = await comment(writer, 'first');
    expect(first.statusCode).toBe(201);
    const parent = first.json<{ _id: string }>()._id;
    for (let i = 0; i < 9; i += 1) {
      expect((await send(app, 'POST', `/api/comments/get-reply/${parent}`, writer, { content: `reply ${i}` })).statusCode).toBe(
        201,
      );
    }
    for (let i = 0; i < 10; i += 1) expect((await comment(writer, `comment ${i}`)).statusCode).toBe(201);

    const refused = await comment(writer, 'one too many');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(
      'You have posted 20 comments and replies in the last 10 minutes. Please try again in 10 minutes.',
    );
    expectRetryAfterWithin(refused, 10 * 60);
    const reply = await send(app, 'POST', `/api/comments/get-reply/${parent}`, writer, { content: 'a late reply' });
    expect(reply.statusCode).toBe(429);
    const writerId = await accountId(app, writer);
    const [stored] = await app.db.select({ n: count() }).from(comments).where(eq(comments.accountId, writerId));
    expect(stored?.n).toBe(20);
    expect((await comment(other, 'hello')).statusCode).toBe(201);
  });

  it('lets at most 20 through when 40 arrive at once', async () => {
    const writer = await registerAndSignIn(app, 'user');
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) => comment(writer, `burst ${i}`)));
    expect(burst.filter((response) => response.statusCode === 201)).toHaveLength(20);
    expect(burst.filter((response) => response.statusCode === 429)).toHaveLength(20);
  });
});

describe('booking requests, per renter', () => {
  it('answers 429 with Retry-After to the 31st in an hour, stores nothing, and lets another renter ask', async () => {
    const [renter, other] = await Promise.all([registerAndSignIn(app, 'user'), registerAndSignIn(app, 'user')]);
    const ask = (cookie: string, day: number) =>
      send(app, 'POST', '/api/bookings', cookie, {
        carName: 'Tata Nexon EV',
        from: indiaTime(day, '10:00'),
        to: indiaTime(day, '12:00'),
        driver: false,
      });
    for (let day = 1; day <= 30; day += 1) expect((await ask(renter, day)).statusCode).toBe(201);
    const refused = await ask(renter, 31);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(
      'You have sent 30 booking requests in the last hour. Please try again in 60 minutes.',
    );
    expectRetryAfterWithin(refused, 60 * 60);
    const [stored] = await app.db
      .select({ n: count() })
      .from(bookings)
      .where(eq(bookings.renterId, await accountId(app, renter)));
    expect(stored?.n).toBe(30);
    expect((await ask(other, 31)).statusCode).toBe(201);
  });
});

describe('cars, per owner', () => {
  const car = { url: '/images/cars/audi-fiesta.svg', carname: 'Honda City', description: 'A well-kept car.', price: 900 };

  it('answers 409 to a 101st car, saying to delete one; after deleting one, the car is listed', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const ownerId = await accountId(app, owner);
    await app.db.insert(cars).values(
      Array.from({ length: 99 }, (_, i) => ({
        kind: 'listed' as const,
        ownerId,
        carName: `Car ${i}`,
        imgUrl: car.url,
        price: 900,
        description: '',
      })),
    );
    expect((await send(app, 'POST', '/add-cars', owner, car)).statusCode).toBe(201);
    const refused = await send(app, 'POST', '/add-cars', owner, car);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: 'You already list 100 cars, the most one owner may list. Delete one to add another.',
    });
    expect(refused.headers['retry-after']).toBeUndefined();
    const listed = await app.db.select({ id: cars.id }).from(cars).where(eq(cars.ownerId, ownerId));
    expect(listed).toHaveLength(100);

    expect((await send(app, 'POST', '/delete-cars', owner, [listed[0]?.id])).statusCode).toBe(200);
    expect((await send(app, 'POST', '/add-cars', owner, car)).statusCode).toBe(201);
  });

  it('lists at most 100 when the last ones arrive at once', async () => {
    const owner = await registerAndSignIn(app, 'owner');
    const ownerId = await accountId(app, owner);
    await app.db.insert(cars).values(
      Array.from({ length: 95 }, (_, i) => ({
        kind: 'listed' as const,
        ownerId,
        carName: `Car ${i}`,
        imgUrl: car.url,
        price: 900,
        description: '',
      })),
    );
    const burst = await Promise.all(Array.from({ length: 10 }, () => send(app, 'POST', '/add-cars', owner, car)));
    expect(burst.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(burst.filter((response) => response.statusCode === 409)).toHaveLength(5);
  });
});
