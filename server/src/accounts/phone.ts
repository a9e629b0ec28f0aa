import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { PHONE_CODE_DIGITS, PHONE_CODE_MINUTES, PHONE_CODE_SENDS, PHONE_CODE_TRIES } from '#domain/limits';
import { indianE164, readableIndianMobile, samePhone } from '#domain/schemas/phone';
import type { Database } from '../db/client';
import { accounts, type AccountRow, bookings, phoneCodes } from '../db/schema';
import { HttpError } from '../http/errors';
import { enforceQuota } from '../limits/quotas';
import { queueSms } from '../sms/outbox';
import type { SmsLanguage, SmsSettings } from '../sms/transport';
import { t } from '../i18n';

export const NO_CODE = 'server.phone.noCode';
export const CODE_EXPIRED = 'server.phone.expired';
export const WRONG_CODE = 'server.phone.wrongCode';
export const TRIES_USED = 'server.phone.triesUsed';
export const VERIFY_TO_BOOK = 'server.phone.verifyToBook';
export const VERIFY_FOR_PAYOUTS = 'server.phone.verifyForPayouts';

/** Salted, so two accounts sent the same code keep different hashes; a code lasts minutes, so a fast hash does. */
function hashCode(salt: string, code: string): string {
  return `${salt}:${createHash('sha256').update(`${salt}:${code}`).digest('hex')}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt = ''] = stored.split(':');
  const expected = Buffer.from(stored);
  const given = Buffer.from(hashCode(salt, code));
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface CodeSent {
  /** E.164, as texted. */
  number: string;
  smsId: number;
  expiresAt: Date;
}

/**
 * Texts a new code to `written` (an Indian mobile) for the account, within the send limits per
 * account and per number, and queues the text in the same transaction. The account's number is not
 * changed until the code comes back (confirmCode): a typo never replaces a working number.
 */
export async function sendCode(
  db: Database,
  sms: Pick<SmsSettings, 'phoneCodeTemplates'>,
  account: AccountRow,
  written: string,
  now: Date,
  language: SmsLanguage = 'en',
): Promise<CodeSent> {
  const number = indianE164(written);
  // The route's schema took only Indian mobiles, which all have this form.
  if (!number) throw new Error(`not an Indian mobile: ${written}`);
  const code = String(randomInt(0, 10 ** PHONE_CODE_DIGITS)).padStart(PHONE_CODE_DIGITS, '0');
  const expiresAt = new Date(now.getTime() + PHONE_CODE_MINUTES * 60_000);
  const smsId = await db.transaction(async (tx) => {
    await enforceQuota(tx, 'phoneCodesByAccount', account.id, PHONE_CODE_SENDS, now);
    await enforceQuota(tx, 'phoneCodesByNumber', number, PHONE_CODE_SENDS, now);
    const salt = randomBytes(8).toString('hex');
    await tx
      .insert(phoneCodes)
      .values({ accountId: account.id, phoneNumber: number, codeHash: hashCode(salt, code), expiresAt, createdAt: now });
    return queueSms(
      tx,
      { to: number, templateId: sms.phoneCodeTemplates[language], body: t('server.sms.phoneCode', { code }) },
      now,
    );
  });
  return { number, smsId, expiresAt };
}

/**
 * Checks `code` against the account's newest code. A right one, in time and within its tries, makes
 * the code's number the account's, verified now. A wrong one counts a try; once the tries are used,
 * even the right code is refused and nothing changes.
 */
export async function confirmCode(db: Database, account: AccountRow, code: string, now: Date): Promise<AccountRow> {
  const outcome = await db.transaction(async (tx): Promise<{ refusal: string } | { saved: AccountRow }> => {
    const [latest] = await tx
      .select()
      .from(phoneCodes)
      .where(and(eq(phoneCodes.accountId, account.id), isNull(phoneCodes.usedAt)))
      .orderBy(desc(phoneCodes.createdAt))
      .limit(1)
      .for('update');
    if (!latest) return { refusal: t(NO_CODE) };
    if (latest.attempts >= PHONE_CODE_TRIES) return { refusal: t(TRIES_USED, { tries: PHONE_CODE_TRIES }) };
    if (latest.expiresAt <= now) return { refusal: t(CODE_EXPIRED) };
    if (!codeMatches(latest.codeHash, code)) {
      await tx
        .update(phoneCodes)
        .set({ attempts: sql`${phoneCodes.attempts} + 1` })
        .where(eq(phoneCodes.id, latest.id));
      return { refusal: t(WRONG_CODE, { left: PHONE_CODE_TRIES - latest.attempts - 1 }) };
    }
    await tx.update(phoneCodes).set({ usedAt: now }).where(eq(phoneCodes.id, latest.id));
    const [saved] = await tx
      .update(accounts)
      .set({ phoneNumber: readableIndianMobile(latest.phoneNumber), phoneVerifiedAt: now })
      .where(eq(accounts.id, account.id))
      .returning();
    if (!saved) throw new Error('the signed-in account was not found to update');
    return { saved };
  });
  // A wrong try is counted (committed) before the refusal is thrown.
  if ('refusal' in outcome) throw new HttpError(400, outcome.refusal);
  return outcome.saved;
}

/** Whether a number change keeps the account's verification: only when it is the same number, written another way. */
export function keepsVerification(account: AccountRow, phoneNumber: string | null | undefined): boolean {
  return phoneNumber === undefined || samePhone(account.phoneNumber, phoneNumber);
}

function phoneNotVerified(message: string): HttpError {
  return new HttpError(403, message, {}, 'phoneNotVerified');
}

/**
 * A renter's first booking request needs a verified number: the owner must be able to reach whoever
 * turns up for the car. A renter who has asked before was let through then, or booked before the rule.
 */
export async function checkMayRequestBooking(db: Database, renter: AccountRow): Promise<void> {
  if (renter.phoneVerifiedAt) return;
  const [earlier] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.renterId, renter.id)).limit(1);
  if (!earlier) throw phoneNotVerified(t(VERIFY_TO_BOOK));
}

/** Payout details move an owner's money: they are saved only by an account whose number is proved. */
export function checkMayChangePayoutDetails(owner: AccountRow): void {
  if (!owner.phoneVerifiedAt) throw phoneNotVerified(t(VERIFY_FOR_PAYOUTS));
}
