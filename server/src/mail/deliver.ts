import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock/clock';
import type { Database } from '../db/client';
import { afterFailedSend } from '../db/outbox-retry';
import { mailOutbox } from '../db/schema';
import type { MailSender, MailSettings } from './transport';

/** Mails taken per round: small, so a slow server holds few mails that another instance could send. */
const BATCH = 10;

/**
 * How long a taken mail is left alone by the other instances: longer than a batch can take at the
 * SMTP timeouts, so only a worker that died mid-round lets another send its mails again.
 */
const CLAIM_MS = 10 * 60 * 1000;

/**
 * One round of the worker: takes the mail that is due (rows another instance is taking are skipped,
 * so each mail goes to one worker), sends it outside any transaction, and records what happened: sent,
 * due again after a growing wait, or failed after the last attempt. Answers how many it took.
 */
export async function deliverDueMail(
  db: Database,
  sender: MailSender,
  settings: Pick<MailSettings, 'retryBaseMs' | 'maxAttempts'>,
  log: FastifyBaseLogger,
  clock: Clock,
): Promise<number> {
  const now = clock.now();
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const taken = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(mailOutbox.id, due))
    .returning();

  for (const row of taken) {
    const mail = { id: row.id, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody };
    try {
      await sender.send(mail);
      await db.update(mailOutbox).set({ status: 'sent', sentAt: clock.now(), lastError: null }).where(eq(mailOutbox.id, row.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const { givingUp, retryInMs, row: failed } = afterFailedSend(row.attempts, settings, clock.now(), reason);
      await db.update(mailOutbox).set(failed).where(eq(mailOutbox.id, row.id));
      if (givingUp) log.error({ mailId: row.id, attempts: row.attempts, reason }, 'mail failed for good');
      else log.warn({ mailId: row.id, attempts: row.attempts, reason, retryInMs }, 'mail not sent; trying again');
    }
  }
  return taken.length;
}
