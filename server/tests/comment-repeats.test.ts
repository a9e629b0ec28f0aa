import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Comment, Reply } from '#domain/contract';
import { movableClock } from '../src/clock/clock';
import { comments } from '../src/db/schema';
import { accountId, buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { send } from './marketplace-helpers';

// The same comment sent twice within a minute (a double click, a retry) is written once. The clock
// stands still unless a test moves it, so "a minute later" is exact.
const clock = movableClock(new Date('2026-11-20T10:00:00Z'));
const MINUTE_MS = 60 * 1000;
const REPEATED = 'You posted this comment a moment ago.';
const POST = 'if-you-are-renting-a-car';
const OTHER_POST = 'the-best-way-to-drive-cars';

let app: FastifyInstance;
let writer: string;
let other: string;

beforeAll(async () => {
  app = await buildTestApp({}, { clock });
  [writer, other] = await Promise.all([registerAndSignIn(app, 'user'), registerAndSignIn(app, 'user')]);
});
afterAll(() => closeTestApp(app));

let sent = 0;
/** Text no other test writes. */
function fresh(what: string): string {
  sent += 1;
  return `${what} ${sent}`;
}

function comment(cookie: string, content: string, post?: string) {
  return send(app, 'POST', '/api/comments/get-comment', cookie, { content, ...(post ? { post } : {}) });
}

function reply(cookie: string, commentId: string, content: string) {
  return send(app, 'POST', `/api/comments/get-reply/${commentId}`, cookie, { content });
}

/** How many comments and replies by the account of `cookie` read `content`. */
async function written(cookie: string, content: string): Promise<number> {
  const [row] = await app.db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.accountId, await accountId(app, cookie)), eq(comments.content, content)));
  return row?.n ?? 0;
}

async function newComment(cookie: string, content: string): Promise<Comment> {
  const response = await comment(cookie, content, POST);
  expect(response.statusCode).toBe(201);
  return response.json<Comment>();
}

describe('a comment sent again', () => {
  it('is refused with 409 within a minute, also with other whitespace around it, and nothing is written', async () => {
    const text = fresh('Lovely drive');
    await newComment(writer, text);
    clock.advance(MINUTE_MS - 1000);

    for (const again of [text, `  ${text}\n`]) {
      const response = await comment(writer, again, POST);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: REPEATED });
    }
    expect(await written(writer, text)).toBe(1);
  });

  it('is accepted once a minute has passed', async () => {
    const text = fresh('Worth saying twice');
    await newComment(writer, text);
    clock.advance(MINUTE_MS);

    expect((await comment(writer, text, POST)).statusCode).toBe(201);
    expect(await written(writer, text)).toBe(2);
  });

  it('is accepted from another account, on another post, on no post, or in another letter case', async () => {
    const text = fresh('Same words');
    await newComment(writer, text);

    expect((await comment(other, text, POST)).statusCode).toBe(201);
    expect((await comment(writer, text, OTHER_POST)).statusCode).toBe(201);
    expect((await comment(writer, text)).statusCode).toBe(201);
    expect((await comment(writer, text.toUpperCase(), POST)).statusCode).toBe(201);
    expect(await written(writer, text)).toBe(3);
    expect(await written(other, text)).toBe(1);
  });

  it('is refused on no post too, when the first went to no post', async () => {
    const text = fresh('Posted nowhere');
    expect((await comment(writer, text)).statusCode).toBe(201);

    expect((await comment(writer, text)).statusCode).toBe(409);
    expect(await written(writer, text)).toBe(1);
  });

  it('is accepted after its author deleted the first', async () => {
    const text = fresh('Typo fixed, then put back');
    const first = await newComment(writer, text);
    expect((await send(app, 'DELETE', `/api/comments/${first.id}`, writer)).statusCode).toBe(200);

    expect((await comment(writer, text, POST)).statusCode).toBe(201);
  });

  it('makes one comment and one 409 when both copies arrive at once', async () => {
    const text = fresh('Double click');
    const answers = await Promise.all([comment(writer, text, POST), comment(writer, text, POST)]);

    expect(answers.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((response) => response.statusCode === 409)?.json()).toEqual({ message: REPEATED });
    expect(await written(writer, text)).toBe(1);
  });
});

describe('a reply sent again', () => {
  it('is refused with 409 within a minute on the same comment, and accepted on another comment or by another account', async () => {
    const [first, second] = [await newComment(other, fresh('Any tips?')), await newComment(other, fresh('And parking?'))];
    const text = fresh('Check the tyres');
    expect((await reply(writer, first.id, text)).statusCode).toBe(201);

    const again = await reply(writer, first.id, ` ${text} `);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: REPEATED });
    expect((await reply(writer, second.id, text)).statusCode).toBe(201);
    expect((await reply(other, first.id, text)).statusCode).toBe(201);
    expect(await written(writer, text)).toBe(2);

    clock.advance(MINUTE_MS);
    const later = await reply(writer, first.id, text);
    expect(later.statusCode).toBe(201);
    expect(later.json<Reply>().content).toBe(text);
  });

  it('makes one reply and one 409 when both copies arrive at once', async () => {
    const parent = await newComment(other, fresh('Which city?'));
    const text = fresh('Pune');
    const answers = await Promise.all([reply(writer, parent.id, text), reply(writer, parent.id, text)]);

    expect(answers.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect(await written(writer, text)).toBe(1);
  });
});
