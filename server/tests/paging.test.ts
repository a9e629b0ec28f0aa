import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueCars } from '#data/cars';
import type { Booking, Comment, OwnerCar, PagedAnswer, PublicCar } from '#domain/contract';
import { blogPosts, bookings, cars, comments } from '../src/db/schema';
import { buildTestApp, closeTestApp, register, registerAndSignIn, signIn } from './helpers';
import { act, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';

let app: FastifyInstance;
let owner: string;
let renter: string;
const LISTED = 30;
const listed: OwnerCar[] = [];

beforeAll(async () => {
  app = await buildTestApp();
  const ownerAccount = await register(app, 'owner');
  [owner, renter] = await Promise.all([signIn(app, ownerAccount.email, ownerAccount.password), registerAndSignIn(app, 'user')]);
  for (let index = 0; index < LISTED; index += 1) listed.push(await listCar(app, owner, `Paged car ${index}`, 100 + index));
});
afterAll(() => closeTestApp(app));

async function page<T>(path: string, cookie?: string): Promise<PagedAnswer<T>> {
  const response = await send(app, 'GET', path, cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PagedAnswer<T>>();
}

const ids = (list: { id: string }[]) => list.map((item) => item.id);

describe('GET /api/cars pages', () => {
  const total = catalogueCars.length + LISTED;

  it('answers page 1 of 24 when neither page nor pageSize is sent, with the whole list’s total', async () => {
    const first = await page<PublicCar>('/api/cars');
    expect(first).toMatchObject({ total, page: 1, pageSize: 24 });
    expect(first.data).toHaveLength(24);
  });

  it('answers the rest on the last page and an empty page past it, the total unchanged', async () => {
    const last = await page<PublicCar>('/api/cars?page=2&pageSize=24');
    expect(last).toMatchObject({ total, page: 2, pageSize: 24 });
    expect(last.data).toHaveLength(total - 24);
    const beyond = await page<PublicCar>('/api/cars?page=3&pageSize=24');
    expect(beyond).toEqual({ data: [], total, page: 3, pageSize: 24 });
  });

  it('puts together pages that hold the whole list once, in its order', async () => {
    const whole = await page<PublicCar>('/api/cars?pageSize=100');
    expect(whole.data).toHaveLength(total);
    const pages = [];
    for (let number = 1; number <= Math.ceil(total / 7); number += 1) {
      pages.push(...(await page<PublicCar>(`/api/cars?page=${number}&pageSize=7`)).data);
    }
    expect(ids(pages)).toEqual(ids(whole.data));
  });

  it('counts only the cars the filters keep', async () => {
    const answer = await page<PublicCar>('/api/cars?q=paged%20car%201&pageSize=5');
    // "Paged car 1" and "Paged car 10" to "Paged car 19".
    expect(answer.total).toBe(11);
    expect(answer.data).toHaveLength(5);
  });

  it('keeps cars listed at the same instant in one order, by id, so no page repeats or loses one', async () => {
    const same = listed.slice(0, 10).map((car) => car.id);
    await app.db
      .update(cars)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(inArray(cars.id, same));
    const read = async () => {
      const pages = [];
      for (let number = 1; number <= Math.ceil(total / 4); number += 1) {
        pages.push(...(await page<PublicCar>(`/api/cars?page=${number}&pageSize=4`)).data);
      }
      return ids(pages);
    };
    const once = await read();
    expect(new Set(once).size).toBe(total);
    expect(await read()).toEqual(once);
    // Listed the longest ago, they come last, in id order.
    expect(once.slice(-10)).toEqual([...same].sort());
  });

  it.each([
    ['page=0', 'Page'],
    ['page=-1', 'Page'],
    ['page=two', 'Page'],
    ['page=1.5', 'Page'],
    ['pageSize=0', 'Page size'],
    ['pageSize=101', 'Page size'],
    ['pageSize=ten', 'Page size'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await send(app, 'GET', `/api/cars?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${field} must be `));
  });

  it('takes pageSize 100, the most a page holds', async () => {
    expect((await page<PublicCar>('/api/cars?pageSize=100')).pageSize).toBe(100);
  });
});

describe('GET /api/bookings pages and filters', () => {
  const HOUR_MS = 60 * 60 * 1000;
  let open: Booking[];
  let accepted: Booking;
  let due: Booking;
  let ended: Booking;

  beforeAll(async () => {
    const car = listed[LISTED - 1]!;
    const made: Booking[] = [];
    for (let day = 2; day < 9; day += 1) {
      made.push(
        await requestBooking(app, renter, {
          carName: car.id,
          from: indiaTime(day, '10:00'),
          to: indiaTime(day, '12:00'),
          driver: false,
        }),
      );
    }
    [accepted, due, ended, ...open] = made as [Booking, Booking, Booking, ...Booking[]];
    expect((await act(app, owner, accepted.id, 'accept')).statusCode).toBe(200);
    // A request whose period began unanswered: still stored as requested, expired for every reader.
    await app.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - HOUR_MS) })
      .where(eq(bookings.id, due.id));
    // A request whose period ended long ago, expired the same way.
    await app.db
      .update(bookings)
      .set({
        startsAt: new Date(Date.now() - 50 * HOUR_MS),
        endsAt: new Date(Date.now() - 48 * HOUR_MS),
        expiresAt: new Date(Date.now() - 50 * HOUR_MS),
      })
      .where(eq(bookings.id, ended.id));
  });

  it("pages a renter's bookings newest first, with the total", async () => {
    const first = await page<Booking>('/api/bookings?pageSize=3', renter);
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    const all = [];
    for (let number = 1; number <= 3; number += 1)
      all.push(...(await page<Booking>(`/api/bookings?page=${number}&pageSize=3`, renter)).data);
    expect(ids(all)).toEqual(ids([...open].reverse()).concat([ended.id, due.id, accepted.id]));
  });

  it('answers an empty page past the end, with the whole list’s total', async () => {
    expect(await page<Booking>('/api/bookings?page=4&pageSize=3', renter)).toEqual({ data: [], total: 7, page: 4, pageSize: 3 });
  });

  it('answers page 1 of 24 by default', async () => {
    expect(await page<Booking>('/api/bookings', owner)).toMatchObject({ total: 7, page: 1, pageSize: 24 });
  });

  it('counts a due request as expired, and not as requested', async () => {
    const expired = await page<Booking>('/api/bookings?status=expired', renter);
    expect(ids(expired.data).sort()).toEqual([due.id, ended.id].sort());
    expect(expired.total).toBe(2);
    expect(expired.data.every((booking) => booking.status === 'expired')).toBe(true);

    const requested = await page<Booking>('/api/bookings?status=requested', renter);
    expect(ids(requested.data).sort()).toEqual(ids(open).sort());
    expect(requested.total).toBe(open.length);

    const acceptedOnly = await page<Booking>('/api/bookings?status=accepted', owner);
    expect(ids(acceptedOnly.data)).toEqual([accepted.id]);
  });

  it('splits upcoming and past by whether the period has ended', async () => {
    const past = await page<Booking>('/api/bookings?when=past', renter);
    expect(ids(past.data)).toEqual([ended.id]);
    expect(past.total).toBe(1);
    const upcoming = await page<Booking>('/api/bookings?when=upcoming&pageSize=2', renter);
    expect(upcoming.total).toBe(6);
    expect(upcoming.data).toHaveLength(2);
    const upcomingExpired = await page<Booking>('/api/bookings?when=upcoming&status=expired', renter);
    expect(ids(upcomingExpired.data)).toEqual([due.id]);
  });

  it('shows a renter none of another renter’s bookings in the totals', async () => {
    const other = await registerAndSignIn(app, 'user');
    expect(await page<Booking>('/api/bookings', other)).toEqual({ data: [], total: 0, page: 1, pageSize: 24 });
  });

  it.each([
    ['page=0', 'Page'],
    ['pageSize=101', 'Page size'],
    ['pageSize=x', 'Page size'],
    ['status=pending', 'Status'],
    ['when=soon', 'When'],
  ])('answers 400 naming the field for %s', async (query, field) => {
    const response = await send(app, 'GET', `/api/bookings?${query}`, renter);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(new RegExp(`^${field} must be `));
  });
});

describe('GET /api/comments/get-comment', () => {
  const COMMENTS = 205;
  let slug: string;

  beforeAll(async () => {
    const [post] = await app.db.select().from(blogPosts).limit(1);
    slug = post!.slug;
    const start = Date.parse('2026-02-01T00:00:00Z');
    await app.db.insert(comments).values(
      Array.from({ length: COMMENTS }, (_, index) => ({
        postId: post!.id,
        author: 'reader',
        content: `comment ${index + 1}`,
        createdAt: new Date(start + index * 1000),
      })),
    );
  });

  it("answers the spec's bare list: the newest 200, oldest first, with the total in X-Total-Count", async () => {
    const response = await send(app, 'GET', `/api/comments/get-comment?post=${slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(COMMENTS));
    const list = response.json<Comment[]>();
    expect(list).toHaveLength(200);
    expect(list[0]!.content).toBe('comment 6');
    expect(list.at(-1)!.content).toBe(`comment ${COMMENTS}`);
  });

  it('answers one page, newest first, when page is sent', async () => {
    const first = await page<Comment>(`/api/comments/get-comment?post=${slug}&page=1&pageSize=10`);
    expect(first).toMatchObject({ total: COMMENTS, page: 1, pageSize: 10 });
    expect(first.data.map((comment) => comment.content)).toEqual(
      Array.from({ length: 10 }, (_, index) => `comment ${COMMENTS - index}`),
    );
    const last = await page<Comment>(`/api/comments/get-comment?post=${slug}&page=21&pageSize=10`);
    expect(last.data.map((comment) => comment.content)).toEqual([
      'comment 5',
      'comment 4',
      'comment 3',
      'comment 2',
      'comment 1',
    ]);
  });

  it('answers an empty page past the end, the total unchanged', async () => {
    expect(await page<Comment>(`/api/comments/get-comment?post=${slug}&page=22&pageSize=10`)).toEqual({
      data: [],
      total: COMMENTS,
      page: 22,
      pageSize: 10,
    });
  });

  it('answers 400 for a page out of bounds', async () => {
    const response = await send(app, 'GET', `/api/comments/get-comment?post=${slug}&page=0`);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(/^Page must be /);
  });
});
