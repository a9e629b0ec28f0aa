import { z } from 'zod';
import { checkText } from '../issue-message';
import { DRIVER_SURCHARGE_PER_HOUR } from '../booking-total';
import {
  BODY_TYPES,
  CAR_YEAR_MIN,
  CITIES,
  carYearMax,
  DEPOSIT_CEILING_PAISE,
  FUELS,
  KM_PER_DAY_LIMIT_MAX,
  PICKUP_AREA_MAX,
  SEATS_MAX,
  SEATS_MIN,
  TRANSMISSIONS,
  TRIP_UNIT_PRICE_MAX_PAISE,
} from '../car-attributes';
import {
  CARNAME_MAX,
  COMMENT_MAX,
  DESCRIPTION_MAX,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PRICE_MAX,
  PRICE_MIN,
  URL_MAX,
  USERNAME_MAX,
  ADMIN_REASON_MAX,
} from '../limits';

// The fields several requests share, with the contract's limits, and the pieces every answer
// shares. A schema words a message itself only where the server's generic wording would not do.

export const id = z.uuid();

/**
 * An ISO 8601 instant that carries its offset (`Z` or `+05:30`), as a Date: a wall-clock time
 * without one would name a different moment on every machine. The range covers any real rental
 * and keeps to instants the database reads back with a four-digit year, in UTC and in India time
 * (PostgreSQL has no year 0 and does not parse a five-digit year).
 */
export const instant = z.iso
  .datetime({ offset: true })
  .transform((text) => new Date(text))
  .pipe(
    z
      .date()
      .min(new Date(Date.UTC(1970, 0, 1)))
      .max(new Date(Date.UTC(9999, 11, 31))),
  );

export const email = z.string().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email());

export const password = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** Usernames cannot contain `@`, so a sign-in that accepts either can tell the two apart. */
export const username = z
  .string()
  .trim()
  .min(1)
  .max(USERNAME_MAX)
  .refine((name) => !name.includes('@'), 'checks.username.noAt');

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const PRICE_MESSAGE = checkText('checks.price.range', { min: rupees.format(PRICE_MIN), max: rupees.format(PRICE_MAX) });

/** What the published contract says a car's price is, wherever one is read or written. */
export const PRICE_DESCRIPTION = `Whole rupees per hour. A booking costs its whole hours times this, plus ${rupees.format(DRIVER_SURCHARGE_PER_HOUR)} an hour with a driver.`;

/** Whole rupees per hour; the add form sends the price as text, so digits in a string count too. */
export const price = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
    error: (issue) => (issue.input === undefined ? 'checks.price.required' : PRICE_MESSAGE),
  })
  .pipe(z.number().int(PRICE_MESSAGE).min(PRICE_MIN, PRICE_MESSAGE).max(PRICE_MAX, PRICE_MESSAGE))
  .meta({ description: PRICE_DESCRIPTION });

function isImageAddress(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** An http(s) URL or a path on this site. */
export const imageUrl = z.string().trim().min(1).max(URL_MAX).refine(isImageAddress, 'checks.imageUrl.address');

export const carName = z.string().trim().min(1).max(CARNAME_MAX);

export const description = z.string().trim().max(DESCRIPTION_MAX);

/** `field`: the id of the field's name, as a sentence starts with it. */
const oneOf = <const T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: checkText('checks.issue.oneOf', { field: { id: field }, options: values.join(', ') }) });

export const city = oneOf('checks.field.city', CITIES);
export const bodyType = oneOf('checks.field.bodyType', BODY_TYPES);
export const transmission = oneOf('checks.field.transmission', TRANSMISSIONS);
export const fuel = oneOf('checks.field.fuel', FUELS);

/** Free text telling a renter where to collect the car, e.g. "Indiranagar, near the metro station". */
export const pickupArea = z
  .string()
  .trim()
  .max(PICKUP_AREA_MAX, checkText('checks.pickupArea.tooLong', { max: PICKUP_AREA_MAX }));

const SEATS_MESSAGE = checkText('checks.seats.range', { min: SEATS_MIN, max: SEATS_MAX });
export const seats = z.int(SEATS_MESSAGE).min(SEATS_MIN, SEATS_MESSAGE).max(SEATS_MAX, SEATS_MESSAGE);

/** The model year; the upper bound moves with the calendar, so it is checked when the request is read. */
export const carYear = z.int('checks.year.whole').superRefine((year, context) => {
  const max = carYearMax();
  if (year < CAR_YEAR_MIN || year > max) {
    context.addIssue({ code: 'custom', message: checkText('checks.year.range', { min: CAR_YEAR_MIN, max }) });
  }
});

const KM_MESSAGE = checkText('checks.kmPerDayLimit.range', { max: KM_PER_DAY_LIMIT_MAX });
export const kmPerDayLimit = z.int(KM_MESSAGE).min(1, KM_MESSAGE).max(KM_PER_DAY_LIMIT_MAX, KM_MESSAGE);

/** Paise, worded in rupees as the form takes them, grouped as India writes them (1,00,000). */
const rupeesOf = (paise: number) => (paise / 100).toLocaleString('en-IN');

/** The deposit's hard bounds; the server holds it within DEPOSIT_MIN_PAISE and DEPOSIT_MAX_PAISE, which lie inside them. */
export const depositRangeMessage = (minPaise: number, maxPaise: number) =>
  checkText('checks.depositPaise.range', { min: rupeesOf(minPaise), max: rupeesOf(maxPaise) });
const DEPOSIT_MESSAGE = depositRangeMessage(0, DEPOSIT_CEILING_PAISE);
export const depositPaise = z.int(DEPOSIT_MESSAGE).min(0, DEPOSIT_MESSAGE).max(DEPOSIT_CEILING_PAISE, DEPOSIT_MESSAGE);

/** A price per km, eighth or tenth, in paise; `field` is the id of its name in the form. */
const tripUnitPrice = (field: string) => {
  const message = checkText('checks.tripPrice.range', { field: { id: field }, max: rupeesOf(TRIP_UNIT_PRICE_MAX_PAISE) });
  return z.int(message).min(0, message).max(TRIP_UNIT_PRICE_MAX_PAISE, message);
};
export const extraKmPrice = tripUnitPrice('checks.field.extraKmPrice');
export const fuelEighthPrice = tripUnitPrice('checks.field.fuelEighthPrice');
export const batteryTenthPrice = tripUnitPrice('checks.field.batteryTenthPrice');

/**
 * A comment's, review's or reply's text, named in every message as its form names it ("Comment",
 * "Your reply"): `label` is the id of that name.
 */
export const writtenText = (label: string, max = COMMENT_MAX) => {
  const field = { id: label };
  return z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? checkText('checks.issue.required', { field })
          : checkText('checks.issue.type', { field, type: { id: 'checks.type.string' } }),
    })
    .trim()
    .min(1, checkText('checks.issue.empty', { field }))
    .max(max, checkText('checks.issue.tooLong', { field, maximum: max }));
};

/** What sign-in forms send: any text (a wrong login is a 401, not a 400), bounded so a flood of huge bodies costs nothing. */
export const loginName = z.string().max(500).optional().default('');
export const loginPassword = z.string().min(1).max(1000);

/** An instant as the server writes it: ISO 8601 with its offset (`Z`, or `+05:30` for booking periods). */
export const isoInstant = z.iso.datetime({ offset: true });

/** Every object the server returns carries both `_id` and `id`, with the same value (ids are opaque strings). */
export const Identified = z.object({ _id: z.string(), id: z.string() });
export type Identified = z.output<typeof Identified>;

/** A reason left out or blank: the message id, with its values. */
export const REASON_MISSING = { id: 'checks.reason.required', values: { max: ADMIN_REASON_MAX } } as const;
const REASON_MISSING_TEXT = checkText(REASON_MISSING.id, REASON_MISSING.values);
const REASON_LENGTH = checkText('checks.reason.length', { max: ADMIN_REASON_MAX });
/** A reason a person gives for a step, for others to read: 1 to ADMIN_REASON_MAX characters once trimmed. */
export const reason = z
  .string({ error: (issue) => (issue.input === undefined ? REASON_MISSING_TEXT : REASON_LENGTH) })
  .trim()
  .min(1, REASON_MISSING_TEXT)
  .max(ADMIN_REASON_MAX, REASON_LENGTH);
