import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock/clock';
import type { Database } from '../db/client';
import { deliverOutbox } from '../db/outbox-rounds';
import { smsOutbox } from '../db/schema';
import type { SmsSender, SmsSettings } from './transport';

/** Longer than a batch of texts can take at the send timeout. */
const CLAIM_MS = 5 * 60 * 1000;

/**
 * One round of the SMS worker (deliverOutbox): the due texts, or only text `only`, due or not, when
 * the request that queued it tries it at once (its text is its own until it falls due for the
 * worker, queueSms). Answers the ids it sent.
 */
export async function deliverDueSms(
  db: Database,
  sender: SmsSender,
  settings: Pick<SmsSettings, 'retryBaseMs' | 'maxAttempts'>,
  log: FastifyBaseLogger,
  clock: Clock,
  only?: number,
): Promise<number[]> {
  const words = { idKey: 'smsId', failedForGood: 'text failed for good', tryingAgain: 'text not sent; trying again' };
  const { sent } = await deliverOutbox(smsOutbox, { db, settings, log, clock, claimMs: CLAIM_MS, words, only }, (row) =>
    sender.send({ id: row.id, to: row.toNumber, templateId: row.templateId ?? undefined, body: row.body }),
  );
  return sent;
}
