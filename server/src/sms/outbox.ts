import type { Database } from '../db/client';
import { smsOutbox } from '../db/schema';

/** One text, in the words its DLT template was registered with. */
export interface Sms {
  /** E.164: +91 and ten digits. */
  to: string;
  /** The DLT template id; undefined where no provider is set. */
  templateId: string | undefined;
  body: string;
}

/**
 * Queues a text for the SMS worker (plugins/sms.ts), in the transaction of the change it tells of,
 * as queueMail does for mail. Answers the row's id, so the request may try to send it at once.
 */
export async function queueSms(db: Database, sms: Sms, now: Date): Promise<number> {
  const [row] = await db
    .insert(smsOutbox)
    .values({ toNumber: sms.to, templateId: sms.templateId ?? null, body: sms.body, createdAt: now, nextAttemptAt: now })
    .returning({ id: smsOutbox.id });
  if (!row) throw new Error('the text was not queued');
  return row.id;
}
