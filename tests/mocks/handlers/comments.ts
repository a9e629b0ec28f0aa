import { http, HttpResponse } from 'msw';
import { API } from '../api';
import { signedInAccount } from './accounts';
import { blogPosts } from '../../../src/data/blogs';
import { COMMENT_MAX } from '../../../src/domain/limits';
import { slugify } from '../../../src/domain/slug';
import type { BlogPost, Comment, ErrorBody, NewComment, NewReply, Reply } from '../../../src/domain/contract';

/** The sample posts as the server seeds them: the app's data module plus a slug and `_id`. */
const posts: BlogPost[] = blogPosts.map((post) => ({ ...post, _id: post.id, slug: slugify(post.title) }));

function seededComments(): Comment[] {
  return [
    {
      _id: 'comment-1',
      id: 'comment-1',
      post: posts[0].slug,
      author: 'Aarav Sharma',
      date: '2026-01-10T09:30:00.000Z',
      content: 'The three-second gap tip changed how I drive on the expressway.',
      replies: [
        { _id: 'reply-1', id: 'reply-1', author: 'Muhib', date: '2026-01-10T11:00:00.000Z', content: 'Glad it helped, safe travels!' },
      ],
    },
    {
      _id: 'comment-2',
      id: 'comment-2',
      post: posts[0].slug,
      author: 'Priya Nair',
      date: '2026-01-11T16:45:00.000Z',
      content: 'How often should I check the tyre pressure in summer?',
      replies: [],
    },
  ];
}

let comments: Comment[] = [];
let nextNumber = 1;

export function resetComments(): void {
  comments = seededComments();
  nextNumber = 1;
}

/** Every comment the fake holds, for tests that check a request really was (or was not) sent. */
export function storedComments(): readonly Comment[] {
  return comments;
}

function error(status: number, message: string) {
  return HttpResponse.json<ErrorBody>({ message }, { status });
}

/** Posts are addressed by slug or by title (as the app links them), in any letter case. */
function findPost(slugOrTitle: string): BlogPost | undefined {
  const wanted = slugify(slugOrTitle);
  return posts.find((post) => post.slug === wanted);
}

function contentProblem(content: unknown): string | undefined {
  if (typeof content !== 'string' || !content.trim()) return 'Please write something first.';
  if (content.length > COMMENT_MAX) return `Keep it under ${COMMENT_MAX} characters.`;
  return undefined;
}

export const commentHandlers = [
  http.get(`${API}/api/comments/get-comment/:slug`, ({ params }) => {
    const post = findPost(String(params.slug));
    return post ? HttpResponse.json(post) : error(404, 'No blog post has that name.');
  }),

  http.get(`${API}/api/comments/get-comment`, ({ request }) => {
    const postParam = new URL(request.url).searchParams.get('post');
    if (postParam === null) return HttpResponse.json(comments);
    const post = findPost(postParam);
    if (!post) return error(404, 'No blog post has that name.');
    return HttpResponse.json(comments.filter((c) => c.post === post.slug));
  }),

  http.post(`${API}/api/comments/get-comment`, async ({ request }) => {
    const account = signedInAccount();
    if (!account) return error(401, 'Please sign in to comment.');
    const body = (await request.json()) as Partial<NewComment>;
    const problem = contentProblem(body.content);
    if (problem) return error(400, problem);
    const post = body.post ? findPost(body.post) : undefined;
    if (body.post && !post) return error(404, 'No blog post has that name.');
    const id = `comment-new-${nextNumber++}`;
    const comment: Comment = {
      _id: id,
      id,
      post: post?.slug ?? '',
      author: body.author?.trim() || account.username,
      date: new Date().toISOString(),
      content: String(body.content),
      replies: [],
    };
    comments = [...comments, comment];
    return HttpResponse.json(comment, { status: 201 });
  }),

  http.post(`${API}/api/comments/get-reply/:commentId`, async ({ request, params }) => {
    const account = signedInAccount();
    if (!account) return error(401, 'Please sign in to reply.');
    const body = (await request.json()) as Partial<NewReply>;
    const problem = contentProblem(body.content);
    if (problem) return error(400, problem);
    const parent = comments.find((c) => c.id === params.commentId);
    if (!parent) return error(404, 'That comment no longer exists.');
    const id = `reply-new-${nextNumber++}`;
    const reply: Reply = {
      _id: id,
      id,
      author: body.author?.trim() || account.username,
      date: new Date().toISOString(),
      content: String(body.content),
    };
    comments = comments.map((c) => (c.id === parent.id ? { ...c, replies: [...c.replies, reply] } : c));
    return HttpResponse.json(reply, { status: 201 });
  }),
];
