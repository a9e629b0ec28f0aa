import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Comment } from '#domain/contract';
import { toComment } from '../contract-shapes';
import type { Database } from '../db/client';
import { rowsFromJson } from '../db/json-rows';
import { blogPosts, comments } from '../db/schema';

/** A comment's replies oldest first (the id breaking ties), as one JSON array built beside the comment. */
const repliesOfComment = sql<Record<string, unknown>[]>`coalesce((
  select json_agg(reply order by reply.created_at, reply.id)
  from ${comments} reply where reply.parent_id = ${comments}.id
), '[]'::json)`;

/**
 * Comments matching `where`, newest first (the id breaking ties), with the slug of their post and
 * their replies: one query for a page of threads, where there were three.
 */
export function commentThreadQuery(db: Database, where: SQL | undefined, window: { limit: number; offset: number }) {
  const counted = db.select({ total: count() }).from(comments).where(where);
  return {
    page: db
      .select({
        comment: comments,
        postSlug: blogPosts.slug,
        replies: repliesOfComment,
        // A subquery PostgreSQL runs once (an InitPlan): the page is still read off the index and cut short.
        total: sql<number>`(${counted})`.mapWith(Number),
      })
      .from(comments)
      .leftJoin(blogPosts, eq(blogPosts.id, comments.postId))
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(window.limit)
      .offset(window.offset),
    counted,
  };
}

/** The window's share of the comments matching `where`, each with its replies, and how many match in all. */
export async function commentThreads(
  db: Database,
  where: SQL | undefined,
  window: { limit: number; offset: number },
): Promise<{ comments: Comment[]; total: number }> {
  const { page, counted } = commentThreadQuery(db, where, window);
  const rows = await page;
  // A page past the end carries no row to read the total from.
  const total = rows[0]?.total ?? (window.offset === 0 ? 0 : ((await counted)[0]?.total ?? 0));
  return {
    comments: rows.map((row) => toComment(row.comment, row.postSlug, rowsFromJson(comments, row.replies))),
    total,
  };
}
