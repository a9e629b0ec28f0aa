import { and, asc, avg, count, eq, inArray, lte } from 'drizzle-orm';
import { TRIP_STATUSES } from '#domain/schemas/bookings';
import type { z } from 'zod';
import { indiaToday } from '#domain/india-time';
import { roundedRating } from '#domain/trip-reviews';
import {
  ageBand,
  ageOn,
  isModernLicenceNumber,
  licenceBlock,
  type LicenceBlock,
  type LicenceForm,
  type LicencePhotoSide,
  type OwnLicence,
  type QueuedLicence,
  type RenterSummary,
} from '#domain/schemas/licences';
import type { LicenceRules } from '../config';
import { recordAdminAction } from '../db/admin-actions';
import type { Database } from '../db/client';
import { type AccountRow, accounts, bookings, type LicenceRow, licences, renterReviews } from '../db/schema';
import { renterReviewShows } from '../reviews/views';
import { HttpError } from '../http/errors';
import { licenceReviewedMail } from '../mail/account-mails';
import { queueMail } from '../mail/outbox';
import { t } from '../i18n';

export const LICENCE_EXPIRED = 'server.licences.expired';
export const TOO_YOUNG = 'server.licences.tooYoung';
export const RENTERS_ONLY = 'server.licences.rentersOnly';
export const NO_SUCH_LICENCE = 'server.licences.noSuchLicence';
export const ALREADY_REVIEWED = 'server.licences.alreadyReviewed';

/** The words of each refusal of a booking for want of a licence, by the refusal's code. */
export const LICENCE_BLOCK_WORDS = {
  licenceMissing: 'server.licences.block.licenceMissing',
  licenceNotApproved: 'server.licences.block.licenceNotApproved',
  licenceRejected: 'server.licences.block.licenceRejected',
  licenceExpiresBeforeTripEnd: 'server.licences.block.licenceExpiresBeforeTripEnd',
} as const satisfies Record<LicenceBlock, string>;

/** Where a licence's photo is served: to its renter and to admins only. */
export function licencePhotoPath(licenceId: string, side: LicencePhotoSide): string {
  return `/api/licences/${licenceId}/photos/${side}`;
}

function toOwnLicence(row: LicenceRow): OwnLicence {
  return {
    status: row.status,
    number: row.number,
    dateOfBirth: row.dateOfBirth,
    expiresOn: row.expiresOn,
    olderFormat: row.olderFormat,
    submittedAt: row.submittedAt.toISOString(),
    rejectionReason: row.rejectionReason,
    photos: { front: licencePhotoPath(row.id, 'front'), back: licencePhotoPath(row.id, 'back') },
    approvedAtOnce: row.approvedAtOnce,
  };
}

/** Renters alone hold licences: an owner or an admin never books. */
export function checkRenter(account: AccountRow): void {
  if (account.role !== 'user') throw new HttpError(403, t(RENTERS_ONLY));
}

/**
 * The form's dates against the app clock's today in India: a licence already expired, or a date of
 * birth less than `minAge` years ago, is refused (400) before any photo is read.
 */
export function checkLicenceDates(form: z.output<typeof LicenceForm>, now: Date, minAge: number): void {
  const today = indiaToday(now);
  if (form.expiresOn < today) throw new HttpError(400, t(LICENCE_EXPIRED));
  if (ageOn(form.dateOfBirth, today) < minAge) throw new HttpError(400, t(TOO_YOUNG, { age: minAge }));
}

export async function ownLicenceRow(db: Database, accountId: string): Promise<LicenceRow | undefined> {
  const [row] = await db.select().from(licences).where(eq(licences.accountId, accountId)).limit(1);
  return row;
}

export async function ownLicence(db: Database, accountId: string): Promise<OwnLicence | null> {
  const row = await ownLicenceRow(db, accountId);
  return row ? toOwnLicence(row) : null;
}

export interface LicenceSubmission {
  form: z.output<typeof LicenceForm>;
  photoKeys: Record<LicencePhotoSide, string>;
  /** Demo mode: approved at once, with no admin. */
  approveAtOnce: boolean;
}

/**
 * Keeps the renter's licence, replacing the one before (approved or not: the new one is reviewed
 * afresh). Returns it with the photo keys the one before had, for the caller to remove their files.
 */
export async function saveLicence(
  db: Database,
  renter: AccountRow,
  { form, photoKeys, approveAtOnce }: LicenceSubmission,
  now: Date,
): Promise<{ licence: OwnLicence; replacedKeys: string[] }> {
  const values = {
    accountId: renter.id,
    number: form.number,
    dateOfBirth: form.dateOfBirth,
    expiresOn: form.expiresOn,
    olderFormat: !isModernLicenceNumber(form.number, Number(indiaToday(now).slice(0, 4))),
    status: approveAtOnce ? ('approved' as const) : ('pending' as const),
    rejectionReason: null,
    frontKey: photoKeys.front,
    backKey: photoKeys.back,
    submittedAt: now,
    reviewedAt: approveAtOnce ? now : null,
    reviewedBy: null,
    approvedAtOnce: approveAtOnce,
  };
  return db.transaction(async (tx) => {
    const before = await tx.select().from(licences).where(eq(licences.accountId, renter.id)).for('update');
    const [row] = await tx
      .insert(licences)
      .values(values)
      .onConflictDoUpdate({ target: licences.accountId, set: values })
      .returning();
    if (!row) throw new Error('the licence was not stored');
    return { licence: toOwnLicence(row), replacedKeys: before.flatMap((old) => [old.frontKey, old.backKey]) };
  });
}

/** Removes the renter's licence; returns its photo keys for the caller to remove the files, none when there was none. */
export async function removeLicence(db: Database, renterId: string): Promise<string[]> {
  const removed = await db.delete(licences).where(eq(licences.accountId, renterId)).returning();
  return removed.flatMap((row) => [row.frontKey, row.backKey]);
}

/** The licences waiting for an admin, oldest first. */
export async function licenceQueue(db: Database): Promise<QueuedLicence[]> {
  const rows = await db
    .select({ licence: licences, renter: { id: accounts.id, username: accounts.username, email: accounts.email } })
    .from(licences)
    .innerJoin(accounts, eq(accounts.id, licences.accountId))
    .where(eq(licences.status, 'pending'))
    .orderBy(asc(licences.submittedAt), asc(licences.id));
  return rows.map(({ licence, renter }) => ({ ...toOwnLicence(licence), id: licence.id, renter }));
}

export type LicenceDecision = { approve: true } | { approve: false; reason: string };

/**
 * An admin's approval or rejection of a pending licence: audited, and mailed to its renter, in the
 * same transaction. A licence already decided (by another admin, or replaced) is refused with 409.
 */
export async function reviewLicence(
  db: Database,
  admin: AccountRow,
  licenceId: string,
  decision: LicenceDecision,
  now: Date,
  accountUrl: string,
): Promise<QueuedLicence> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ licence: licences, renter: accounts })
      .from(licences)
      .innerJoin(accounts, eq(accounts.id, licences.accountId))
      .where(eq(licences.id, licenceId))
      .for('update', { of: licences });
    if (!found) throw new HttpError(404, t(NO_SUCH_LICENCE));
    if (found.licence.status !== 'pending') throw new HttpError(409, t(ALREADY_REVIEWED));
    const status = decision.approve ? ('approved' as const) : ('rejected' as const);
    const reason = decision.approve ? null : decision.reason;
    const [row] = await tx
      .update(licences)
      .set({ status, rejectionReason: reason, reviewedAt: now, reviewedBy: admin.id })
      .where(eq(licences.id, licenceId))
      .returning();
    if (!row) throw new Error('the licence was not updated');
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: decision.approve ? 'licence.approve' : 'licence.reject',
      objectType: 'licence',
      objectId: licenceId,
      reason: reason ?? undefined,
      before: { status: 'pending' },
      after: { status },
      at: now,
    });
    await queueMail(tx, [licenceReviewedMail(found.renter, { status, reason, expiresOn: row.expiresOn }, accountUrl)], now);
    const { id, username, email } = found.renter;
    return { ...toOwnLicence(row), id: row.id, renter: { id, username, email } };
  });
}

/**
 * The stored key of one of a licence's photos, for its renter or an admin; anyone else is told there
 * is no such licence (404), so its existence is not revealed. An admin's look is audited.
 */
export async function licencePhotoKey(
  db: Database,
  viewer: AccountRow,
  licenceId: string,
  side: LicencePhotoSide,
  now: Date,
): Promise<string> {
  const [row] = await db.select().from(licences).where(eq(licences.id, licenceId)).limit(1);
  const isAdmin = viewer.role === 'admin';
  if (!row || (!isAdmin && row.accountId !== viewer.id)) throw new HttpError(404, t(NO_SUCH_LICENCE));
  if (isAdmin && row.accountId !== viewer.id) {
    await recordAdminAction(db, {
      adminId: viewer.id,
      action: 'licence.view_photo',
      objectType: 'licence',
      objectId: licenceId,
      after: { side },
      at: now,
    });
  }
  return side === 'front' ? row.frontKey : row.backKey;
}

/**
 * A booking needs an approved licence valid through the trip's last day (in India), unless the
 * operator turned the rule off (LICENCE_CHECK=false) and checks licences at the counter instead.
 */
export async function checkMayDrive(
  db: Database,
  rules: Pick<LicenceRules, 'check'>,
  renter: AccountRow,
  tripEnd: Date,
): Promise<void> {
  if (!rules.check) return;
  const row = await ownLicenceRow(db, renter.id);
  const block = licenceBlock(row ?? null, indiaToday(tripEnd));
  if (block) throw new HttpError(403, t(LICENCE_BLOCK_WORDS[block], { expiresOn: row?.expiresOn ?? '' }), {}, block);
}

/**
 * What a car's owner sees of each renter on their requests, by booking id: whether the renter is
 * approved to drive, their age band at the trip's start, their completed trips (accepted
 * bookings whose period has ended by `now`) and car keepers' ratings of them that show at `now`.
 * Never the licence's number or photos.
 */
export async function renterSummaries(
  db: Database,
  requests: readonly { bookingId: string; renterId: string; from: Date }[],
  now: Date,
): Promise<Map<string, RenterSummary>> {
  const renterIds = [...new Set(requests.map((request) => request.renterId))];
  if (renterIds.length === 0) return new Map();
  const [licenceRows, tripRows, ratingRows] = await Promise.all([
    db.select().from(licences).where(inArray(licences.accountId, renterIds)),
    db
      .select({ renterId: bookings.renterId, trips: count() })
      .from(bookings)
      .where(and(inArray(bookings.renterId, renterIds), inArray(bookings.status, TRIP_STATUSES), lte(bookings.endsAt, now)))
      .groupBy(bookings.renterId),
    db
      .select({ renterId: renterReviews.renterId, average: avg(renterReviews.rating), count: count() })
      .from(renterReviews)
      .where(and(inArray(renterReviews.renterId, renterIds), renterReviewShows(now)))
      .groupBy(renterReviews.renterId),
  ]);
  const licenceOf = new Map(licenceRows.map((row) => [row.accountId, row]));
  const tripsOf = new Map(tripRows.map((row) => [row.renterId, row.trips]));
  const ratingsOf = new Map(ratingRows.map((row) => [row.renterId, row]));
  return new Map(
    requests.map(({ bookingId, renterId, from }) => {
      const licence = licenceOf.get(renterId);
      const ratings = ratingsOf.get(renterId);
      return [
        bookingId,
        {
          approvedToDrive: licence?.status === 'approved',
          ageBand: licence ? ageBand(ageOn(licence.dateOfBirth, indiaToday(from))) : null,
          completedTrips: tripsOf.get(renterId) ?? 0,
          ratingCount: ratings?.count ?? 0,
          ...(ratings?.average == null ? {} : { ratingAverage: roundedRating(Number(ratings.average)) }),
        },
      ];
    }),
  );
}
