import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock/clock';
import type { Database } from '../db/client';
import { afterFailedSend } from '../db/outbox-retry';
import { smsOutbox } from '../db/schema';
import type { SmsSender, SmsSettings } from './transport';

const BATCH = 10;

/** As for mail: longer than a batch can take at the send timeout, so only a dead worker's texts are taken again. */
const CLAIM_MS = 5 * 60 * 1000;

/**
 * One round of the SMS worker, as deliverDueMail is for mail: takes the due texts (or only text
 * `only`, due or not, when the request that queued it tries it at once), sends each outside any transaction, and records
 * sent, due again after a growing wait, or failed. Answers the ids it sent.
 */
export async function deliverDueSms(
  db: Database,
  sender: SmsSender,
  settings: Pick<SmsSettings, 'retryBaseMs' | 'maxAttempts'>,
  log: FastifyBaseLogger,
  clock: Clock,
  only?: number,
): Promise<number[]> {
  const now = clock.now();
  const due = db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    // The request's own text is its to try before it falls due for the worker (queueSms).
    .where(and(eq(smsOutbox.status, 'queued'), only === undefined ? lte(smsOutbox.nextAttemptAt, now) : eq(smsOutbox.id, only)))
    .orderBy(asc(smsOutbox.nextAttemptAt), asc(smsOutbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const taken = await db
    .update(smsOutbox)
    .set({ attempts: sql`${smsOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + CLAIM_MS) })
    .where(inArray(smsOutbox.id, due))
    .returning();

  const sent: number[] = [];
  for (const row of taken) {
    try {
      await sender.send({ id: row.id, to: row.toNumber, templateId: row.templateId ?? undefined, body: row.body });
      await db.update(smsOutbox).set({ status: 'sent', sentAt: clock.now(), lastError: null }).where(eq(smsOutbox.id, row.id));
      sent.push(row.id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const { givingUp, retryInMs, row: failed } = afterFailedSend(row.attempts, settings, clock.now(), reason);
      await db.update(smsOutbox).set(failed).where(eq(smsOutbox.id, row.id));
      if (givingUp) log.error({ smsId: row.id, attempts: row.attempts, reason }, 'text failed for good');
      else log.warn({ smsId: row.id, attempts: row.attempts, reason, retryInMs }, 'text not sent; trying again');
    }
  }
  return sent;
}
