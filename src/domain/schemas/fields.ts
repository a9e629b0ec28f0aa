import { z } from 'zod';
import { DRIVER_SURCHARGE_PER_HOUR } from '../booking-total';
import {
  BODY_TYPES,
  CAR_YEAR_MIN,
  CITIES,
  carYearMax,
  FUELS,
  KM_PER_DAY_LIMIT_MAX,
  PICKUP_AREA_MAX,
  SEATS_MAX,
  SEATS_MIN,
  TRANSMISSIONS,
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
  .refine((name) => !name.includes('@'), 'Username must not contain "@".');

const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 });
const PRICE_MESSAGE = `Price must be a whole number of rupees per hour, from ${rupees.format(PRICE_MIN)} to ${rupees.format(PRICE_MAX)}.`;

/** What the published contract says a car's price is, wherever one is read or written. */
export const PRICE_DESCRIPTION = `Whole rupees per hour. A booking costs its whole hours times this, plus ${rupees.format(DRIVER_SURCHARGE_PER_HOUR)} an hour with a driver.`;

/** Whole rupees per hour; the add form sends the price as text, so digits in a string count too. */
export const price = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], {
    error: (issue) => (issue.input === undefined ? 'Price is required.' : PRICE_MESSAGE),
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
export const imageUrl = z
  .string()
  .trim()
  .min(1)
  .max(URL_MAX)
  .refine(isImageAddress, 'Picture address must be an http:// or https:// address, or a path on this site beginning with "/".');

export const carName = z.string().trim().min(1).max(CARNAME_MAX);

export const description = z.string().trim().max(DESCRIPTION_MAX);

const oneOf = <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of: ${values.join(', ')}.` });

export const city = oneOf('City', CITIES);
export const bodyType = oneOf('Body type', BODY_TYPES);
export const transmission = oneOf('Transmission', TRANSMISSIONS);
export const fuel = oneOf('Fuel', FUELS);

/** Free text telling a renter where to collect the car, e.g. "Indiranagar, near the metro station". */
export const pickupArea = z.string().trim().max(PICKUP_AREA_MAX, `Pickup area must be at most ${PICKUP_AREA_MAX} characters.`);

const SEATS_MESSAGE = `Seats must be a whole number from ${SEATS_MIN} to ${SEATS_MAX}.`;
export const seats = z.int(SEATS_MESSAGE).min(SEATS_MIN, SEATS_MESSAGE).max(SEATS_MAX, SEATS_MESSAGE);

/** The model year; the upper bound moves with the calendar, so it is checked when the request is read. */
export const carYear = z.int('Year must be a whole number.').superRefine((year, context) => {
  const max = carYearMax();
  if (year < CAR_YEAR_MIN || year > max) {
    context.addIssue({ code: 'custom', message: `Year must be from ${CAR_YEAR_MIN} to ${max}.` });
  }
});

const KM_MESSAGE = `Km per day limit must be a whole number of kilometres from 1 to ${KM_PER_DAY_LIMIT_MAX}.`;
export const kmPerDayLimit = z.int(KM_MESSAGE).min(1, KM_MESSAGE).max(KM_PER_DAY_LIMIT_MAX, KM_MESSAGE);

/** A comment's, review's or reply's text, named in every message as its form names it ("Comment", "Your reply"). */
export const writtenText = (label: string, max = COMMENT_MAX) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, `${label} must not be empty.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** What sign-in forms send: any text (a wrong login is a 401, not a 400), bounded so a flood of huge bodies costs nothing. */
export const loginName = z.string().max(500).optional().default('');
export const loginPassword = z.string().min(1).max(1000);

/** An instant as the server writes it: ISO 8601 with its offset (`Z`, or `+05:30` for booking periods). */
export const isoInstant = z.iso.datetime({ offset: true });

/** Every object the server returns carries both `_id` and `id`, with the same value (ids are opaque strings). */
export const Identified = z.object({ _id: z.string(), id: z.string() });
export type Identified = z.output<typeof Identified>;
