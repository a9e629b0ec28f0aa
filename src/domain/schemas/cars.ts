import { z } from 'zod';
import { END_BEFORE_START } from '../booking-period';
import { checkText } from '../issue-message';
import { AVAILABILITY_MAX_DAYS, CARNAME_MAX, PRICE_MAX } from '../limits';
import { pageParams } from './answers';
import { SEATS_MAX, SEATS_MIN } from '../car-attributes';
import { bodyType, carName, city, fuel, Identified, instant, isoInstant, PRICE_DESCRIPTION, transmission } from './fields';

export const CarKind = z.enum(['fleet', 'listed']);
export type CarKind = z.output<typeof CarKind>;

export const CarSort = z.enum(['price-asc', 'price-desc']);
export type CarSort = z.output<typeof CarSort>;

/** A query parameter sent empty (`?q=`), as a plain form does for a field left blank, means it was not sent. */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** `name`: the id of the bound's name, as a sentence starts with it. */
const priceBound = (name: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, checkText('checks.priceBound.rupees', { field: { id: name } }))
    .transform(Number)
    .pipe(z.number().max(PRICE_MAX, checkText('checks.issue.atMost', { field: { id: name }, maximum: PRICE_MAX })))
    .meta({ description: 'Whole rupees per hour.' });

const SEATS_QUERY_MESSAGE = checkText('checks.seats.range', { min: SEATS_MIN, max: SEATS_MAX });

/** The public list's filters by where the car is and what it is. */
const attributeParams = {
  city: optionalParam(city),
  bodyType: optionalParam(bodyType),
  seats: optionalParam(
    z
      .string()
      .trim()
      .regex(/^\d+$/, SEATS_QUERY_MESSAGE)
      .transform(Number)
      .pipe(z.number().min(SEATS_MIN, SEATS_QUERY_MESSAGE).max(SEATS_MAX, SEATS_QUERY_MESSAGE))
      .meta({ description: 'At least this many seats.' }),
  ),
  transmission: optionalParam(transmission),
  fuel: optionalParam(fuel),
  ac: optionalParam(
    z
      .enum(['true', 'false'], { error: 'checks.ac.boolean' })
      .transform((value) => value === 'true')
      .meta({ description: "The spec's car type: `true` for AC cars, `false` for non-AC." }),
  ),
  instant: optionalParam(
    z
      .enum(['true', 'false'], { error: 'checks.instant.boolean' })
      .transform((value) => value === 'true')
      .meta({ description: '`true` for cars with instant booking only, `false` for those without.' }),
  ),
};

/**
 * `GET /api/cars`: price bounds, a sort, a period the car must be free in, part of its name, and
 * where the car is and what it is (a city, a body type, at least so many seats, a transmission, a
 * fuel, AC or not, instant booking or not).
 */
export const CarQuery = z
  .object({
    minPrice: optionalParam(priceBound('checks.field.minPrice')),
    maxPrice: optionalParam(priceBound('checks.field.maxPrice')),
    sort: optionalParam(CarSort),
    from: optionalParam(instant),
    to: optionalParam(instant),
    q: optionalParam(
      z
        .string()
        .trim()
        .max(CARNAME_MAX, checkText('checks.issue.tooLong', { field: { id: 'checks.field.carname' }, maximum: CARNAME_MAX })),
    ),
    ...attributeParams,
    ...pageParams,
  })
  .superRefine((query, context) => {
    if (query.from && !query.to) context.addIssue({ code: 'custom', path: ['to'], message: 'checks.period.endRequired' });
    if (query.to && !query.from) context.addIssue({ code: 'custom', path: ['from'], message: 'checks.period.startRequired' });
    if (query.from && query.to && query.to <= query.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: END_BEFORE_START });
    }
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      context.addIssue({ code: 'custom', path: ['minPrice'], message: 'checks.priceBound.order' });
    }
  });
/** What the app puts in the query: the checked values, with the period's instants as the text it sends. */
export type CarQuery = Omit<z.output<typeof CarQuery>, 'from' | 'to'> & { from?: string; to?: string };

/** `/api/cars/{carName}`: a car's name in any letter case, or a listed car's id. */
export const CarNameParams = z.object({ carName });

/** Where a car is and what it is, in every answer that shows a car's details. */
export const carAttributes = {
  city,
  pickupArea: z.string().meta({ description: 'Where to collect the car; empty when the owner did not say.' }),
  ac: z.boolean().meta({ description: "The spec's car type: AC or non-AC." }),
  bodyType: bodyType,
  seats: z.int(),
  transmission: transmission,
  fuel: fuel,
  year: z.int().optional().meta({ description: 'The model year, when the owner gave it.' }),
  kmPerDayLimit: z.int().optional().meta({ description: 'Kilometres a day included in the price; no limit when absent.' }),
  depositPaise: z.int().meta({
    description:
      'The refundable security deposit in paise, paid at handover and returned after the trip; never part of the total.',
  }),
  extraKmPrice: z.int().optional().meta({
    description:
      'Paise per kilometre driven beyond `kmPerDayLimit` times the started days of the booking; present whenever the limit is.',
  }),
  fuelEighthPrice: z.int().meta({
    description: 'Paise per eighth of a tank returned below the handover level; charged for every fuel but `electric`.',
  }),
  batteryTenthPrice: z.int().meta({
    description:
      'Paise per tenth of the battery (each tenth started) returned below the handover level; charged for `electric` cars.',
  }),
  payAtPickup: z.boolean().meta({
    description: 'Its owner lets renters ask without paying and pay at pickup, where the server otherwise requires a payment.',
  }),
  instantBooking: z.boolean().meta({
    description:
      'A paid request (money held by card or UPI) is accepted at once, with no wait for the owner; never with `payAtPickup`.',
  }),
};

/**
 * An uploaded photo of a car: `url` is its largest version, `srcset` lists every version for `<img srcset>`.
 * They are paths on the API server (`/uploads/…`), or absolute addresses on the photo store when it
 * serves the photos itself (S3_PUBLIC_URL).
 */
export const CarPhoto = z
  .object({
    id: z.string(),
    url: z.string().meta({ description: 'A path on the API server (`/uploads/…`), or an absolute address on the photo store.' }),
    srcset: z.string(),
    width: z.int().meta({ description: 'Of the largest version, in pixels.' }),
    height: z.int(),
  })
  .meta({ id: 'CarPhoto' });
export type CarPhoto = z.output<typeof CarPhoto>;

/** A car anyone may see and book: the fleet's (with their catalogue details) and owners' listed cars (with the owner's name). */
export const PublicCar = Identified.extend({
  kind: CarKind,
  carName: z.string(),
  imgUrl: z.string(),
  price: z.int().meta({ description: PRICE_DESCRIPTION }),
  description: z.string(),
  brand: z.string().optional(),
  model: z.string().optional(),
  speed: z.string().optional(),
  gps: z.string().optional(),
  seatType: z.string().optional(),
  automatic: z.string().optional(),
  ...carAttributes,
  ownerName: z.string().optional(),
  photos: z.array(CarPhoto).meta({
    description:
      "Uploaded photos in the owner's order, the cover first; empty when there are none (then `imgUrl` is the picture).",
  }),
  ratingAverage: z
    .number()
    .optional()
    .meta({ description: "The average of renters' reviews, to one decimal; absent until the car has one." }),
  ratingCount: z.int().meta({
    description:
      "How many renters' reviews count towards `ratingAverage` (those an admin removed left out); 0 for a car nobody has reviewed.",
  }),
}).meta({ id: 'PublicCar' });
export type PublicCar = z.output<typeof PublicCar>;

// In ../limits, which the app reads without zod; named here too, with the schema it bounds.
export { AVAILABILITY_MAX_DAYS };
const AVAILABILITY_MAX_MS = AVAILABILITY_MAX_DAYS * 24 * 60 * 60 * 1000;

/** `GET /api/cars/{carName}/availability`: the period `[from, to)` to answer for, both required. */
export const AvailabilityQuery = z.object({ from: instant, to: instant }).superRefine(({ from, to }, context) => {
  // zod still runs this after a field failed its format, with the text in place of the date.
  if (!(from instanceof Date) || !(to instanceof Date)) return;
  if (to <= from) context.addIssue({ code: 'custom', path: ['to'], message: END_BEFORE_START });
  else if (to.getTime() - from.getTime() > AVAILABILITY_MAX_MS) {
    context.addIssue({
      code: 'custom',
      path: ['to'],
      message: checkText('checks.period.tooLong', { days: AVAILABILITY_MAX_DAYS }),
    });
  }
});
export type AvailabilityQuery = z.input<typeof AvailabilityQuery>;

/**
 * When a car is taken within the period asked about: its accepted bookings only, cut to that period,
 * in time order, with periods that touch or overlap joined into one (so a day taken by two bookings
 * back to back reads as one busy stretch, and no answer tells how many bookings there were).
 * Instants in India time. Requests, declined, expired and cancelled bookings never make a car busy.
 */
export const Availability = z.object({
  busy: z.array(z.object({ from: isoInstant, to: isoInstant })),
});
export type Availability = z.output<typeof Availability>;

/**
 * The cities where at least one car anyone may book stands, in the city list's order: what the
 * search and the listing's city filter offer. A car's own form offers every city of the list.
 */
export const CarCities = z.object({
  cities: z.array(city),
});
export type CarCities = z.output<typeof CarCities>;
