import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pagedAnswer, pageWindow } from '#domain/schemas/answers';
import { BlogPost } from '#domain/schemas/blog';
import {
  BlogPostParams,
  Comment,
  CommentDeleteParams,
  CommentIdParams,
  CommentsQuery,
  DELETED_CONTENT,
  NewComment,
  NewReply,
  Reply,
} from '#domain/schemas/comments';
import { slugify } from '#domain/slug';
import { toBlogPost, toComment, toReply } from '../contract-shapes';
import type { Database } from '../db/client';
import { commentThreads } from '../db/comment-threads';
import { blogPosts, comments, type BlogPostRow } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { enforceQuota } from '../http/quotas';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';

const UNKNOWN_POST = 'There is no such blog post.';
const UNKNOWN_COMMENT = 'There is no such comment.';
const NOT_YOURS = 'You can only delete your own comments.';
const ADMIN_REMOVES_IN_CONSOLE =
  "You can only delete your own comments: remove someone else's from the admin console, where the reason is recorded.";
const DELETED_PARENT = 'This comment was deleted, so it takes no more replies.';
const TAGS = ['blog'];
const COMMENT_LIMIT_MEANING =
  'Too many comments and replies by this account in the last 10 minutes (20), or too many requests; Retry-After says when to try again.';

/** A post named by its title (as the app links it) or its slug, in any letter case. */
async function findPost(db: Database, name: string): Promise<BlogPostRow> {
  const [post] = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.slug, slugify(name)))
    .limit(1);
  if (!post) throw new HttpError(404, UNKNOWN_POST);
  return post;
}

/** The most comments the spec's bare list answers: the newest ones, so a busy post's list stays small. */
const BARE_LIST_MAX = 200;

/**
 * Top-level comments newest first (the id breaking ties), the window's share of them, each with its
 * replies oldest first; and how many there are in all.
 */
async function listComments(
  db: Database,
  post: BlogPostRow | undefined,
  window: { limit: number; offset: number },
): Promise<{ comments: Comment[]; total: number }> {
  // A comment on a post is top-level (comments_check), so a post's comments are counted and paged
  // off comments_post_idx alone.
  return commentThreads(db, post ? eq(comments.postId, post.id) : isNull(comments.parentId), window);
}

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/comments/get-comment/:slug',
    {
      config: { publicCache: 'blog' },
      schema: {
        tags: TAGS,
        summary: 'A blog post',
        description: "`slug` is the post's title (as the app links it) or its slug, in any letter case.",
        params: BlogPostParams,
        response: { 200: answer(BlogPost, 'The post.'), ...errors([400, 404], { 404: UNKNOWN_POST }) },
      },
    },
    async (request) => toBlogPost(await findPost(app.db, request.params.slug)),
  );

  app.get(
    '/api/comments/get-comment',
    {
      config: { publicCache: 'blog' },
      schema: {
        tags: TAGS,
        summary: 'Comments, each with its replies',
        description: `Without \`page\`, the spec's bare list: the newest ${BARE_LIST_MAX} comments at most, oldest first, with how many there are in all in the \`X-Total-Count\` header. With \`page\` (and \`pageSize\`), one page of them newest first, as \`{data, total, page, pageSize}\`.`,
        querystring: CommentsQuery,
        response: {
          200: answer(
            z.union([z.array(Comment), pagedAnswer(Comment)]),
            "Every comment, or with `post` that post's only: a bare list, or a page when `page` is sent.",
          ),
          ...errors([400, 404], { 404: UNKNOWN_POST }),
        },
      },
    },
    async (request, reply) => {
      const post = request.query.post === undefined ? undefined : await findPost(app.db, request.query.post);
      if (request.query.page !== undefined) {
        const { page, pageSize, ...window } = pageWindow(request.query);
        const { comments: data, total } = await listComments(app.db, post, window);
        return { data, total, page, pageSize };
      }
      const { comments: newest, total } = await listComments(app.db, post, { limit: BARE_LIST_MAX, offset: 0 });
      reply.header('x-total-count', String(total));
      return newest.reverse();
    },
  );

  app.post(
    '/api/comments/get-comment',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Comment, on a post or on none',
        description: "`author` is the account's username, whatever the body says; `post` is the post's slug or title.",
        security: SIGNED_IN,
        body: NewComment,
        response: {
          201: answer(Comment, 'The new comment.'),
          ...errors([...JSON_BODY_ERRORS, 401, 404], {
            400: 'Empty content, or over 2,000 characters.',
            404: UNKNOWN_POST,
            429: COMMENT_LIMIT_MEANING,
          }),
        },
      },
    },
    async (request, reply) => {
      const account = signedInAccount(request);
      const post = request.body.post === undefined ? undefined : await findPost(app.db, request.body.post);
      const [row] = await app.db.transaction(async (tx) => {
        await enforceQuota(tx, 'comments', account.id, app.quotas.commentsPerTenMinutes, new Date());
        return tx
          .insert(comments)
          .values({
            postId: post?.id ?? null,
            accountId: account.id,
            author: account.username,
            content: request.body.content,
          })
          .returning();
      });
      if (!row) throw new Error('insert returned no comment');
      reply.code(201);
      return toComment(row, post?.slug ?? null, []);
    },
  );

  app.post(
    '/api/comments/get-reply/:commentId',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Reply to a comment',
        description: "`author` is the account's username, whatever the body says.",
        security: SIGNED_IN,
        params: CommentIdParams,
        body: NewReply,
        response: {
          201: answer(Reply, 'The new reply.'),
          ...errors([...JSON_BODY_ERRORS, 401, 404, 409], {
            404: `${UNKNOWN_COMMENT} (Replies take no replies.)`,
            409: DELETED_PARENT,
            429: COMMENT_LIMIT_MEANING,
          }),
        },
      },
    },
    async (request, reply) => {
      const account = signedInAccount(request);
      // Replies hang off top-level comments only: a reply's id is not a comment to reply to.
      const [parent] = await app.db
        .select({ id: comments.id, deletedAt: comments.deletedAt })
        .from(comments)
        .where(and(eq(comments.id, request.params.commentId), isNull(comments.parentId)))
        .limit(1);
      if (!parent) throw new HttpError(404, UNKNOWN_COMMENT);
      if (parent.deletedAt) throw new HttpError(409, DELETED_PARENT);
      const [row] = await app.db.transaction(async (tx) => {
        await enforceQuota(tx, 'comments', account.id, app.quotas.commentsPerTenMinutes, new Date());
        return tx
          .insert(comments)
          .values({
            parentId: parent.id,
            accountId: account.id,
            author: account.username,
            content: request.body.content,
          })
          .returning();
      });
      if (!row) throw new Error('insert returned no reply');
      reply.code(201);
      return toReply(row);
    },
  );

  app.delete(
    '/api/comments/:id',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: 'Delete a comment or a reply (its author)',
        description: `Its text is overwritten with \`${DELETED_CONTENT}\` and it answers \`deleted: true\`; a comment keeps its place and its replies. Comments are public, so someone else's is a 403, not a 404; an admin removes someone else's with \`DELETE /api/admin/comments/{id}\`, which records the reason in the audit log. Deleting it again, or deleting one an admin removed, answers it as it stands.`,
        security: SIGNED_IN,
        params: CommentDeleteParams,
        response: {
          200: answer(z.union([Comment, Reply]), 'The comment (with its replies) or the reply, as it now stands.'),
          ...errors([400, 401, 403, 404], {
            400: 'A malformed id.',
            403: `"${NOT_YOURS}" Or, for an admin: "${ADMIN_REMOVES_IN_CONSOLE}"`,
            404: UNKNOWN_COMMENT,
          }),
        },
      },
    },
    async (request) => {
      const account = signedInAccount(request);
      const [found] = await app.db
        .select({ accountId: comments.accountId })
        .from(comments)
        .where(eq(comments.id, request.params.id))
        .limit(1);
      if (!found) throw new HttpError(404, UNKNOWN_COMMENT);
      // Every admin action is on record with its reason, so an admin's removal goes through the console.
      if (found.accountId !== account.id) {
        throw new HttpError(403, account.role === 'admin' ? ADMIN_REMOVES_IN_CONSOLE : NOT_YOURS);
      }
      const [row] = await app.db
        .update(comments)
        // A second deletion keeps the time of the first, and one an admin removed keeps reading so.
        .set({
          content: sql`case when ${comments.removedAt} is null then ${DELETED_CONTENT} else ${comments.content} end`,
          deletedAt: sql`coalesce(${comments.deletedAt}, now())`,
        })
        .where(eq(comments.id, request.params.id))
        .returning();
      if (!row) throw new HttpError(404, UNKNOWN_COMMENT);
      if (row.parentId) return toReply(row);
      const {
        comments: [deleted],
      } = await commentThreads(app.db, eq(comments.id, row.id), { limit: 1, offset: 0 });
      if (!deleted) throw new HttpError(404, UNKNOWN_COMMENT);
      return deleted;
    },
  );
};
