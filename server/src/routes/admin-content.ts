import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  AdminContent,
  AdminContentQuery,
  AdminIdParams,
  AdminReason,
  type AdminContentKind,
  type AdminContentState,
} from '#domain/schemas/admin';
import type { CarKind } from '#domain/schemas/cars';
import { REMOVED_CONTENT } from '#domain/schemas/comments';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { accounts, blogPosts, cars, comments, reviews } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import { signedInAccount } from '../plugins/session';
import { adminPage, ADMIN_TAGS as TAGS, badListQuery, listAnswers, REFUSED } from '../http/admin-lists';

const NO_SUCH_COMMENT = 'No comment or reply has this id.';
const NO_SUCH_REVIEW = 'No review has this id.';

/** The search box: a part of the text, found literally (no wildcards) and in any case. */
const contains = (column: SQL.Aliased | AnyPgColumn, q: string) => sql`strpos(lower(${column}), lower(${q})) > 0`;

/**
 * One column of the console's list, named as both tables' halves of the UNION name it; typed by
 * what it holds, not by the table it comes from, so the two halves have one shape.
 */
const field = <T>(value: SQL | AnyPgColumn, name: string) => sql<T>`${value}`.as(name);
const none = <T>(type: 'integer' | 'text' | 'uuid', name: string) => sql<T | null>`null::${sql.raw(type)}`.as(name);

const parent = alias(comments, 'parent');

/**
 * Comments and replies in the console's shape. A reply names no post of its own: it is under its
 * parent's. Every field is one column, so the list can be one UNION ALL with the reviews, paged by
 * the database.
 */
function commentEntries(db: Database) {
  return db
    .select({
      id: field<string>(comments.id, 'id'),
      kind: field<AdminContentKind>(sql`case when ${comments.parentId} is null then 'comment' else 'reply' end`, 'kind'),
      author: field<string>(comments.author, 'author'),
      // Removing and deleting overwrite the stored text, so it already reads as readers see it.
      text: field<string | null>(comments.content, 'text'),
      rating: none<number>('integer', 'rating'),
      postTitle: field<string | null>(blogPosts.title, 'post_title'),
      postSlug: field<string | null>(blogPosts.slug, 'post_slug'),
      carId: none<string>('uuid', 'car_id'),
      carKind: none<CarKind>('text', 'car_kind'),
      carName: none<string>('text', 'car_name'),
      state: field<AdminContentState>(
        sql`case when ${comments.removedAt} is not null then 'removed' when ${comments.deletedAt} is not null then 'deleted' else 'shown' end`,
        'state',
      ),
      createdAt: sql<Date>`${comments.createdAt}`.mapWith(comments.createdAt).as('created_at'),
    })
    .from(comments)
    .leftJoin(parent, eq(parent.id, comments.parentId))
    .leftJoin(blogPosts, eq(blogPosts.id, sql`coalesce(${comments.postId}, ${parent.postId})`));
}

/** Reviews in the same shape, by the renter's username; a removed one's text reads as its car's page shows it. */
function reviewEntries(db: Database) {
  return db
    .select({
      id: field<string>(reviews.id, 'id'),
      kind: field<AdminContentKind>(sql`'review'`, 'kind'),
      author: field<string>(accounts.username, 'author'),
      text: field<string | null>(
        sql`case when ${reviews.removedAt} is null then ${reviews.comment} else ${REMOVED_CONTENT} end`,
        'text',
      ),
      rating: field<number | null>(reviews.rating, 'rating'),
      postTitle: none<string>('text', 'post_title'),
      postSlug: none<string>('text', 'post_slug'),
      carId: field<string | null>(cars.id, 'car_id'),
      carKind: field<CarKind | null>(cars.kind, 'car_kind'),
      carName: field<string | null>(cars.carName, 'car_name'),
      state: field<AdminContentState>(sql`case when ${reviews.removedAt} is null then 'shown' else 'removed' end`, 'state'),
      createdAt: sql<Date>`${reviews.createdAt}`.mapWith(reviews.createdAt).as('created_at'),
    })
    .from(reviews)
    .innerJoin(accounts, eq(accounts.id, reviews.renterId))
    .innerJoin(cars, eq(cars.id, reviews.carId));
}

/**
 * Every comment, reply and review as one table, `entries`: each half read through a subquery of
 * that one name, so the two halves of the UNION ALL have one type as well as one shape.
 */
function allEntries(db: Database) {
  const half = (entries: ReturnType<typeof commentEntries> | ReturnType<typeof reviewEntries>) =>
    db.select().from(entries.as('entry'));
  return unionAll(half(commentEntries(db)), half(reviewEntries(db))).as('entries');
}

type EntryRow = Awaited<ReturnType<typeof commentEntries>>[number];

function toAdminContent(row: EntryRow): AdminContent {
  const on: AdminContent['on'] =
    row.carId !== null && row.carKind !== null && row.carName !== null
      ? { type: 'car', id: row.carId, kind: row.carKind, carName: row.carName }
      : row.postTitle !== null && row.postSlug !== null
        ? { type: 'post', title: row.postTitle, slug: row.postSlug }
        : { type: 'none' };
  return {
    _id: row.id,
    id: row.id,
    kind: row.kind,
    author: row.author,
    text: row.text,
    rating: row.rating,
    on,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
  };
}

type Entries = ReturnType<typeof allEntries>;

/** The search matches the text as readers see it (a removed entry's own text is not kept) or the author. */
function contentConditions(entries: Entries, { q, kind, state }: AdminContentQuery): SQL | undefined {
  return and(
    q === undefined || q === '' ? undefined : or(contains(entries.text, q), contains(entries.author, q)),
    kind === undefined ? undefined : eq(entries.kind, kind),
    state === undefined ? undefined : eq(entries.state, state),
  );
}

/** A DELETE without a body reaches the validator as null: no body is no reason, which is required. */
const reasonBody = z.preprocess((body) => body ?? {}, AdminReason);

/** Comments, replies and reviews for the console: listed together, and removed by an admin with a reason. */
export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const onlyAdmins = app.requireRole('admin');

  app.get(
    '/api/admin/comments',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Every comment, reply and review, newest first',
        description: `Blog comments, their replies and cars' reviews in one list, paged (${ADMIN_PAGE_SIZE} to a page unless \`pageSize\` says otherwise), searched by \`q\` (part of the text or the author's name, in any case) and filtered by \`kind\` and \`state\`. The text is what readers see: a removed entry's own text is not kept, so a search does not find it. An empty parameter counts as not sent.`,
        security: SIGNED_IN,
        querystring: AdminContentQuery,
        response: listAnswers(
          AdminContent,
          'One page of the matching comments, replies and reviews.',
          badListQuery('kind', 'state'),
        ),
      },
    },
    async (request) => {
      const entries = allEntries(app.db);
      const where = contentConditions(entries, request.query);
      return adminPage(
        request.query,
        {
          // Ordered and paged over both tables at once, so page 2 continues page 1 whichever table each row is from.
          rows: (limit, offset) =>
            app.db
              .select()
              .from(entries)
              .where(where)
              .orderBy(desc(entries.createdAt), desc(entries.id))
              .limit(limit)
              .offset(offset),
          total: () => app.db.select({ n: count() }).from(entries).where(where),
        },
        toAdminContent,
      );
    },
  );

  const removalAnswers = (done: string, unknown: string) => ({
    200: answer(AdminContent, done),
    ...errors([...JSON_BODY_ERRORS, 401, 403, 404], {
      ...REFUSED,
      400: 'An id that is not a uuid, or a reason that is missing, blank or over 500 characters.',
      404: `"${unknown}"`,
    }),
  });

  app.delete(
    '/api/admin/comments/:id',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Remove a comment or a reply',
        description: `It reads \`${REMOVED_CONTENT}\` wherever it is shown, takes no more replies, and its author can no longer delete it; a comment's replies stay. Its text is not kept but in the audit row's \`before\`, with the \`reason\` (required). One deleted by its author may be removed too. One already removed is answered as it stands and writes no audit row.`,
        security: SIGNED_IN,
        params: AdminIdParams,
        body: reasonBody,
        response: removalAnswers('The comment or reply, now removed.', NO_SUCH_COMMENT),
      },
    },
    async (request) => {
      const admin = signedInAccount(request);
      const { id } = request.params;
      return app.db.transaction(async (tx) => {
        // Locked, so of two admins removing it at once the second finds it removed and writes no audit row.
        const [found] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
        if (!found) throw new HttpError(404, NO_SUCH_COMMENT);
        if (found.removedAt === null) {
          const now = new Date();
          await tx
            .update(comments)
            // Overwritten, as its author's deletion does: readers' answers carry the stored text as it is.
            .set({ content: REMOVED_CONTENT, removedAt: now, deletedAt: found.deletedAt ?? now })
            .where(eq(comments.id, id));
          await recordAdminAction(tx, {
            adminId: admin.id,
            action: 'comment.remove',
            objectType: 'comment',
            objectId: id,
            reason: request.body.reason,
            before: { state: found.deletedAt === null ? 'shown' : 'deleted', text: found.content },
            after: { state: 'removed' },
          });
        }
        const [entry] = await commentEntries(tx).where(eq(comments.id, id));
        if (!entry) throw new Error('the comment left as it was locked');
        return toAdminContent(entry);
      });
    },
  );

  app.delete(
    '/api/admin/reviews/:id',
    {
      onRequest: onlyAdmins,
      schema: {
        tags: TAGS,
        summary: 'Remove a review',
        description: `Its comment reads \`${REMOVED_CONTENT}\` on the car's page and the renter's booking, the owner's reply is gone (and none can be given), and its rating no longer counts in the car's \`ratingAverage\` and \`ratingCount\`. Its text and reply are not kept but in the audit row's \`before\`, with the \`reason\` (required). One already removed is answered as it stands and writes no audit row.`,
        security: SIGNED_IN,
        params: AdminIdParams,
        body: reasonBody,
        response: removalAnswers('The review, now removed.', NO_SUCH_REVIEW),
      },
    },
    async (request) => {
      const admin = signedInAccount(request);
      const { id } = request.params;
      return app.db.transaction(async (tx) => {
        const [found] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
        if (!found) throw new HttpError(404, NO_SUCH_REVIEW);
        if (found.removedAt === null) {
          await tx
            .update(reviews)
            .set({ comment: null, reply: null, repliedAt: null, removedAt: new Date() })
            .where(eq(reviews.id, id));
          await recordAdminAction(tx, {
            adminId: admin.id,
            action: 'review.remove',
            objectType: 'review',
            objectId: id,
            reason: request.body.reason,
            before: { state: 'shown', text: found.comment, reply: found.reply },
            after: { state: 'removed' },
          });
        }
        const [entry] = await reviewEntries(tx).where(eq(reviews.id, id));
        if (!entry) throw new Error('the review left as it was locked');
        return toAdminContent(entry);
      });
    },
  );
};
