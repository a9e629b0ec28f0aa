import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, RegisterAnswer } from '#domain/contract';
import { movableClock } from '../src/clock/clock';
import { accounts, carPhotos, cars, comments } from '../src/db/schema';
import { sweepKeys } from '../src/idempotency/keys';
import { accountId, buildTestApp, closeTestApp, newAccount, registerAndSignIn, sessionCookie, sessionUser } from './helpers';
import { heldQueue, jpeg, listCar, photoForm } from './photo-helpers';

// A write retried with the same Idempotency-Key is done once: the retry gets the first answer
// again. The clock stands still unless a test moves it.
const clock = movableClock(new Date('2026-11-20T10:00:00Z'));
const HOUR_MS = 60 * 60 * 1000;

let app: FastifyInstance;
let writer: string;
let other: string;
let owner: string;

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
  [writer, other, owner] = await Promise.all([
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'owner'),
  ]);
});
afterAll(() => closeTestApp(app));

let sent = 0;
/** Text and keys no other test uses. */
function fresh(what: string): string {
  sent += 1;
  return `${what} ${sent}`;
}

function write(method: 'POST' | 'DELETE', url: string, options: { cookie?: string; key?: string; payload?: unknown }) {
  return app.inject({
    method,
    url,
    headers: {
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(options.key === undefined ? {} : { 'idempotency-key': options.key }),
    },
    ...(options.payload === undefined ? {} : { payload: JSON.stringify(options.payload) }),
  });
}

function comment(cookie: string, key: string | undefined, content: string) {
  return write('POST', '/api/comments/get-comment', { cookie, ...(key === undefined ? {} : { key }), payload: { content } });
}

/** How many comments by the account of `cookie` read `content`. */
async function written(cookie: string, content: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.accountId, await accountId(app, cookie)), eq(comments.content, content)));
  return row?.n ?? 0;
}

function sameAnswer(retry: LightMyRequestResponse, first: LightMyRequestResponse): void {
  expect(retry.statusCode, retry.body).toBe(first.statusCode);
  expect(retry.body).toBe(first.body);
  expect(retry.headers['content-type']).toBe(first.headers['content-type']);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  expect(first.headers['idempotent-replayed']).toBeUndefined();
}

describe('a write sent again with the same Idempotency-Key', () => {
  it('gets the same comment back, written once', async () => {
    const [key, content] = [fresh('key'), fresh('Lovely drive')];
    const first = await comment(writer, key, content);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await comment(writer, key, content);
    sameAnswer(retry, first);
    expect(retry.json<Comment>().id).toBe(first.json<Comment>().id);
    expect(await written(writer, content)).toBe(1);
  });

  it("gets the same new car back with its Location, the owner's car listed once", async () => {
    const [key, carname] = [fresh('key'), fresh('Retried Swift')];
    const car = { url: '/images/cars/audi-fiesta.svg', carname, description: 'A well-kept car.', price: 70 };
    const first = await write('POST', '/add-cars', { cookie: owner, key, payload: car });
    expect(first.statusCode, first.body).toBe(201);
    const retry = await write('POST', '/add-cars', { cookie: owner, key, payload: car });
    sameAnswer(retry, first);
    expect(retry.headers.location).toBe(first.headers.location);
    const [listed] = await app.db.select({ n: count() }).from(cars).where(eq(cars.carName, carname));
    expect(listed?.n).toBe(1);
    const another = await write('POST', '/add-cars', {
      cookie: owner,
      key: fresh('key'),
      payload: { ...car, carname: fresh('Car') },
    });
    expect(another.headers.location).not.toBe(first.headers.location);
  });

  it('with another body or path is refused with 422 and does nothing', async () => {
    const [key, content, changed] = [fresh('key'), fresh('First words'), fresh('Other words')];
    expect((await comment(writer, key, content)).statusCode).toBe(201);
    const otherBody = await comment(writer, key, changed);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({
      message:
        'This Idempotency-Key was already used for a different request (another address or body). Send a new key with a new request.',
    });
    expect(await written(writer, changed)).toBe(0);
    const commentId = (await comment(writer, fresh('key'), fresh('To reply to'))).json<Comment>().id;
    const otherPath = await write('POST', `/api/comments/get-reply/${commentId}`, { cookie: writer, key, payload: { content } });
    expect(otherPath.statusCode).toBe(422);
    expect(await written(writer, content)).toBe(1);
  });

  it('of a registration signs the new account in again, with a new session', async () => {
    const account = newAccount();
    const form = { ...account, confirmPassword: account.password };
    const key = fresh('key');
    const first = await write('POST', '/register/user', { key, payload: form });
    expect(first.statusCode, first.body).toBe(201);
    const retry = await write('POST', '/register/user', { key, payload: form });
    sameAnswer(retry, first);
    const [firstCookie, retryCookie] = [sessionCookie(first), sessionCookie(retry)];
    expect(retryCookie).not.toBe(firstCookie);
    expect((await sessionUser(app, retryCookie))?.id).toBe(retry.json<RegisterAnswer>().user.id);
    expect((await sessionUser(app, firstCookie))?.id).toBe(first.json<RegisterAnswer>().user.id);
    const [made] = await app.db.select({ n: count() }).from(accounts).where(eq(accounts.email, account.email));
    expect(made?.n).toBe(1);
  });

  it('after a 503 does the work: a 5xx answer is not kept', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Fills this process's registrations under way, so the next one is turned away with 503.
    const underWay: Promise<unknown>[] = [];
    for (let turnedAway = false; !turnedAway && underWay.length < 1000; ) {
      const registering = app.passwords
        .registering('10.9.9.9', () => held)
        .catch(() => {
          turnedAway = true;
        });
      await new Promise((resolve) => setImmediate(resolve));
      if (!turnedAway) underWay.push(registering);
    }
    const account = newAccount();
    const form = { ...account, confirmPassword: account.password };
    const key = fresh('key');
    try {
      const busy = await write('POST', '/register/user', { key, payload: form });
      expect(busy.statusCode).toBe(503);
    } finally {
      release();
      await Promise.all(underWay);
    }
    const retry = await write('POST', '/register/user', { key, payload: form });
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect((await sessionUser(app, sessionCookie(retry)))?.email).toBe(account.email);
  });

  it('after a 4xx does the work: a refusal changed nothing, so the key is let go', async () => {
    const key = fresh('key');
    const refused = await write('POST', '/api/comments/get-comment', {
      cookie: writer,
      key,
      payload: { content: 'On no post', post: 'no-such-post' },
    });
    expect(refused.statusCode).toBe(404);
    const content = fresh('On no post at all');
    const accepted = await comment(writer, key, content);
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await written(writer, content)).toBe(1);
  });
});

describe('Idempotency-Key', () => {
  it("of one account never meets another's: the same key does each one's work", async () => {
    const key = fresh('shared key');
    const [mine, theirs] = [fresh('Mine'), fresh('Theirs')];
    expect((await comment(writer, key, mine)).statusCode).toBe(201);
    const second = await comment(other, key, theirs);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await written(other, theirs)).toBe(1);
  });

  it('is forgotten after 24 hours: the sweep removes it and the same key does the work again', async () => {
    const [key, content] = [fresh('key'), fresh('A day apart')];
    const first = await comment(writer, key, content);
    expect(first.statusCode).toBe(201);
    clock.advance(23 * HOUR_MS);
    await sweepKeys(app.db, clock.now());
    sameAnswer(await comment(writer, key, content), first);
    clock.advance(HOUR_MS + 1);
    await sweepKeys(app.db, clock.now());
    const later = await comment(writer, key, content);
    expect(later.statusCode, later.body).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await written(writer, content)).toBe(2);
  });

  it('is refused with 400 in clear words when longer than 255 characters, and nothing is written', async () => {
    const content = fresh('Long key');
    const answer = await comment(writer, 'k'.repeat(256), content);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message:
        'The Idempotency-Key header must be 1 to 255 printable characters (letters, digits, punctuation or spaces), quoted or not.',
    });
    expect(await written(writer, content)).toBe(0);
    expect((await comment(writer, '"quoted key"', content)).statusCode).toBe(201);
    expect((await comment(writer, 'quoted key', content)).headers['idempotent-replayed']).toBe('true');
  });

  it('lets the same text be commented twice on purpose under two keys; without keys the repeat is refused', async () => {
    const content = fresh('Said twice');
    expect((await comment(writer, fresh('key'), content)).statusCode).toBe(201);
    expect((await comment(writer, fresh('key'), content)).statusCode).toBe(201);
    expect((await comment(writer, undefined, content)).statusCode).toBe(409);
    expect(await written(writer, content)).toBe(2);
  });

  it('is documented on the writes that take it, with the answers it brings, and on no sign-in or webhook', async () => {
    type Operation = { parameters?: { in: string; name: string }[]; responses: Record<string, unknown> };
    const { paths } = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, Operation>>;
    }>();
    const takesKey = (operation: Operation | undefined) =>
      operation?.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'idempotency-key');
    for (const [path, method] of [
      ['/api/comments/get-comment', 'post'],
      ['/add-cars', 'post'],
      ['/register/user', 'post'],
      ['/api/bookings/{id}/accept', 'post'],
      ['/api/cars/{id}/photos', 'put'],
      ['/api/account', 'patch'],
      ['/api/comments/{id}', 'delete'],
    ] as const) {
      const operation = paths[path]?.[method];
      expect(takesKey(operation), `${method} ${path}`).toBe(true);
      expect(Object.keys(operation?.responses ?? {}), `${method} ${path}`).toEqual(expect.arrayContaining(['400', '409', '422']));
    }
    for (const [path, method] of [
      ['/api/session', 'post'],
      ['/api/session', 'delete'],
      ['/', 'post'],
      ['/carsSchema', 'post'],
      ['/api/payments/razorpay/webhook', 'post'],
      ['/api/comments/get-comment', 'get'],
    ] as const) {
      expect(takesKey(paths[path]?.[method]), `${method} ${path}`).toBeFalsy();
    }
  });

  it('is ignored by sign-in: each sign-in starts its own session', async () => {
    const account = newAccount();
    await write('POST', '/register/user', { payload: { ...account, confirmPassword: account.password } });
    const key = fresh('key');
    const signIn = () => write('POST', '/api/session', { key, payload: { login: account.email, password: account.password } });
    const [first, second] = [await signIn(), await signIn()];
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(sessionCookie(second)).not.toBe(sessionCookie(first));
  });
});

describe('two uploads sent at once with the same Idempotency-Key', () => {
  let uploadsDir: string;
  let photoApp: FastifyInstance | undefined;
  afterAll(async () => {
    await closeTestApp(photoApp);
    await rm(uploadsDir, { recursive: true, force: true });
  });

  it('store one photo: the second gets 409 with Retry-After: 1 while the first runs, then its answer', async () => {
    uploadsDir = await mkdtemp(path.join(tmpdir(), 'wow-idempotency-'));
    const { queue, firstReached, release } = heldQueue();
    const on = await buildTestApp({ uploadsDir }, { clock, photoQueue: queue });
    photoApp = on;
    const owner = await registerAndSignIn(on, 'owner');
    const carId = await listCar(on, owner);
    const form = photoForm(await jpeg(800, 500));
    const upload = () =>
      on.inject({
        method: 'POST',
        url: `/api/cars/${carId}/photos`,
        headers: { cookie: owner, 'content-type': form.contentType, 'idempotency-key': 'one photo' },
        payload: form.payload,
      });

    const first = upload();
    // The first is held in its image work, its key claimed: the second is sent while it runs.
    await firstReached;
    const second = await upload();
    expect(second.statusCode, second.body).toBe(409);
    expect(second.headers['retry-after']).toBe('1');
    expect(second.json()).toEqual({
      message: 'A request with this Idempotency-Key is still being processed. Try again in a moment to get its answer.',
    });
    release();
    const done = await first;
    expect(done.statusCode, done.body).toBe(201);
    sameAnswer(await upload(), done);
    expect(await on.db.select().from(carPhotos).where(eq(carPhotos.carId, carId))).toHaveLength(1);
  });
});
