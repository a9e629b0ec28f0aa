import { and, asc, count, desc, eq, gt, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AdminMessagesQuery, AdminNewsletterQuery } from '#domain/schemas/admin';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { contactMessages, newsletterSignups } from '../db/schema';
import type { AdminListReads } from '../http/admin-lists';
import { HttpError } from '../http/errors';
import { t } from '../i18n';

export type ContactMessageRow = typeof contactMessages.$inferSelect;
export type NewsletterSignupRow = typeof newsletterSignups.$inferSelect;

export const NO_SUCH_MESSAGE = 'server.adminView.noSuchMessage';

/** How many sign-ups a full read takes from the database at a time: a long list is never held whole. */
const SIGNUP_BATCH = 1_000;

/** The search box: a part of the text, found literally (no wildcards) and in any case. */
const contains = (column: AnyPgColumn, q: string) => sql`strpos(lower(${column}), lower(${q})) > 0`;

function messageConditions({ q, status }: AdminMessagesQuery): SQL | undefined {
  return and(
    q === undefined || q === ''
      ? undefined
      : or(contains(contactMessages.name, q), contains(contactMessages.email, q), contains(contactMessages.message, q)),
    status === undefined
      ? undefined
      : status === 'answered'
        ? isNotNull(contactMessages.answeredAt)
        : isNull(contactMessages.answeredAt),
  );
}

/** The contact messages the console's query asks for, newest first. */
export function contactMessageList(db: Database, query: AdminMessagesQuery): AdminListReads<ContactMessageRow> {
  const where = messageConditions(query);
  return {
    rows: (limit, offset) =>
      db
        .select()
        .from(contactMessages)
        .where(where)
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
        .limit(limit)
        .offset(offset),
    total: () => db.select({ n: count() }).from(contactMessages).where(where),
  };
}

/** The newsletter sign-ups the console's query asks for, newest first. */
export function newsletterSignupList(db: Database, { q }: AdminNewsletterQuery): AdminListReads<NewsletterSignupRow> {
  const where = q === undefined || q === '' ? undefined : contains(newsletterSignups.email, q);
  return {
    rows: (limit, offset) =>
      db
        .select()
        .from(newsletterSignups)
        .where(where)
        .orderBy(desc(newsletterSignups.createdAt), desc(newsletterSignups.id))
        .limit(limit)
        .offset(offset),
    total: () => db.select({ n: count() }).from(newsletterSignups).where(where),
  };
}

/**
 * Marks a contact message answered, with its audit row in the same transaction. Only a message still
 * awaiting is changed, so a second click (or a second admin) writes no audit row: it gets the message
 * as it stands.
 */
export async function markMessageAnswered(
  db: Database,
  adminId: string,
  id: string,
  reason: string | undefined,
  now: Date,
): Promise<ContactMessageRow> {
  return db.transaction(async (tx) => {
    const [changed] = await tx
      .update(contactMessages)
      .set({ answeredAt: now })
      .where(and(eq(contactMessages.id, id), isNull(contactMessages.answeredAt)))
      .returning();
    if (!changed) {
      const [unchanged] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id));
      if (!unchanged) throw new HttpError(404, t(NO_SUCH_MESSAGE));
      return unchanged;
    }
    await recordAdminAction(tx, {
      adminId,
      action: 'message.answer',
      objectType: 'contact_message',
      objectId: id,
      reason,
      before: { status: 'awaiting' },
      after: { status: 'answered' },
      at: now,
    });
    return changed;
  });
}

/**
 * Every sign-up in the order of their emails, in batches: each read after the last email given, which
 * the emails' unique index finds without sorting or skipping rows. A batch is read only once the
 * caller has taken the one before, so however long the list, neither memory nor a database
 * connection is held for it.
 */
export async function* allNewsletterSignups(db: Database): AsyncGenerator<NewsletterSignupRow[]> {
  let after: string | undefined;
  for (;;) {
    const batch = await db
      .select()
      .from(newsletterSignups)
      .where(after === undefined ? undefined : gt(newsletterSignups.email, after))
      .orderBy(asc(newsletterSignups.email))
      .limit(SIGNUP_BATCH);
    if (batch.length > 0) yield batch;
    after = batch.at(-1)?.email;
    if (batch.length < SIGNUP_BATCH || after === undefined) return;
  }
}
