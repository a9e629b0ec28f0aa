import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock/clock';
import type { Database } from '../db/client';
import { deliverOutbox } from '../db/outbox-rounds';
import { mailOutbox } from '../db/schema';
import type { MailSender, MailSettings } from './transport';

/** Longer than a batch of mails can take at the SMTP timeouts. */
const CLAIM_MS = 10 * 60 * 1000;

/** One round of the mail worker (deliverOutbox): answers how many mails it took. */
export async function deliverDueMail(
  db: Database,
  sender: MailSender,
  settings: Pick<MailSettings, 'retryBaseMs' | 'maxAttempts'>,
  log: FastifyBaseLogger,
  clock: Clock,
): Promise<number> {
  const words = { idKey: 'mailId', failedForGood: 'mail failed for good', tryingAgain: 'mail not sent; trying again' };
  const { taken } = await deliverOutbox(mailOutbox, { db, settings, log, clock, claimMs: CLAIM_MS, words }, (row) =>
    sender.send({ id: row.id, to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody }),
  );
  return taken;
}
