import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminActionPage,
  AdminContent,
  AdminContentPage,
  Booking,
  BookingReceipt,
  Comment,
  PagedAnswer,
  PublicCar,
  Reply,
  Review,
} from '#domain/contract';
import { blogPosts } from '#data/blogs';
import { DELETED_CONTENT, REMOVED_CONTENT } from '#domain/schemas/comments';
import { slugify } from '#domain/slug';
import { bookings, comments, reviews } from '../src/db/schema';
import { listBoundsTests, person, type Person } from './admin-helpers';
import { accountId, buildTestApp, closeTestApp, signIn } from './helpers';
import { act, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';

const REASON_REQUIRED = 'Reason is required: say why, in 1 to 500 characters.';

const admin = { email: 'moderator@wheelsonweb.in', username: 'moderator', password: 'admin-password-1' };
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const NOBODY = '00000000-0000-4000-8000-000000000000';
const [post] = blogPosts;
if (!post) throw new Error('the catalogue has no blog post');
const POST_SLUG = slugify(post.title);

let app: FastifyInstance;
let adminCookie: string;
let adminId: string;

let renter: Person;
let owner: Person;
let carId: string;

beforeAll(async () => {
  app = await buildTestApp({ admin });
  adminCookie = await signIn(app, admin.email, admin.password);
  adminId = await accountId(app, adminCookie);
  [renter, owner] = [await person(app, 'user'), await person(app, 'owner')];
  carId = (await listCar(app, owner.cookie, 'Moderated Baleno', 800)).id;
});
afterAll(() => closeTestApp(app));

async function ok<T>(method: 'GET' | 'DELETE', url: string, cookie = adminCookie, payload?: unknown): Promise<T> {
  const response = await send(app, method, url, cookie, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const list = (query = '') => ok<AdminContentPage>('GET', `/api/admin/comments${query}`);
const auditOf = (objectType: 'comment' | 'review', id: string) =>
  ok<AdminActionPage>('GET', `/api/admin/audit?objectType=${objectType}&objectId=${id}`);
const removeComment = (id: string, payload: unknown = { reason: 'Abusive.' }, cookie = adminCookie) =>
  send(app, 'DELETE', `/api/admin/comments/${id}`, cookie, payload);
const removeReview = (id: string, payload: unknown = { reason: 'Not about the car.' }, cookie = adminCookie) =>
  send(app, 'DELETE', `/api/admin/reviews/${id}`, cookie, payload);

async function comment(cookie: string, content: string, onPost = true): Promise<Comment> {
  const response = await send(
    app,
    'POST',
    '/api/comments/get-comment',
    cookie,
    onPost ? { content, post: POST_SLUG } : { content },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Comment>();
}

async function reply(cookie: string, commentId: string, content: string): Promise<Reply> {
  const response = await send(app, 'POST', `/api/comments/get-reply/${commentId}`, cookie, { content });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Reply>();
}

async function postComments(query = `?post=${POST_SLUG}`): Promise<Comment[]> {
  return ok<Comment[]>('GET', `/api/comments/get-comment${query}`, '');
}

/** A day of its own for every booking, ahead and (once moved) behind, so accepted periods never overlap. */
let nextDay = 2;
let daysBack = 1;

/**
 * The renter's review of an accepted trip of the car, its period moved into the past (the trip
 * completed) as reviews.test.ts does, shown by the owner's rating of the renter.
 */
async function reviewed(rating: number, text?: string): Promise<{ review: Review; booking: Booking }> {
  const day = nextDay++;
  const booking = await requestBooking(app, renter.cookie, {
    carName: carId,
    from: indiaTime(day, '09:00'),
    to: indiaTime(day, '17:00'),
    driver: false,
  });
  expect((await act(app, owner.cookie, booking.id, 'accept')).statusCode).toBe(200);
  const endsAt = new Date(Date.now() - HOUR_MS - daysBack++ * DAY_MS);
  await app.db
    .update(bookings)
    .set({ startsAt: new Date(endsAt.getTime() - 8 * HOUR_MS), endsAt, expiresAt: endsAt, completesAt: endsAt })
    .where(eq(bookings.id, booking.id));
  const response = await send(app, 'POST', `/api/bookings/${booking.id}/review`, renter.cookie, {
    rating,
    ...(text === undefined ? {} : { comment: text }),
  });
  expect(response.statusCode, response.body).toBe(201);
  // It waited for the owner's rating of the renter; with that in, it shows as below.
  const { pendingUntil, ...shown } = response.json<Review>();
  expect(pendingUntil).toEqual(expect.any(String));
  const rated = await send(app, 'POST', `/api/bookings/${booking.id}/renter-review`, owner.cookie, { rating: 4 });
  expect(rated.statusCode, rated.body).toBe(201);
  return { review: shown, booking };
}

const publicCar = () => ok<PublicCar>('GET', `/api/cars/${carId}`, '');
const carReviews = () => ok<PagedAnswer<Review>>('GET', `/api/cars/${carId}/reviews?pageSize=100`, '');

describe('/api/admin/comments and /api/admin/reviews for each role', () => {
  it('answers an admin and refuses owners and renters (403) and the signed out (401)', async () => {
    const target = await comment(renter.cookie, 'A comment for the role table.');
    const { review } = await reviewed(4, 'For the role table.');
    const requests: Array<[string, 'GET' | 'DELETE', string, unknown]> = [
      ['the list', 'GET', '/api/admin/comments', undefined],
      ['removing a comment', 'DELETE', `/api/admin/comments/${target.id}`, { reason: 'Role table.' }],
      ['removing a review', 'DELETE', `/api/admin/reviews/${review.id}`, { reason: 'Role table.' }],
    ];
    for (const [name, method, url, payload] of requests) {
      const answers = await Promise.all(
        [owner.cookie, renter.cookie, undefined].map((cookie) => send(app, method, url, cookie, payload)),
      );
      expect(
        answers.map((answer) => answer.statusCode),
        name,
      ).toEqual([403, 403, 401]);
      expect((await send(app, method, url, adminCookie, payload)).statusCode, name).toBe(200);
    }
    // Refused before anything was looked at: the refused removals changed nothing and wrote nothing.
    expect((await auditOf('comment', target.id)).total).toBe(1);
    expect((await auditOf('review', review.id)).total).toBe(1);
  });
});

describe('GET /api/admin/comments', () => {
  it('lists comments, replies and reviews together, newest first, each with what it is on', async () => {
    const commenter = await person(app, 'user');
    const first = await comment(commenter.cookie, 'On the post, first.');
    const answered = await reply(owner.cookie, first.id, 'A reply by the owner.');
    const loose = await comment(commenter.cookie, 'On no post at all.', false);
    const { review } = await reviewed(5, 'Smooth ride.');

    const page = await list();
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.data.slice(0, 4).map((entry) => entry.id)).toEqual([review.id, loose.id, answered.id, first.id]);
    expect(page.data.slice(0, 4)).toEqual([
      {
        _id: review.id,
        id: review.id,
        kind: 'review',
        author: renter.username,
        text: 'Smooth ride.',
        rating: 5,
        on: { type: 'car', id: carId, kind: 'listed', carName: 'Moderated Baleno' },
        state: 'shown',
        createdAt: review.createdAt,
      },
      expect.objectContaining({
        kind: 'comment',
        author: commenter.username,
        text: 'On no post at all.',
        rating: null,
        on: { type: 'none' },
      }),
      expect.objectContaining({
        kind: 'reply',
        author: owner.username,
        text: 'A reply by the owner.',
        on: { type: 'post', title: post.title, slug: POST_SLUG },
        state: 'shown',
      }),
      expect.objectContaining({ kind: 'comment', on: { type: 'post', title: post.title, slug: POST_SLUG } }),
    ]);
  });

  it('searches the text and the author in any case, and filters by kind and state', async () => {
    const searcher = await person(app, 'user');
    const kept = await comment(searcher.cookie, 'Zebra-crossing PARKING was easy.');
    const gone = await comment(searcher.cookie, 'Will delete this zebra one.');
    expect((await send(app, 'DELETE', `/api/comments/${gone.id}`, searcher.cookie)).statusCode).toBe(200);

    const byText = await list('?q=zebra-CROSSING');
    expect(byText.data.map((entry) => entry.id)).toEqual([kept.id]);
    // A deleted comment's text is not kept: it is found by its author, and reads as readers see it.
    const byAuthor = await list(`?q=${searcher.username.toUpperCase()}`);
    expect(byAuthor.data.map((entry) => [entry.id, entry.state, entry.text])).toEqual([
      [gone.id, 'deleted', DELETED_CONTENT],
      [kept.id, 'shown', 'Zebra-crossing PARKING was easy.'],
    ]);
    expect((await list('?q=%25')).total).toBe(0);

    const deleted = await list(`?q=${searcher.username}&state=deleted`);
    expect(deleted.data.map((entry) => entry.id)).toEqual([gone.id]);
    const reviewsOnly = await list('?kind=review');
    expect(reviewsOnly.total).toBeGreaterThan(0);
    expect(reviewsOnly.data.every((entry) => entry.kind === 'review')).toBe(true);
    const replies = await list('?kind=reply&q=');
    expect(replies.data.every((entry) => entry.kind === 'reply')).toBe(true);
    expect(await list('?kind=review&state=deleted')).toEqual({ data: [], total: 0, page: 1, pageSize: 50 });
  });

  it('pages past 50 in the database, the second page going on where the first stopped', async () => {
    const start = Date.now() - 60 * DAY_MS;
    await app.db.insert(comments).values(
      Array.from({ length: 55 }, (_, i) => ({
        author: 'pager',
        content: `Paging marker ${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    const first = await list('?q=paging%20marker');
    expect(first.total).toBe(55);
    expect(first.data).toHaveLength(50);
    expect(first.data[0]?.text).toBe('Paging marker 54');
    const second = await list('?q=paging%20marker&page=2');
    expect(second).toMatchObject({ total: 55, page: 2, pageSize: 50 });
    expect(second.data.map((entry) => entry.text)).toEqual([4, 3, 2, 1, 0].map((i) => `Paging marker ${i}`));
    expect((await list('?q=paging%20marker&page=3')).data).toEqual([]);
  });

  listBoundsTests('/api/admin/comments', (url) => send(app, 'GET', url, adminCookie), [
    ['kind=post', undefined],
    ['state=hidden', undefined],
  ]);
});

describe('DELETE /api/admin/comments/{id}', () => {
  it('makes a comment read "[removed by an admin]" everywhere, keeps its replies, and writes one audit row with its text', async () => {
    const target = await comment(renter.cookie, 'Call 98765 43210 for cheap cars!');
    const kept = await reply(owner.cookie, target.id, 'Please do not post numbers.');

    const response = await removeComment(target.id, { reason: '  Spam with a phone number.  ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminContent>()).toEqual({
      _id: target.id,
      id: target.id,
      kind: 'comment',
      author: renter.username,
      text: REMOVED_CONTENT,
      rating: null,
      on: { type: 'post', title: post.title, slug: POST_SLUG },
      state: 'removed',
      createdAt: target.date,
    });

    const shown = (await postComments()).find((entry) => entry.id === target.id);
    expect(shown).toMatchObject({ content: REMOVED_CONTENT, deleted: true, replies: [{ id: kept.id, content: kept.content }] });
    const paged = await ok<PagedAnswer<Comment>>('GET', `/api/comments/get-comment?post=${POST_SLUG}&page=1&pageSize=100`, '');
    expect(paged.data.find((entry) => entry.id === target.id)?.content).toBe(REMOVED_CONTENT);
    expect(JSON.stringify(await postComments())).not.toContain('98765');
    // The text is not kept in the comment itself: only the audit row has it.
    const [stored] = await app.db.select().from(comments).where(eq(comments.id, target.id));
    expect(stored).toMatchObject({ content: REMOVED_CONTENT, removedAt: expect.any(Date), deletedAt: expect.any(Date) });

    const audit = await auditOf('comment', target.id);
    expect(audit.data).toEqual([
      expect.objectContaining({
        admin: { id: adminId, username: admin.username },
        action: 'comment.remove',
        objectType: 'comment',
        objectId: target.id,
        objectName: renter.username,
        reason: 'Spam with a phone number.',
        before: { state: 'shown', text: 'Call 98765 43210 for cheap cars!' },
        after: { state: 'removed' },
      }),
    ]);

    // Removed already: answered as it stands, with nothing written.
    const again = await removeComment(target.id, { reason: 'Twice.' });
    expect(again.statusCode).toBe(200);
    expect(again.json<AdminContent>().state).toBe('removed');
    expect((await auditOf('comment', target.id)).total).toBe(1);
  });

  it('leaves a removed comment as it is: no more replies, and its author deleting it does not make it read "[deleted]"', async () => {
    const target = await comment(renter.cookie, 'Rude words.');
    expect((await removeComment(target.id)).statusCode).toBe(200);
    const replying = await send(app, 'POST', `/api/comments/get-reply/${target.id}`, owner.cookie, { content: 'Hello?' });
    expect(replying.statusCode).toBe(409);
    const byAuthor = await send(app, 'DELETE', `/api/comments/${target.id}`, renter.cookie);
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json<Comment>()).toMatchObject({ content: REMOVED_CONTENT, deleted: true });
    expect((await postComments()).find((entry) => entry.id === target.id)?.content).toBe(REMOVED_CONTENT);
  });

  it('removes a reply, leaving its comment as it was', async () => {
    const parent = await comment(owner.cookie, 'Which city has the most cars?');
    const target = await reply(renter.cookie, parent.id, 'An insult.');
    const response = await removeComment(target.id);
    expect(response.json<AdminContent>()).toMatchObject({
      kind: 'reply',
      text: REMOVED_CONTENT,
      state: 'removed',
      on: { type: 'post', slug: POST_SLUG },
    });
    const shown = (await postComments()).find((entry) => entry.id === parent.id);
    expect(shown).toMatchObject({
      content: 'Which city has the most cars?',
      deleted: false,
      replies: [{ id: target.id, content: REMOVED_CONTENT, deleted: true }],
    });
  });

  it('removes a comment its author already deleted: it then reads as removed', async () => {
    const target = await comment(renter.cookie, 'Deleted first.');
    expect((await send(app, 'DELETE', `/api/comments/${target.id}`, renter.cookie)).statusCode).toBe(200);
    const response = await removeComment(target.id, { reason: 'Kept off the post for good.' });
    expect(response.json<AdminContent>()).toMatchObject({ state: 'removed', text: REMOVED_CONTENT });
    expect((await auditOf('comment', target.id)).data).toEqual([
      expect.objectContaining({ before: { state: 'deleted', text: DELETED_CONTENT }, after: { state: 'removed' } }),
    ]);
  });

  it('refuses an unknown id (404), a review’s id (404), a bad id and a missing, blank or long reason (400), changing nothing', async () => {
    const target = await comment(renter.cookie, 'Still here.');
    const { review } = await reviewed(3);
    for (const id of [NOBODY, review.id]) {
      const unknown = await removeComment(id);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'No comment or reply has this id.' });
    }
    expect((await removeComment('not-an-id')).statusCode).toBe(400);
    const tooLong = await removeComment(target.id, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: 'Reason must be 1 to 500 characters.' });
    // A blank reason, none, and no body at all.
    for (const payload of [{ reason: '   ' }, {}, undefined]) {
      const refused = await send(app, 'DELETE', `/api/admin/comments/${target.id}`, adminCookie, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: REASON_REQUIRED });
    }
    expect((await postComments()).find((entry) => entry.id === target.id)).toMatchObject({
      content: 'Still here.',
      deleted: false,
    });
    expect((await auditOf('comment', target.id)).total).toBe(0);
    expect((await removeComment(target.id, { reason: 'x'.repeat(500) })).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/reviews/{id}', () => {
  it("takes the review's rating out of the car's average and count, and its text and reply off the car and the booking", async () => {
    const { review: kept } = await reviewed(5, 'Lovely.');
    const { review: target, booking } = await reviewed(1, 'The owner is a crook, call 99999 00000.');
    expect((await send(app, 'POST', `/api/reviews/${target.id}/reply`, owner.cookie, { content: 'Untrue!' })).statusCode).toBe(
      201,
    );
    const before = await publicCar();

    const response = await removeReview(target.id, { reason: 'Personal attack.' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminContent>()).toEqual({
      _id: target.id,
      id: target.id,
      kind: 'review',
      author: renter.username,
      text: REMOVED_CONTENT,
      rating: 1,
      on: { type: 'car', id: carId, kind: 'listed', carName: 'Moderated Baleno' },
      state: 'removed',
      createdAt: target.createdAt,
    });

    const after = await publicCar();
    expect(after.ratingCount).toBe((before.ratingCount ?? 0) - 1);
    const shownReviews = (await carReviews()).data;
    const counted = shownReviews.filter((item) => !item.removed).map((item) => item.rating);
    expect(after.ratingAverage).toBe(Math.round((counted.reduce((sum, n) => sum + n, 0) / counted.length) * 10) / 10);
    expect(after.ratingAverage).toBeGreaterThan(before.ratingAverage ?? 0);

    const removed = { ...target, comment: REMOVED_CONTENT, removed: true };
    expect(shownReviews.find((item) => item.id === target.id)).toEqual(removed);
    expect(shownReviews.find((item) => item.id === kept.id)).toEqual(kept);
    const receipt = await ok<BookingReceipt>('GET', `/api/bookings/${booking.id}`, renter.cookie);
    expect(receipt.review).toEqual(removed);
    const [stored] = await app.db.select().from(reviews).where(eq(reviews.id, target.id));
    expect(stored).toMatchObject({ comment: null, reply: null, repliedAt: null, rating: 1, removedAt: expect.any(Date) });

    expect((await auditOf('review', target.id)).data).toEqual([
      expect.objectContaining({
        action: 'review.remove',
        objectType: 'review',
        objectName: renter.username,
        reason: 'Personal attack.',
        before: { state: 'shown', text: 'The owner is a crook, call 99999 00000.', reply: 'Untrue!' },
        after: { state: 'removed' },
      }),
    ]);
    const listed = await list('?kind=review&state=removed');
    expect(listed.data.find((entry) => entry.id === target.id)).toMatchObject({ text: REMOVED_CONTENT, rating: 1 });

    // Removed already: answered as it stands, with nothing written; and the owner can no longer reply.
    expect((await removeReview(target.id, { reason: 'Again.' })).json<AdminContent>().state).toBe('removed');
    expect((await auditOf('review', target.id)).total).toBe(1);
    const replying = await send(app, 'POST', `/api/reviews/${target.id}/reply`, owner.cookie, { content: 'Still untrue.' });
    expect(replying.statusCode).toBe(409);
    expect(replying.json()).toEqual({ message: 'This review was removed by an admin, so it takes no reply.' });
  });

  it('refuses an unknown id (404), a comment’s id (404), a bad id and a long reason (400), changing nothing', async () => {
    const { review } = await reviewed(2, 'Meh.');
    const other = await comment(renter.cookie, 'Not a review.');
    for (const id of [NOBODY, other.id]) {
      const unknown = await removeReview(id);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'No review has this id.' });
    }
    expect((await removeReview('not-an-id')).statusCode).toBe(400);
    expect((await removeReview(review.id, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await removeReview(review.id, {})).json()).toEqual({ message: REASON_REQUIRED });
    expect((await carReviews()).data.find((item) => item.id === review.id)).toEqual(review);
    expect((await auditOf('review', review.id)).total).toBe(0);
  });
});
