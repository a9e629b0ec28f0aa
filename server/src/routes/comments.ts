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
import {
  ADMIN_REMOVES_IN_CONSOLE,
  addComment,
  addReply,
  DELETED_PARENT,
  deleteOwnComment,
  findThread,
  listComments,
  NOT_YOURS,
  REPEATED,
  UNKNOWN_COMMENT,
} from '../comments/comments';
import { findPost, UNKNOWN_POST } from '../content/blog-posts';
import { toBlogPost, toComment, toReply } from '../contract-shapes';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import { t } from '../i18n';

const TAGS = ['blog'];
const COMMENT_LIMIT_MEANING =
  'Too many comments and replies by this account in the last 10 minutes (20), or too many requests; Retry-After says when to try again.';

const REPEAT_MEANING =
  'Sent without an Idempotency-Key, this account sent the same text (the same letters in the same case, surrounding whitespace aside) to the same post or comment in the last minute and has not deleted it: nothing was written. With a key, a retry gets the first answer again instead.';

/** The most comments the spec's bare list answers: the newest ones, so a busy post's list stays small. */
const BARE_LIST_MAX = 200;

const POST_SCHEMA = {
  tags: TAGS,
  summary: 'A blog post',
  description: "`slug` is the post's title (as the app links it) or its slug, in any letter case.",
  params: BlogPostParams,
  response: { 200: answer(BlogPost, 'The post.'), ...errors([400, 404], { 404: t(UNKNOWN_POST) }) },
};

const LIST_SCHEMA = {
  tags: TAGS,
  summary: 'Comments, each with its replies',
  description: `Without \`page\`, the spec's bare list: the newest ${BARE_LIST_MAX} comments at most, oldest first, with how many there are in all in the \`X-Total-Count\` header. With \`page\` (and \`pageSize\`), one page of them newest first, as \`{data, total, page, pageSize}\`.`,
  querystring: CommentsQuery,
  response: {
    200: answer(
      z.union([z.array(Comment), pagedAnswer(Comment)]),
      "Every comment, or with `post` that post's only: a bare list, or a page when `page` is sent.",
    ),
    ...errors([400, 404], { 404: t(UNKNOWN_POST) }),
  },
};

const COMMENT_SCHEMA = {
  tags: TAGS,
  summary: 'Comment, on a post or on none',
  description: "`author` is the account's username, whatever the body says; `post` is the post's slug or title.",
  security: SIGNED_IN,
  body: NewComment,
  response: {
    201: answer(Comment, 'The new comment.'),
    ...errors([...JSON_BODY_ERRORS, 401, 404, 409], {
      400: 'Empty content, or over 2,000 characters.',
      404: t(UNKNOWN_POST),
      409: `"${t(REPEATED)}" ${REPEAT_MEANING}`,
      429: COMMENT_LIMIT_MEANING,
    }),
  },
};

const REPLY_SCHEMA = {
  tags: TAGS,
  summary: 'Reply to a comment',
  description: "`author` is the account's username, whatever the body says.",
  security: SIGNED_IN,
  params: CommentIdParams,
  body: NewReply,
  response: {
    201: answer(Reply, 'The new reply.'),
    ...errors([...JSON_BODY_ERRORS, 401, 404, 409], {
      404: `${t(UNKNOWN_COMMENT)} (Replies take no replies.)`,
      409: `"${t(DELETED_PARENT)}" Or, for a repeat: "${t(REPEATED)}" ${REPEAT_MEANING}`,
      429: COMMENT_LIMIT_MEANING,
    }),
  },
};

const DELETE_SCHEMA = {
  tags: TAGS,
  summary: 'Delete a comment or a reply (its author)',
  description: `Its text is overwritten with \`${DELETED_CONTENT}\` and it answers \`deleted: true\`; a comment keeps its place and its replies. Comments are public, so someone else's is a 403, not a 404; an admin removes someone else's with \`DELETE /api/admin/comments/{id}\`, which records the reason in the audit log. Deleting it again, or deleting one an admin removed, answers it as it stands.`,
  security: SIGNED_IN,
  params: CommentDeleteParams,
  response: {
    200: answer(z.union([Comment, Reply]), 'The comment (with its replies) or the reply, as it now stands.'),
    ...errors([400, 401, 403, 404], {
      400: 'A malformed id.',
      403: `"${t(NOT_YOURS)}" Or, for an admin: "${t(ADMIN_REMOVES_IN_CONSOLE)}"`,
      404: t(UNKNOWN_COMMENT),
    }),
  },
};

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  const commentQuota = () => app.quotas.commentsPerTenMinutes;

  app.get('/api/comments/get-comment/:slug', { config: { publicCache: 'blog' }, schema: POST_SCHEMA }, async (request) =>
    toBlogPost(await findPost(app.db, request.params.slug)),
  );

  app.get('/api/comments/get-comment', { config: { publicCache: 'blog' }, schema: LIST_SCHEMA }, async (request, reply) => {
    const post = request.query.post === undefined ? undefined : await findPost(app.db, request.query.post);
    if (request.query.page !== undefined) {
      const { page, pageSize, ...window } = pageWindow(request.query);
      const { comments: data, total } = await listComments(app.db, post, window);
      return { data, total, page, pageSize };
    }
    const { comments: newest, total } = await listComments(app.db, post, { limit: BARE_LIST_MAX, offset: 0 });
    reply.header('x-total-count', String(total));
    return newest.reverse();
  });

  app.post('/api/comments/get-comment', { onRequest: app.requireSignedIn, schema: COMMENT_SCHEMA }, async (request, reply) => {
    const account = signedInAccount(request);
    const post = request.body.post === undefined ? undefined : await findPost(app.db, request.body.post);
    const entry = { content: request.body.content, post, keyed: request.idempotencyKey !== null };
    const row = await addComment(app.db, account, entry, commentQuota(), app.clock.now());
    reply.code(201);
    return toComment(row, post?.slug ?? null, []);
  });

  app.post(
    '/api/comments/get-reply/:commentId',
    { onRequest: app.requireSignedIn, schema: REPLY_SCHEMA },
    async (request, reply) => {
      const account = signedInAccount(request);
      // Replies hang off top-level comments only: a reply's id is not a comment to reply to.
      const entry = {
        commentId: request.params.commentId,
        content: request.body.content,
        keyed: request.idempotencyKey !== null,
      };
      const row = await addReply(app.db, account, entry, commentQuota(), app.clock.now());
      reply.code(201);
      return toReply(row);
    },
  );

  app.delete('/api/comments/:id', { onRequest: app.requireSignedIn, schema: DELETE_SCHEMA }, async (request) => {
    const row = await deleteOwnComment(app.db, signedInAccount(request), request.params.id, app.clock.now());
    if (row.parentId) return toReply(row);
    const deleted = await findThread(app.db, row.id);
    if (!deleted) throw new HttpError(404, t(UNKNOWN_COMMENT));
    return deleted;
  });
};
