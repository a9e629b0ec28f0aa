import { and, count, eq } from 'drizzle-orm';
import { secondsUntilAllowed, type AttemptRows } from '../db/attempt-window';
import type { Database } from '../db/client';
import { LOCK_CLASS, lockSubject, type LockClass } from '../db/locks';
import {
  bookingMessages,
  bookings,
  cars,
  comments,
  contactMessages,
  passwordResetRequests,
  phoneCodes,
  photoUploads,
  registrationAttempts,
} from '../db/schema';
import { PHONE_CODE_SEND_MINUTES } from '#domain/limits';
import { HttpError, tooManyAttempts } from '../http/errors';
import { t } from '../i18n';

// Limits on writes, per account wherever there is one: many people may share one public address
// (carrier-grade NAT), so an address is limited only where no account exists yet (registration,
// password resets, the contact form). Each counts the rows themselves in the database, so every API
// instance sees the same count, under an advisory lock per subject (lockSubject) so that requests
// sent at once cannot all slip past.

/** How many writes of each kind; the tests raise them, quotas.test.ts checks the defaults. */
export interface WriteQuotas {
  /** Registrations an hour from one address (an IPv6 one as its /64): each costs a slow password hash. */
  registrationsPerHour: number;
  /** Comments and replies by one account in 10 minutes: a lively conversation stays well under it, a script does not. */
  commentsPerTenMinutes: number;
  /** Booking requests by one renter in an hour, whatever became of them: far more than anyone comparing cars sends. */
  bookingRequestsPerHour: number;
  /** Cars one owner may list at once: a stock, not a rate (see checkCarLimit). */
  carsPerOwner: number;
  /**
   * Photos one account may upload in an hour, stored or refused (PHOTO_UPLOADS_PER_HOUR): each costs
   * seconds of image work, and a full set for ten cars is 60.
   */
  photoUploadsPerHour: number;
  /**
   * Messages one account sends in a minute, over all its bookings' conversations: more than anyone
   * types, few enough that a renter cannot flood an owner's inbox.
   */
  bookingMessagesPerMinute: number;
}

export const DEFAULT_QUOTAS: WriteQuotas = {
  registrationsPerHour: 10,
  commentsPerTenMinutes: 20,
  bookingRequestsPerHour: 30,
  carsPerOwner: 100,
  photoUploadsPerHour: 60,
  bookingMessagesPerMinute: 10,
};

export type RateKind =
  | 'registrations'
  | 'comments'
  | 'bookingRequests'
  | 'passwordResetsByEmail'
  | 'passwordResetsByAddress'
  | 'contactMessages'
  | 'photoUploads'
  | 'bookingMessages'
  | 'phoneCodesByAccount'
  | 'phoneCodesByNumber';

/**
 * Reset links asked for in an hour, counted alike whether or not the email has an account: per email
 * enough for a person who asks again while the mail is slow, per address enough for a shared one.
 */
export const PASSWORD_RESET_LIMITS = { perEmail: 5, perAddress: 20 } as const;

/** Messages from the contact form an hour from one address. */
export const CONTACT_MESSAGES_PER_HOUR = 5;

const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;

/** Per kind: the advisory lock class, the window, which rows count, and the 429's reason. */
const RATES: Record<
  RateKind,
  { lockClass: LockClass; windowMs: number; rows: (subject: string) => AttemptRows; reason: (limit: number) => string }
> = {
  registrations: {
    lockClass: LOCK_CLASS.registrations,
    windowMs: HOUR_MS,
    rows: (address) => ({
      table: registrationAttempts,
      at: registrationAttempts.attemptedAt,
      where: eq(registrationAttempts.address, address),
    }),
    reason: () => t('server.quotas.registrations'),
  },
  comments: {
    lockClass: LOCK_CLASS.comments,
    windowMs: 10 * MINUTE_MS,
    rows: (accountId) => ({ table: comments, at: comments.createdAt, where: eq(comments.accountId, accountId) }),
    reason: (limit) => t('server.quotas.comments', { limit }),
  },
  bookingRequests: {
    lockClass: LOCK_CLASS.bookingRequests,
    windowMs: HOUR_MS,
    rows: (renterId) => ({ table: bookings, at: bookings.createdAt, where: eq(bookings.renterId, renterId) }),
    reason: (limit) => t('server.quotas.bookings', { limit }),
  },
  passwordResetsByEmail: {
    lockClass: LOCK_CLASS.passwordResetsByEmail,
    windowMs: HOUR_MS,
    rows: (email) => ({
      table: passwordResetRequests,
      at: passwordResetRequests.requestedAt,
      where: eq(passwordResetRequests.email, email),
    }),
    reason: (limit) => t('server.quotas.resetsPerEmail', { limit }),
  },
  passwordResetsByAddress: {
    lockClass: LOCK_CLASS.passwordResetsByAddress,
    windowMs: HOUR_MS,
    rows: (address) => ({
      table: passwordResetRequests,
      at: passwordResetRequests.requestedAt,
      where: eq(passwordResetRequests.address, address),
    }),
    reason: (limit) => t('server.quotas.resetsPerAddress', { limit }),
  },
  contactMessages: {
    lockClass: LOCK_CLASS.contactMessages,
    windowMs: HOUR_MS,
    rows: (address) => ({ table: contactMessages, at: contactMessages.createdAt, where: eq(contactMessages.address, address) }),
    reason: (limit) => t('server.quotas.messages', { limit }),
  },
  photoUploads: {
    lockClass: LOCK_CLASS.photoUploads,
    windowMs: HOUR_MS,
    rows: (accountId) => ({ table: photoUploads, at: photoUploads.uploadedAt, where: eq(photoUploads.accountId, accountId) }),
    reason: (limit) => t('server.quotas.photoUploads', { limit }),
  },
  bookingMessages: {
    lockClass: LOCK_CLASS.bookingMessages,
    windowMs: MINUTE_MS,
    rows: (senderId) => ({ table: bookingMessages, at: bookingMessages.sentAt, where: eq(bookingMessages.senderId, senderId) }),
    reason: (limit) => t('server.quotas.bookingMessages', { limit }),
  },
  phoneCodesByAccount: {
    lockClass: LOCK_CLASS.phoneCodesByAccount,
    windowMs: PHONE_CODE_SEND_MINUTES * MINUTE_MS,
    rows: (accountId) => ({ table: phoneCodes, at: phoneCodes.createdAt, where: eq(phoneCodes.accountId, accountId) }),
    reason: (limit) => t('server.quotas.phoneCodesByAccount', { limit }),
  },
  phoneCodesByNumber: {
    lockClass: LOCK_CLASS.phoneCodesByNumber,
    windowMs: PHONE_CODE_SEND_MINUTES * MINUTE_MS,
    rows: (phoneNumber) => ({ table: phoneCodes, at: phoneCodes.createdAt, where: eq(phoneCodes.phoneNumber, phoneNumber) }),
    reason: (limit) => t('server.quotas.phoneCodesByNumber', { limit }),
  },
};

/** The 429's reason for `kind` at `limit`, for a refusal made before the database is asked. */
export const quotaReason = (kind: RateKind, limit: number): string => RATES[kind].reason(limit);

/**
 * Refuses the write with 429 and Retry-After when `subject` (an account, or an address for
 * registrations) has made `limit` of this kind in its window. Call it in the transaction that then
 * stores the write: the lock it takes lasts until that transaction ends.
 */
export async function enforceQuota(tx: Database, kind: RateKind, subject: string, limit: number, now: Date): Promise<void> {
  const rate = RATES[kind];
  await lockSubject(tx, rate.lockClass, subject);
  const wait = await secondsUntilAllowed(tx, rate.rows(subject), { limit, windowMs: rate.windowMs }, now);
  if (wait > 0) throw tooManyAttempts(rate.reason(limit), wait);
}

/**
 * Refuses a new car with 409 once its owner lists `limit`. 409 rather than 429: no wait makes room,
 * only deleting a car does, and a Retry-After would invite clients to retry for nothing.
 */
export async function checkCarLimit(tx: Database, ownerId: string, limit: number): Promise<void> {
  await lockSubject(tx, LOCK_CLASS.carsPerOwner, ownerId);
  const [listed] = await tx
    .select({ n: count() })
    .from(cars)
    .where(and(eq(cars.ownerId, ownerId), eq(cars.kind, 'listed')));
  if ((listed?.n ?? 0) >= limit) {
    throw new HttpError(409, t('server.quotas.cars', { limit }));
  }
}
