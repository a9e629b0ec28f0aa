import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { AdminContentKind, AdminContentQuery, AdminContentState } from '#domain/schemas/admin';
import type { CarKind } from '#domain/schemas/cars';
import { REMOVED_CONTENT } from '#domain/schemas/comments';
import type { Database } from '../db/client';
import { accounts, blogPosts, cars, comments, reviews } from '../db/schema';
import { field, none } from '../db/union-columns';
import type { AdminListReads } from '../http/admin-lists';

// Comments, replies and reviews as the admin console lists them: one shape for the three, so the
// list is one UNION ALL ordered and paged by the database.

/** The search box: a part of the text, found literally (no wildcards) and in any case. */
const contains = (column: SQL.Aliased | AnyPgColumn, q: string) => sql`strpos(lower(${column}), lower(${q})) > 0`;

const parent = alias(comments, 'parent');

/**
 * Comments and replies in the console's shape. A reply names no post of its own: it is under its
 * parent's. Every field is one column, so the list can be one UNION ALL with the reviews, paged by
 * the database.
 */
export function commentEntries(db: Database) {
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
export function reviewEntries(db: Database) {
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

/** One entry of the console's list, whichever table it is from. */
export type EntryRow = Awaited<ReturnType<typeof commentEntries>>[number];

type Entries = ReturnType<typeof allEntries>;

/** The search matches the text as readers see it (a removed entry's own text is not kept) or the author. */
function contentConditions(entries: Entries, { q, kind, state }: AdminContentQuery): SQL | undefined {
  return and(
    q === undefined || q === '' ? undefined : or(contains(entries.text, q), contains(entries.author, q)),
    kind === undefined ? undefined : eq(entries.kind, kind),
    state === undefined ? undefined : eq(entries.state, state),
  );
}

/**
 * The entries the console's query asks for, newest first: ordered and paged over both tables at
 * once, so page 2 continues page 1 whichever table each row is from.
 */
export function contentList(db: Database, query: AdminContentQuery): AdminListReads<EntryRow> {
  const entries = allEntries(db);
  const where = contentConditions(entries, query);
  return {
    rows: (limit, offset) =>
      db.select().from(entries).where(where).orderBy(desc(entries.createdAt), desc(entries.id)).limit(limit).offset(offset),
    total: () => db.select({ n: count() }).from(entries).where(where),
  };
}
