import { eq } from 'drizzle-orm';
import { REMOVED_CONTENT } from '#domain/schemas/comments';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { comments, reviews } from '../db/schema';
import { HttpError } from '../http/errors';
import { commentEntries, type EntryRow, reviewEntries } from './entries';
import { t } from '../i18n';

// An admin's removal of a comment, a reply or a review: with the reason, and the text it no longer
// shows, in the audit row written in the same transaction. One already removed is answered as it
// stands and writes no audit row.

export const NO_SUCH_COMMENT = 'server.removals.noSuchComment';
export const NO_SUCH_REVIEW = 'server.removals.noSuchReview';

export interface Removal {
  adminId: string;
  /** The comment's, reply's or review's id. */
  id: string;
  reason: string;
}

/** Removes a comment or a reply at `now`; it reads as removed wherever it is shown, and takes no more replies. */
export async function removeComment(db: Database, { adminId, id, reason }: Removal, now: Date): Promise<EntryRow> {
  return db.transaction(async (tx) => {
    // Locked, so of two admins removing it at once the second finds it removed and writes no audit row.
    const [found] = await tx.select().from(comments).where(eq(comments.id, id)).for('update');
    if (!found) throw new HttpError(404, t(NO_SUCH_COMMENT));
    if (found.removedAt === null) {
      await tx
        .update(comments)
        // Overwritten, as its author's deletion does: readers' answers carry the stored text as it is.
        .set({ content: REMOVED_CONTENT, removedAt: now, deletedAt: found.deletedAt ?? now })
        .where(eq(comments.id, id));
      await recordAdminAction(tx, {
        adminId,
        action: 'comment.remove',
        objectType: 'comment',
        objectId: id,
        reason,
        before: { state: found.deletedAt === null ? 'shown' : 'deleted', text: found.content },
        after: { state: 'removed' },
        at: now,
      });
    }
    const [entry] = await commentEntries(tx).where(eq(comments.id, id));
    if (!entry) throw new Error('the comment left as it was locked');
    return entry;
  });
}

/** Removes a review at `now`: its text and reply are gone, and its rating no longer counts. */
export async function removeReview(db: Database, { adminId, id, reason }: Removal, now: Date): Promise<EntryRow> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
    if (!found) throw new HttpError(404, t(NO_SUCH_REVIEW));
    if (found.removedAt === null) {
      await tx.update(reviews).set({ comment: null, reply: null, repliedAt: null, removedAt: now }).where(eq(reviews.id, id));
      await recordAdminAction(tx, {
        adminId,
        action: 'review.remove',
        objectType: 'review',
        objectId: id,
        reason,
        before: { state: 'shown', text: found.comment, reply: found.reply },
        after: { state: 'removed' },
        at: now,
      });
    }
    const [entry] = await reviewEntries(tx).where(eq(reviews.id, id));
    if (!entry) throw new Error('the review left as it was locked');
    return entry;
  });
}
