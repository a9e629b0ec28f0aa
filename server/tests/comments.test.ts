import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlogPost, Comment, Reply } from '#domain/contract';
import { blogPosts } from '#data/blogs';
import { buildTestApp, closeTestApp, registerAndSignIn } from './helpers';

let app: FastifyInstance;
let user: string;
let owner: string;

beforeAll(async () => {
  app = await buildTestApp();
  [user, owner] = await Promise.all([registerAndSignIn(app, 'user'), registerAndSignIn(app, 'owner')]);
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

  it('answers 201 with the comment, its author defaulting to the username', async () => {
    const response = await postComment(user, { content: '  Great tips!  ', post: firstPost!.title });
    expect(response.statusCode).toBe(201);
    const comment = response.json<Comment>();
    const session = await app.inject({ method: 'GET', url: '/api/session', headers: { cookie: user } });
    expect(comment).toEqual({
      _id: comment.id,
      id: expect.any(String),
      post: FIRST_SLUG,
      author: session.json<{ user: { username: string } }>().user.username,
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      content: 'Great tips!',
      replies: [],
    });
  });

  it('uses the author the form sends, from any role', async () => {
    const response = await postComment(owner, { content: 'As an owner, agreed.', author: 'Priya S.', post: FIRST_SLUG });
    expect(response.statusCode).toBe(201);
    expect(response.json<Comment>().author).toBe('Priya S.');
  });

  it("accepts a comment that names no post, as the spec's form sends it", async () => {
    const response = await postComment(user, { content: 'General remark', author: 'Visitor' });
    expect(response.statusCode).toBe(201);
    expect(response.json<Comment>().post).toBe('');
  });

  it.each([
    ['empty content', { content: '   ' }, /content/i],
    ['missing content', {}, /content is required/i],
    ['content over 2,000 characters', { content: 'c'.repeat(2001) }, /content.*2000/i],
    ['an author over 50 characters', { content: 'ok', author: 'a'.repeat(51) }, /author/i],
    ['content that is not text', { content: 12 }, /content/i],
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
      author: expect.any(String),
      date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      content: 'Answer.',
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

  it('answers 400 for a malformed comment id and for empty content', async () => {
    const malformed = await postReply(user, 'abc', { content: 'Hi' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ message: string }>().message).toMatch(/commentId/i);
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

  it('answers 404 for an unknown post', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/comments/get-comment?post=nope' });
    expect(response.statusCode).toBe(404);
  });
});
