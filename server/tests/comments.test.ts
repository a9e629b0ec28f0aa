import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, Comment, Reply } from '#domain/contract';
import { blogPosts } from '#data/blogs';
import { comments } from '../src/db/schema';
import { buildTestApp, closeTestApp, registerAndSignIn, signIn } from './helpers';

const admin = { email: 'admin@wheelsonweb.in', username: 'admin', password: 'admin-password-1' };

let app: FastifyInstance;
let user: string;
let owner: string;
let adminCookie: string;

beforeAll(async () => {
  app = await buildTestApp({ admin });
  [user, owner, adminCookie] = await Promise.all([
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'owner'),
    signIn(app, admin.email, admin.password),
  ]);
});
afterAll(() => closeTestApp(app));

const [firstPost] = blogPosts;
const FIRST_SLUG = 'the-best-way-to-drive-cars';
const SECOND_SLUG = 'if-you-are-renting-a-car';

function postComment(cookie: string | undefined, payload: object) {
  return app.inject({
    method: 'POST',
    url: '/api/comments/get-comment',
    payload,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

function postReply(cookie: string | undefined, commentId: string, payload: object) {
  return app.inject({
    method: 'POST',
    url: `/api/comments/get-reply/${commentId}`,
    payload,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/** As a client that is not a browser page must: naming a JSON body, here none. */
function deleteComment(cookie: string | undefined, id: string) {
  return app.inject({
    method: 'DELETE',
    url: `/api/comments/${id}`,
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
  });
}

async function usernameOf(cookie: string): Promise<string> {
  const session = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie } });
  return session.json<{ user: { username: string } }>().user.username;
}

async function listComments(post?: string): Promise<Comment[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/comments/get-comment',
    ...(post ? { query: { post } } : {}),
  });
  expect(response.statusCode).toBe(200);
  return response.json<Comment[]>();
}

describe('GET /api/comments/get-comment/{slug}', () => {
  it('answers the post named by its title, as the app links it', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/comments/get-comment/${encodeURIComponent(firstPost!.title)}`,
    });
    expect(response.statusCode).toBe(200);
    const post = response.json<BlogPost>();
    expect(post).toEqual({
      _id: post.id,
      id: expect.any(String),
      slug: FIRST_SLUG,
      title: firstPost!.title,
      author: firstPost!.author,
      date: firstPost!.date,
      time: firstPost!.time,
      imgUrl: firstPost!.imgUrl,
      description: firstPost!.description,
      quote: firstPost!.quote,
    });
  });

  it('answers the same post for its slug in any letter case', async () => {
    const byTitle = await app.inject({ method: 'GET', url: `/api/comments/get-comment/${encodeURIComponent(firstPost!.title)}` });
    const bySlug = await app.inject({ method: 'GET', url: `/api/comments/get-comment/${FIRST_SLUG.toUpperCase()}` });
    expect(bySlug.statusCode).toBe(200);
    expect(bySlug.json()).toEqual(byTitle.json());
  });

  it('answers 404 for a post that does not exist', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/comments/get-comment/no-such-post' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'There is no such blog post.' });
  });
});

describe('POST /api/comments/get-comment', () => {
  it('answers 401 when signed out, and saves nothing', async () => {
    const response = await postComment(undefined, { content: 'Anonymous words', post: SECOND_SLUG });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in first.' });
    expect((await listComments(SECOND_SLUG)).map((c) => c.content)).not.toContain('Anonymous words');
  });

  it("answers 201 with the comment under the account's username", async () => {
    const response = await postComment(user, { content: '  Great tips!  ', post: firstPost!.title });
    expect(response.statusCode).toBe(201);
    const comment = response.json<Comment>();
    expect(comment).toEqual({
      _id: comment.id,
      id: expect.any(String),
      post: FIRST_SLUG,
      author: await usernameOf(user),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      content: 'Great tips!',
      deleted: false,
      replies: [],
    });
  });

  it.each([['WheelsOnWeb Support'], ['Arjun Mehta (Owner)'], ['a'.repeat(51)]])(
    'ignores the author %s that the body names, for a comment and a reply alike',
    async (author) => {
      // A text of its own each time: the same text again within a minute is refused as a repeat.
      const content = `As an owner, agreed. ${randomUUID()}`;
      const comment = await postComment(owner, { content, author, post: FIRST_SLUG });
      expect(comment.statusCode).toBe(201);
      const reply = await postReply(user, comment.json<Comment>().id, { content: 'Thanks!', author });
      expect(reply.statusCode).toBe(201);

      const listed = (await listComments(FIRST_SLUG)).find((c) => c.id === comment.json<Comment>().id);
      expect(listed?.author).toBe(await usernameOf(owner));
      expect(listed?.replies.map((r) => r.author)).toEqual([await usernameOf(user)]);
      expect(JSON.stringify(await listComments())).not.toContain(author);
    },
  );

  it("accepts a comment that names no post, as the spec's form sends it", async () => {
    const response = await postComment(user, { content: 'General remark', author: 'Visitor' });
    expect(response.statusCode).toBe(201);
    expect(response.json<Comment>().post).toBe('');
  });

  it.each([
    ['empty content', { content: '   ' }, /^Comment must not be empty/],
    ['missing content', {}, /^Comment is required/],
    ['content over 2,000 characters', { content: 'c'.repeat(2001) }, /^Comment must be at most 2000 characters/],
    ['content that is not text', { content: 12 }, /^Comment must be text/],
  ])('answers 400 for %s', async (_case, payload, message) => {
    const response = await postComment(user, { post: FIRST_SLUG, ...payload });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });

  it('answers 404 for a post that does not exist', async () => {
    const response = await postComment(user, { content: 'Hello', post: 'no-such-post' });
    expect(response.statusCode).toBe(404);
  });
});

describe('POST /api/comments/get-reply/{commentId}', () => {
  it('answers 201 with the reply, which then shows under its comment', async () => {
    const comment = (await postComment(user, { content: 'Question?', post: SECOND_SLUG })).json<Comment>();
    const response = await postReply(owner, comment.id, { content: 'Answer.' });
    expect(response.statusCode).toBe(201);
    const reply = response.json<Reply>();
    expect(reply).toEqual({
      _id: reply.id,
      id: expect.any(String),
      author: await usernameOf(owner),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      content: 'Answer.',
      deleted: false,
    });
    const listed = (await listComments(SECOND_SLUG)).find((c) => c.id === comment.id);
    expect(listed?.replies).toEqual([reply]);
  });

  it('answers 401 when signed out', async () => {
    const comment = (await postComment(user, { content: 'Reply to me', post: SECOND_SLUG })).json<Comment>();
    const response = await postReply(undefined, comment.id, { content: 'Sneaky' });
    expect(response.statusCode).toBe(401);
  });

  it('answers 404 for an unknown comment and for a reply (replies have no replies)', async () => {
    const unknown = await postReply(user, '00000000-0000-4000-8000-000000000000', { content: 'Hi' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'There is no such comment.' });
    const comment = (await postComment(user, { content: 'Parent', post: SECOND_SLUG })).json<Comment>();
    const reply = (await postReply(user, comment.id, { content: 'Child' })).json<Reply>();
    expect((await postReply(user, reply.id, { content: 'Grandchild' })).statusCode).toBe(404);
  });

  it('answers 409 for a deleted comment, which takes no more replies', async () => {
    const comment = (await postComment(user, { content: 'Soon gone', post: SECOND_SLUG })).json<Comment>();
    await deleteComment(user, comment.id);
    const response = await postReply(owner, comment.id, { content: 'Too late' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This comment was deleted, so it takes no more replies.' });
    expect((await listComments(SECOND_SLUG)).find((c) => c.id === comment.id)?.replies).toEqual([]);
  });

  it('answers 400 for a malformed comment id and for empty content', async () => {
    const malformed = await postReply(user, 'abc', { content: 'Hi' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toMatch(/^Comment id is not valid/);
    const comment = (await postComment(user, { content: 'Parent', post: SECOND_SLUG })).json<Comment>();
    const empty = await postReply(user, comment.id, { content: '' });
    expect(empty.statusCode).toBe(400);
  });
});

describe('GET /api/comments/get-comment', () => {
  it("lists one post's comments oldest first, each with its replies oldest first", async () => {
    const say = async (content: string, post: string) => (await postComment(user, { content, post })).json<Comment>().id;
    const first = await say('first', FIRST_SLUG);
    const elsewhere = await say('elsewhere', SECOND_SLUG);
    const second = await say('second', FIRST_SLUG);
    for (const content of ['reply 1', 'reply 2']) await postReply(owner, first, { content });
    const mine = (list: Comment[]) => list.filter((c) => [first, elsewhere, second].includes(c.id));

    const forPost = await listComments(FIRST_SLUG);
    expect(forPost.every((c) => c.post === FIRST_SLUG)).toBe(true);
    expect(mine(forPost).map((c) => c.content)).toEqual(['first', 'second']);
    expect(mine(forPost)[0]!.replies.map((r) => r.content)).toEqual(['reply 1', 'reply 2']);
    expect(mine(await listComments()).map((c) => c.content)).toEqual(['first', 'elsewhere', 'second']);
  });

  it('lists replies in the order they were written, not stored, and replies written at one instant by id', async () => {
    const parent = (await postComment(user, { content: 'a busy thread', post: SECOND_SLUG })).json<Comment>();
    const at = (seconds: number) => new Date(Date.parse(parent.date) + seconds * 1000);
    const [lowerId, higherId] = [randomUUID(), randomUUID()].sort();
    await app.db.insert(comments).values([
      { parentId: parent.id, author: 'reader', content: 'written second', createdAt: at(2) },
      { parentId: parent.id, author: 'reader', content: 'written first', createdAt: at(1) },
      { id: higherId, parentId: parent.id, author: 'reader', content: 'same instant, higher id', createdAt: at(3) },
      { id: lowerId, parentId: parent.id, author: 'reader', content: 'same instant, lower id', createdAt: at(3) },
    ]);
    const expected = ['written first', 'written second', 'same instant, lower id', 'same instant, higher id'];
    const listed = (await listComments(SECOND_SLUG)).find((comment) => comment.id === parent.id);
    expect(listed?.replies.map((reply) => reply.content)).toEqual(expected);
    expect(listed?.replies.map((reply) => reply.date)).toEqual([at(1), at(2), at(3), at(3)].map((date) => date.toISOString()));
    const paged = await app.inject({ method: 'GET', url: `/api/comments/get-comment?post=${SECOND_SLUG}&page=1&pageSize=100` });
    const onPage = paged.json<{ data: Comment[] }>().data.find((comment) => comment.id === parent.id);
    expect(onPage?.replies.map((reply) => reply.content)).toEqual(expected);
  });

  it('answers 404 for an unknown post', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/comments/get-comment?post=nope' });
    expect(response.statusCode).toBe(404);
  });
});

describe('DELETE /api/comments/{id}', () => {
  /** A comment by `user` with replies by `owner` and `user`, as listed. */
  async function thread(content: string): Promise<Comment> {
    const comment = (await postComment(user, { content, post: FIRST_SLUG })).json<Comment>();
    await postReply(owner, comment.id, { content: "An owner's answer" });
    await postReply(user, comment.id, { content: 'A follow-up' });
    const listed = (await listComments(FIRST_SLUG)).find((c) => c.id === comment.id);
    if (!listed) throw new Error('the comment is not listed');
    return listed;
  }

  it("deletes the author's own comment: it reads [deleted] in every answer and keeps its place and its replies", async () => {
    const before = await thread('My secret plans for Goa');
    const response = await deleteComment(user, before.id);
    expect(response.statusCode).toBe(200);
    const after = { ...before, content: '[deleted]', deleted: true };
    expect(response.json()).toEqual(after);

    expect((await listComments(FIRST_SLUG)).find((c) => c.id === before.id)).toEqual(after);
    const paged = await app.inject({
      method: 'GET',
      url: '/api/comments/get-comment',
      query: { post: FIRST_SLUG, page: '1', pageSize: '100' },
    });
    expect(paged.body).toContain(before.id);
    for (const body of [paged.body, JSON.stringify(await listComments())]) {
      expect(body).not.toContain('My secret plans for Goa');
    }
  });

  it('deletes an own reply and leaves its comment and the other replies as they were', async () => {
    const before = await thread('Tyre pressure?');
    const [ownersReply, usersReply] = before.replies;
    const response = await deleteComment(user, usersReply!.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...usersReply, content: '[deleted]', deleted: true });
    expect((await listComments(FIRST_SLUG)).find((c) => c.id === before.id)).toEqual({
      ...before,
      replies: [ownersReply, { ...usersReply, content: '[deleted]', deleted: true }],
    });
  });

  it('answers a second deletion with the comment as it stands', async () => {
    const before = await thread('Twice');
    const first = await deleteComment(user, before.id);
    const second = await deleteComment(user, before.id);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
  });

  it("answers 403 for someone else's comment or reply, and changes nothing", async () => {
    const before = await thread('Not yours to delete');
    for (const [cookie, id] of [
      [owner, before.id],
      [owner, before.replies[1]!.id],
      [user, before.replies[0]!.id],
    ] as const) {
      const response = await deleteComment(cookie, id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'You can only delete your own comments.' });
    }
    expect((await listComments(FIRST_SLUG)).find((c) => c.id === before.id)).toEqual(before);
  });

  it("refuses an admin someone else's comment and reply here, pointing to the console, and changes nothing", async () => {
    const before = await thread('Spam from a shady link');
    for (const id of [before.replies[0]!.id, before.id]) {
      const response = await deleteComment(adminCookie, id);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message:
          "You can only delete your own comments: remove someone else's from the admin console, where the reason is recorded.",
      });
    }
    expect((await listComments(FIRST_SLUG)).find((c) => c.id === before.id)).toEqual(before);
  });

  it('answers 404 for a comment that does not exist, 400 for a malformed id and 401 signed out', async () => {
    const unknown = await deleteComment(user, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'There is no such comment.' });

    const malformed = await deleteComment(user, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The id is not valid.' });

    const before = await thread('Signed out cannot delete');
    const signedOut = await deleteComment(undefined, before.id);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Please sign in first.' });
    expect((await listComments(FIRST_SLUG)).find((c) => c.id === before.id)).toEqual(before);
  });
});
