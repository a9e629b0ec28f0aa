import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

/** One message, as the product writes it: plain text, and the same in simple HTML. */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queues mail for the worker (plugins/mail.ts). Called with the transaction of the change the mail
 * tells of, so a change that rolls back sends nothing and a committed one is sent even after a
 * restart; the request never waits for a mail server. `now`, from the app's clock, is when the mail
 * is queued and due; left out, the database's clock says, only until every caller passes it.
 */
export async function queueMail(db: Database, mails: readonly Mail[], now?: Date): Promise<void> {
  if (mails.length === 0) return;
  await db.insert(mailOutbox).values(
    mails.map((mail) => ({
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      createdAt: now,
      nextAttemptAt: now,
    })),
  );
}
