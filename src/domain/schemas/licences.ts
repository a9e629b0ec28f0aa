import { z } from 'zod';
import { isoInstant } from './fields';

// A renter's driving licence (`/api/account/licence`), reviewed by an admin before its renter may book.

/** Fields of the licence form, sent as multipart text fields before its two photos. */
export const LICENCE_FIELDS = { number: 'number', dateOfBirth: 'dateOfBirth', expiresOn: 'expiresOn' } as const;
/** The multipart file fields of the licence's two photos, in the order they are sent. */
export const LICENCE_PHOTO_SIDES = ['front', 'back'] as const;
export type LicencePhotoSide = (typeof LICENCE_PHOTO_SIDES)[number];

export const LICENCE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type LicenceStatus = (typeof LICENCE_STATUSES)[number];

/** The state and union territory codes that begin an Indian licence number (with the older OR and UA). */
export const INDIAN_STATE_CODES = [
  'AN',
  'AP',
  'AR',
  'AS',
  'BR',
  'CG',
  'CH',
  'DD',
  'DL',
  'DN',
  'GA',
  'GJ',
  'HP',
  'HR',
  'JH',
  'JK',
  'KA',
  'KL',
  'LA',
  'LD',
  'MH',
  'ML',
  'MN',
  'MP',
  'MZ',
  'NL',
  'OD',
  'OR',
  'PB',
  'PY',
  'RJ',
  'SK',
  'TN',
  'TR',
  'TS',
  'UA',
  'UK',
  'UP',
  'WB',
] as const;

const MODERN_NUMBER = /^[A-Z]{2}[0-9]{2}[0-9]{4}[0-9]{7}$/;
/** Letters and digits only once spaces and hyphens are gone, of a length some licence number has had. */
const ANY_NUMBER = /^[A-Z0-9]{6,20}$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export const LICENCE_NUMBER_FORMAT = 'checks.licence.number';
export const LICENCE_DATE_FORMAT = 'checks.licence.date';

/** A licence number as kept: upper case, without the spaces and hyphens people write it with. */
export function normalLicenceNumber(written: string): string {
  return written.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * Whether the (normalised) number has today's form: a known state code, an RTO's two digits, the
 * year of issue (not after `year`) and seven digits. Any other number is older, reviewed all the same.
 */
export function isModernLicenceNumber(number: string, year: number): boolean {
  if (!MODERN_NUMBER.test(number)) return false;
  const issued = Number(number.slice(4, 8));
  return (INDIAN_STATE_CODES as readonly string[]).includes(number.slice(0, 2)) && issued >= 1900 && issued <= year;
}

/** A calendar date "YYYY-MM-DD" that exists. */
const calendarDate = z
  .string()
  .trim()
  .refine((text) => DATE.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text), LICENCE_DATE_FORMAT);

/** The licence form's typed fields; the photos travel beside them as files. */
export const LicenceForm = z.object({
  number: z.string().transform(normalLicenceNumber).pipe(z.string().regex(ANY_NUMBER, LICENCE_NUMBER_FORMAT)),
  dateOfBirth: calendarDate,
  expiresOn: calendarDate,
});
export type LicenceForm = z.input<typeof LicenceForm>;

/** The renter's own licence as they see it: never its number's review notes beyond the reason. */
export const OwnLicence = z
  .object({
    status: z.enum(LICENCE_STATUSES),
    number: z.string(),
    dateOfBirth: z.string(),
    expiresOn: z.string(),
    olderFormat: z.boolean(),
    submittedAt: isoInstant,
    /** Set when rejected: the admin's words. */
    rejectionReason: z.string().nullable(),
    /** The photos' addresses, served only to this renter and to admins. */
    photos: z.object({ front: z.string(), back: z.string() }),
    /** True when this server approved it at once (demo mode). */
    approvedAtOnce: z.boolean(),
  })
  .meta({ id: 'OwnLicence' });
export type OwnLicence = z.output<typeof OwnLicence>;

export const LicenceAnswer = z.object({ licence: OwnLicence.nullable() });
export type LicenceAnswer = z.output<typeof LicenceAnswer>;

/** A licence in the admins' queue: its typed details beside its photos and its renter. */
export const QueuedLicence = OwnLicence.extend({
  id: z.uuid(),
  renter: z.object({ id: z.uuid(), username: z.string(), email: z.string() }),
}).meta({ id: 'QueuedLicence' });
export type QueuedLicence = z.output<typeof QueuedLicence>;

export const LicenceQueue = z.object({ licences: z.array(QueuedLicence) });
export type LicenceQueue = z.output<typeof LicenceQueue>;

export const LicenceParams = z.object({ id: z.uuid() });
export const LicencePhotoParams = z.object({ id: z.uuid(), side: z.enum(LICENCE_PHOTO_SIDES) });

export const LicenceRejection = z.object({
  reason: z.string().trim().min(1, 'checks.licence.reason').max(500, 'checks.licence.reason'),
});
export type LicenceRejection = z.input<typeof LicenceRejection>;

/** Why a renter may not book yet, as the booking refusal's code and the car page name it. */
export const LICENCE_BLOCKS = ['licenceMissing', 'licenceNotApproved', 'licenceRejected', 'licenceExpiresBeforeTripEnd'] as const;
export type LicenceBlock = (typeof LICENCE_BLOCKS)[number];

/**
 * What stands between a renter and booking a trip ending at `tripEnd` (or, unknown, any trip from
 * today `today`): nothing when the licence is approved and valid through the trip's last day.
 */
export function licenceBlock(
  licence: Pick<OwnLicence, 'status' | 'expiresOn'> | null,
  lastDay: string,
): LicenceBlock | undefined {
  if (!licence) return 'licenceMissing';
  if (licence.status === 'pending') return 'licenceNotApproved';
  if (licence.status === 'rejected') return 'licenceRejected';
  return licence.expiresOn < lastDay ? 'licenceExpiresBeforeTripEnd' : undefined;
}

export const AGE_BANDS = ['21–25', '26–35', '36–50', '51+'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** Whole years from `dateOfBirth` to `day` ("YYYY-MM-DD" both). */
export function ageOn(dateOfBirth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return day.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

export function ageBand(age: number): AgeBand | null {
  if (age < 21) return null;
  if (age <= 25) return '21–25';
  if (age <= 35) return '26–35';
  if (age <= 50) return '36–50';
  return '51+';
}

/** What a car's owner sees of the renter on a request: never the licence's number or photos. */
export const RenterSummary = z
  .object({
    approvedToDrive: z.boolean(),
    /** From the licence's date of birth at the trip's start; null without a licence. */
    ageBand: z.enum(AGE_BANDS).nullable(),
    /** Accepted bookings of the renter whose period has ended. */
    completedTrips: z.int(),
    /** How many car keepers' ratings of the renter show; 0 when none do yet. */
    ratingCount: z.int(),
    /** The average of those ratings, to one decimal; sent only when there is at least one. */
    ratingAverage: z.number().min(1).max(5).optional(),
  })
  .meta({ id: 'RenterSummary' });
export type RenterSummary = z.output<typeof RenterSummary>;
