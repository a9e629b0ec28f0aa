import type { Database } from '../db/client';
import { contactMessages, newsletterSignups } from '../db/schema';
import { CONTACT_MESSAGES_PER_HOUR, enforceQuota } from '../limits/quotas';

export interface ContactForm {
  name: string;
  email: string;
  message: string;
}

/**
 * Stores a message from the contact form for the admins to read, or refuses it with 429 once the
 * address sent `CONTACT_MESSAGES_PER_HOUR` in the hour. Counted in the database, like the sign-in
 * limits, so every API instance sees the same count.
 */
export async function storeContactMessage(db: Database, form: ContactForm, address: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await enforceQuota(tx, 'contactMessages', address, CONTACT_MESSAGES_PER_HOUR, now);
    await tx.insert(contactMessages).values({ ...form, address, createdAt: now });
  });
}

/** Adds the email to the newsletter's list; an email already on it stays as it was, signed up when it first was. */
export async function subscribeToNewsletter(db: Database, email: string, now: Date): Promise<void> {
  await db.insert(newsletterSignups).values({ email, createdAt: now }).onConflictDoNothing({ target: newsletterSignups.email });
}
