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
 * How long the worker leaves a new text to the request that queued it, which tries it once at
 * once (bounded well inside this); should that request's process die, the worker sends it after.
 */
export const REQUEST_TRY_MS = 30_000;

/**
 * Queues a text in the transaction of the change it tells of, as queueMail does for mail, and
 * answers its id: the request tries it at once (plugins/sms.ts `sendNow`), and the worker takes it
 * only after REQUEST_TRY_MS, so the two never send it both.
 */
export async function queueSms(db: Database, sms: Sms, now: Date): Promise<number> {
  const [row] = await db
    .insert(smsOutbox)
    .values({
      toNumber: sms.to,
      templateId: sms.templateId ?? null,
      body: sms.body,
      createdAt: now,
      nextAttemptAt: new Date(now.getTime() + REQUEST_TRY_MS),
    })
    .returning({ id: smsOutbox.id });
  if (!row) throw new Error('the text was not queued');
  return row.id;
}
