import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BlogPost, Comment, Reply } from '#domain/contract';
import { slugify } from '#domain/slug';
import { toBlogPost, toComment, toReply, type BlogPostRow, type CommentRow } from '../contract-shapes';
import type { Database } from '../db/client';
import { blogPosts, comments } from '../db/schema';
import { HttpError } from '../http/errors';
import { author, commentContent, id } from '../http/fields';
import type { ZodTypeProvider } from '../http/validation';
import { signedInAccount } from '../plugins/session';

/** Longer than any title the app links to; a longer name cannot be a post. */
const POST_NAME_MAX = 300;
const postName = z.string().trim().min(1).max(POST_NAME_MAX);

const UNKNOWN_POST = 'There is no such blog post.';

/** A post named by its title (as the app links it) or its slug, in any letter case. */
async function findPost(db: Database, name: string): Promise<BlogPostRow> {
  const [post] = await db.select().from(blogPosts).where(eq(blogPosts.slug, slugify(name))).limit(1);
  if (!post) throw new HttpError(404, UNKNOWN_POST);
  return post;
}

/** Top-level comments, oldest first, each with its replies oldest first. */
async function listComments(db: Database, post: BlogPostRow | undefined): Promise<Comment[]> {
  const rows = await db
    .select({ comment: comments, postSlug: blogPosts.slug })
    .from(comments)
    .leftJoin(blogPosts, eq(blogPosts.id, comments.postId))
    .where(and(isNull(comments.parentId), post ? eq(comments.postId, post.id) : undefined))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  if (rows.length === 0) return [];
  const replies = await db
    .select()
    .from(comments)
    .where(
      inArray(
        comments.parentId,
        rows.map((row) => row.comment.id),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
  const repliesByParent = new Map<string, CommentRow[]>();
  for (const reply of replies) {
    if (reply.parentId) repliesByParent.set(reply.parentId, [...(repliesByParent.get(reply.parentId) ?? []), reply]);
  }
  return rows.map((row) => toComment(row.comment, row.postSlug, repliesByParent.get(row.comment.id) ?? []));
}

export async function commentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/comments/get-comment/:slug',
    { schema: { params: z.object({ slug: postName }) } },
    async (request): Promise<BlogPost> => toBlogPost(await findPost(app.db, request.params.slug)),
  );

  app.get(
    '/api/comments/get-comment',
    { schema: { querystring: z.object({ post: postName.optional() }) } },
    async (request): Promise<Comment[]> => {
      const post = request.query.post === undefined ? undefined : await findPost(app.db, request.query.post);
      return listComments(app.db, post);
    },
  );

  app.post(
    '/api/comments/get-comment',
    {
      onRequest: app.requireSignedIn,
      schema: { body: z.object({ content: commentContent, author, post: postName.optional() }) },
    },
    async (request, reply): Promise<Comment> => {
      const account = signedInAccount(request);
      const post = request.body.post === undefined ? undefined : await findPost(app.db, request.body.post);
      const [row] = await app.db
        .insert(comments)
        .values({
          postId: post?.id ?? null,
          accountId: account.id,
          author: request.body.author ?? account.username,
          content: request.body.content,
        })
        .returning();
      if (!row) throw new Error('insert returned no comment');
      reply.code(201);
      return toComment(row, post?.slug ?? null, []);
    },
  );

  app.post(
    '/api/comments/get-reply/:commentId',
    {
      onRequest: app.requireSignedIn,
      schema: { params: z.object({ commentId: id }), body: z.object({ content: commentContent, author }) },
    },
    async (request, reply): Promise<Reply> => {
      const account = signedInAccount(request);
      // Replies hang off top-level comments only: a reply's id is not a comment to reply to.
      const [parent] = await app.db
        .select({ id: comments.id })
        .from(comments)
        .where(and(eq(comments.id, request.params.commentId), isNull(comments.parentId)))
        .limit(1);
      if (!parent) throw new HttpError(404, 'There is no such comment.');
      const [row] = await app.db
        .insert(comments)
        .values({
          parentId: parent.id,
          accountId: account.id,
          author: request.body.author ?? account.username,
          content: request.body.content,
        })
        .returning();
      if (!row) throw new Error('insert returned no reply');
      reply.code(201);
      return toReply(row);
    },
  );
}
