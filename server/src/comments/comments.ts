import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Comment } from '#domain/contract';
import { DELETED_CONTENT } from '#domain/schemas/comments';
import type { Database } from '../db/client';
import { type AccountRow, type BlogPostRow, type CommentRow, comments } from '../db/schema';
import { HttpError } from '../http/errors';
import { enforceQuota } from '../limits/quotas';
import { commentThreads } from './threads';
import { t } from '../i18n';

// Blog comments and their replies: written by signed-in accounts within their quota, deleted by
// their authors. An admin's removal, with its reason on record, is the admin content module's.

export const UNKNOWN_COMMENT = 'server.comments.unknownComment';
export const NOT_YOURS = 'server.comments.notYours';
export const ADMIN_REMOVES_IN_CONSOLE = 'server.comments.adminRemovesInConsole';
export const DELETED_PARENT = 'server.comments.deletedParent';
export const REPEATED = 'server.comments.repeated';

/**
 * How long the same text from the same account in the same place counts as the one sent again (a
 * double click, a retry after a slow answer) rather than something said twice on purpose.
 */
const REPEAT_WINDOW_MS = 60 * 1000;

type Author = Pick<AccountRow, 'id' | 'username'>;

/**
 * Top-level comments newest first (the id breaking ties), the window's share of them, each with its
 * replies oldest first; and how many there are in all. Those on `post`, or with none, every one.
 */
export function listComments(
  db: Database,
  post: BlogPostRow | undefined,
  window: { limit: number; offset: number },
): Promise<{ comments: Comment[]; total: number }> {
  // A comment on a post is top-level (comments_check), so a post's comments are counted and paged
  // off comments_post_idx alone.
  return commentThreads(db, post ? eq(comments.postId, post.id) : isNull(comments.parentId), window);
}

/** One top-level comment with its replies; undefined when there is none of that id. */
export async function findThread(db: Database, commentId: string): Promise<Comment | undefined> {
  const { comments: threads } = await commentThreads(db, eq(comments.id, commentId), { limit: 1, offset: 0 });
  return threads[0];
}

type Entry = { postId?: string | null; parentId?: string; content: string };

/**
 * A comment or reply as sent: `keyed` when it came with an Idempotency-Key. A retry of a keyed one
 * is answered from its key before it gets here, so a keyed one with the same text as a minute ago
 * is meant, and only an unkeyed one is checked for being the same one sent again.
 */
type Sent = { keyed: boolean };

/**
 * Refuses (409) `entry` when `author` wrote the same text in the same place (the same post, or none;
 * the same comment, for a reply) within the last minute, and has not deleted it since. Same text is
 * the same letters in the same case once surrounding whitespace is trimmed: the contract trims what
 * is stored, and a change of case is an edit, not a repeat. Run under the account's comment lock
 * (enforceQuota's), so that of two copies sent at once the second sees the first.
 */
async function refuseRepeat(tx: Database, author: Author, entry: Entry, now: Date): Promise<void> {
  const place = entry.parentId
    ? eq(comments.parentId, entry.parentId)
    : entry.postId
      ? eq(comments.postId, entry.postId)
      : and(isNull(comments.postId), isNull(comments.parentId));
  const [repeat] = await tx
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(
        eq(comments.accountId, author.id),
        gt(comments.createdAt, new Date(now.getTime() - REPEAT_WINDOW_MS)),
        place,
        eq(comments.content, entry.content.trim()),
        isNull(comments.deletedAt),
      ),
    )
    .limit(1);
  if (repeat) throw new HttpError(409, t(REPEATED));
}

/**
 * Writes one comment or reply by `author` at `now`, counted against their quota and, sent without a
 * key, refused as a repeat in the same transaction.
 */
async function writeEntry(db: Database, author: Author, entry: Entry & Sent, quota: number, now: Date): Promise<CommentRow> {
  const { keyed, ...written } = entry;
  const [row] = await db.transaction(async (tx) => {
    await enforceQuota(tx, 'comments', author.id, quota, now);
    if (!keyed) await refuseRepeat(tx, author, written, now);
    return tx
      .insert(comments)
      .values({ ...written, accountId: author.id, author: author.username, createdAt: now })
      .returning();
  });
  if (!row) throw new Error('insert returned no comment');
  return row;
}

/** A comment on `post`, or on none. */
export function addComment(
  db: Database,
  author: Author,
  { content, post, keyed }: { content: string; post: BlogPostRow | undefined } & Sent,
  quota: number,
  now: Date,
): Promise<CommentRow> {
  return writeEntry(db, author, { postId: post?.id ?? null, content, keyed }, quota, now);
}

/** A reply to a top-level comment still shown: a reply takes no replies (404), a deleted comment none either (409). */
export async function addReply(
  db: Database,
  author: Author,
  { commentId, content, keyed }: { commentId: string; content: string } & Sent,
  quota: number,
  now: Date,
): Promise<CommentRow> {
  const [parent] = await db
    .select({ id: comments.id, deletedAt: comments.deletedAt })
    .from(comments)
    .where(and(eq(comments.id, commentId), isNull(comments.parentId)))
    .limit(1);
  if (!parent) throw new HttpError(404, t(UNKNOWN_COMMENT));
  if (parent.deletedAt) throw new HttpError(409, t(DELETED_PARENT));
  return writeEntry(db, author, { parentId: parent.id, content, keyed }, quota, now);
}

/**
 * The author's deletion of their own comment or reply at `now`: its text is overwritten, its place
 * kept. Someone else's is refused (403), an admin's too, since an admin's removal is on record with a reason.
 */
export async function deleteOwnComment(
  db: Database,
  account: Pick<AccountRow, 'id' | 'role'>,
  commentId: string,
  now: Date,
): Promise<CommentRow> {
  const [found] = await db.select({ accountId: comments.accountId }).from(comments).where(eq(comments.id, commentId)).limit(1);
  if (!found) throw new HttpError(404, t(UNKNOWN_COMMENT));
  if (found.accountId !== account.id) {
    throw new HttpError(403, account.role === 'admin' ? t(ADMIN_REMOVES_IN_CONSOLE) : t(NOT_YOURS));
  }
  const [row] = await db
    .update(comments)
    // A second deletion keeps the time of the first, and one an admin removed keeps reading so.
    .set({
      content: sql`case when ${comments.removedAt} is null then ${DELETED_CONTENT} else ${comments.content} end`,
      deletedAt: sql`coalesce(${comments.deletedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(comments.id, commentId))
    .returning();
  if (!row) throw new HttpError(404, t(UNKNOWN_COMMENT));
  return row;
}
