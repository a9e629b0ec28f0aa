import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock/clock';
import type { Database } from './client';
import type { mailOutbox, smsOutbox } from './schema';

/** How an outbox (mail, texts) tries again: the wait grows fourfold from `retryBaseMs`, up to `maxAttempts` sends. */
export interface RetrySettings {
  retryBaseMs: number;
  maxAttempts: number;
}

/**
 * What an outbox row becomes after its `attempts`-th send failed at `now` for `reason`: due again
 * after a growing wait, or failed for good after the last attempt.
 */
export function afterFailedSend(attempts: number, settings: RetrySettings, now: Date, reason: string) {
  const givingUp = attempts >= settings.maxAttempts;
  const retryInMs = settings.retryBaseMs * 4 ** (attempts - 1);
  return {
    givingUp,
    retryInMs,
    row: {
      status: givingUp ? ('failed' as const) : ('queued' as const),
      lastError: reason.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + (givingUp ? 0 : retryInMs)),
    },
  };
}

/** The outboxes: rows written in the transaction of the change they tell of, sent by a worker on every instance. */
type OutboxTable = typeof mailOutbox | typeof smsOutbox;

/** Rows taken per round: few, so a slow provider holds few rows that another instance could send. */
const BATCH = 10;

export interface OutboxRound {
  db: Database;
  settings: RetrySettings;
  log: FastifyBaseLogger;
  clock: Clock;
  /**
   * How long a taken row is left alone by the other instances: longer than a batch can take at the
   * provider's timeouts, so only a worker that died mid-round lets another send its rows again.
   */
  claimMs: number;
  /** How the log names a row and what became of it: `mailId`, "mail failed for good", "mail not sent; trying again". */
  words: { idKey: string; failedForGood: string; tryingAgain: string };
  /** Only this row, due or not: the request that queued it tries it at once. */
  only?: number | undefined;
}

/**
 * One round of an outbox's worker: takes the rows that are due (rows another instance is taking are
 * skipped, so each goes to one worker), sends each outside any transaction, and records what
 * happened: sent, due again after a growing wait, or failed after the last attempt. Answers the ids
 * it took and the ones it sent.
 */
export async function deliverOutbox<T extends OutboxTable>(
  table: T,
  { db, settings, log, clock, claimMs, words, only }: OutboxRound,
  send: (row: T['$inferSelect']) => Promise<void>,
): Promise<{ taken: number; sent: number[] }> {
  const outbox: OutboxTable = table;
  const now = clock.now();
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(eq(outbox.status, 'queued'), only === undefined ? lte(outbox.nextAttemptAt, now) : eq(outbox.id, only)))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  // The rows of `table`, read through the union its columns were named by.
  const taken = (await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + claimMs) })
    .where(inArray(outbox.id, due))
    .returning()) as T['$inferSelect'][];

  const sent: number[] = [];
  for (const row of taken) {
    try {
      await send(row);
      await db.update(outbox).set({ status: 'sent', sentAt: clock.now(), lastError: null }).where(eq(outbox.id, row.id));
      sent.push(row.id);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const { givingUp, retryInMs, row: failed } = afterFailedSend(row.attempts, settings, clock.now(), reason);
      await db.update(outbox).set(failed).where(eq(outbox.id, row.id));
      const context = { [words.idKey]: row.id, attempts: row.attempts, reason };
      if (givingUp) log.error(context, words.failedForGood);
      else log.warn({ ...context, retryInMs }, words.tryingAgain);
    }
  }
  return { taken: taken.length, sent };
}
