import { z } from 'zod';
import { CAR_DEFAULTS } from '../car-attributes';
import { CarPhoto, carAttributes } from './cars';
import {
  bodyType,
  carName,
  batteryTenthPrice,
  carYear,
  city,
  depositPaise,
  description,
  extraKmPrice,
  fuel,
  fuelEighthPrice,
  id,
  Identified,
  imageUrl,
  isoInstant,
  kmPerDayLimit,
  PRICE_DESCRIPTION,
  pickupArea,
  price,
  seats,
  transmission,
} from './fields';

/** The most ids one delete may name: more than any owner's list, and it bounds the query. */
const DELETE_MAX_IDS = 1000;

const defaultsTo = (value: unknown) => `When not sent: ${JSON.stringify(value)} on adding, unchanged on editing.`;

/**
 * Where the car is and what it is: optional, since the spec's form sends none of them. A car added
 * without them gets the database's defaults (src/domain/car-attributes CAR_DEFAULTS, no year, no
 * km limit); an edit without them leaves them as they were, and `null` clears the year or the limit.
 */
const attributeFields = {
  city: city.optional().meta({ description: defaultsTo(CAR_DEFAULTS.city) }),
  pickupArea: pickupArea.optional().meta({ description: defaultsTo(CAR_DEFAULTS.pickupArea) }),
  ac: z
    .boolean()
    .optional()
    .meta({ description: `The spec's car type: AC or non-AC. ${defaultsTo(CAR_DEFAULTS.ac)}` }),
  bodyType: bodyType.optional().meta({ description: defaultsTo(CAR_DEFAULTS.bodyType) }),
  seats: seats.optional().meta({ description: defaultsTo(CAR_DEFAULTS.seats) }),
  transmission: transmission.optional().meta({ description: defaultsTo(CAR_DEFAULTS.transmission) }),
  fuel: fuel.optional().meta({ description: defaultsTo(CAR_DEFAULTS.fuel) }),
  year: carYear.nullable().optional().meta({ description: 'The model year; not stated when not sent.' }),
  kmPerDayLimit: kmPerDayLimit
    .nullable()
    .optional()
    .meta({ description: 'Kilometres a day included in the price; no limit when not sent.' }),
  depositPaise: depositPaise.optional().meta({
    description:
      "The refundable security deposit in paise, within the server's DEPOSIT_MIN_PAISE and DEPOSIT_MAX_PAISE (`/api/config`). When not sent: the body type's default on adding, unchanged on editing.",
  }),
  extraKmPrice: extraKmPrice.nullable().optional().meta({
    description:
      'Paise per km beyond the limit: required (400) when `kmPerDayLimit` is set, sent or stored. `null` clears it with the limit.',
  }),
  fuelEighthPrice: fuelEighthPrice.optional().meta({
    description:
      "Paise per eighth of a tank returned short. When not sent: the body type's default on adding, unchanged on editing.",
  }),
  batteryTenthPrice: batteryTenthPrice.optional().meta({
    description:
      "Paise per tenth of the battery returned short (electric cars). When not sent: the body type's default on adding, unchanged on editing.",
  }),
  payAtPickup: z
    .boolean()
    .optional()
    .meta({ description: `Renters may ask without paying and pay at pickup. ${defaultsTo(false)}` }),
  instantBooking: z
    .boolean()
    .optional()
    .meta({
      description: `A paid request is accepted at once, with no wait for the owner; refused (400) together with \`payAtPickup\`, sent or stored. ${defaultsTo(false)}`,
    }),
};

/** Instant booking is for money held online: a request paid at pickup always waits for its owner. */
export const INSTANT_WITH_PAY_AT_PICKUP = 'checks.instantBooking.payAtPickup';

function instantNeedsOnlinePayment(
  car: { payAtPickup?: boolean | undefined; instantBooking?: boolean | undefined },
  context: z.RefinementCtx,
): void {
  if (car.payAtPickup === true && car.instantBooking === true) {
    context.addIssue({ code: 'custom', path: ['instantBooking'], message: INSTANT_WITH_PAY_AT_PICKUP });
  }
}

/** Kilometres beyond a limit are charged, so a car given a limit needs its price per extra km. */
export const EXTRA_KM_PRICE_REQUIRED = 'checks.extraKmPrice.required';

/** Only what the body says: an edit may leave the price as stored, which the server checks against. */
function limitNeedsExtraKmPrice(
  car: { kmPerDayLimit?: number | null | undefined; extraKmPrice?: number | null | undefined },
  context: z.RefinementCtx,
): void {
  if (typeof car.kmPerDayLimit === 'number' && car.extraKmPrice === null) {
    context.addIssue({ code: 'custom', path: ['extraKmPrice'], message: EXTRA_KM_PRICE_REQUIRED });
  }
}

/** Optional since owners can upload photos instead; a car with neither shows a placeholder. */
const carUrl = imageUrl.optional().meta({
  description:
    'A link to a photo of the car, shown while it has no uploaded photos (`POST /api/cars/{id}/photos`). When not sent: none on adding, unchanged on editing.',
});

const carFields = { url: carUrl, carname: carName, description, price, ...attributeFields };

/** `POST /add-cars`: the spec's add form sends the price as text. */
export const OwnerCarInput = z
  .object(carFields)
  .superRefine(instantNeedsOnlinePayment)
  .superRefine((car, context) => limitNeedsExtraKmPrice({ ...car, extraKmPrice: car.extraKmPrice ?? null }, context));
export type OwnerCarInput = z.input<typeof OwnerCarInput>;

/** `POST /edit-cars`: the car's id with the spec's fields again, and any of the car's attributes to change. */
export const OwnerCarEdit = z
  .object({ id, ...carFields })
  .superRefine(instantNeedsOnlinePayment)
  .superRefine(limitNeedsExtraKmPrice);
export type OwnerCarEdit = z.input<typeof OwnerCarEdit>;

export const OwnerCarIdParams = z.object({ id });

/** `POST /delete-cars`: the spec's page sends a bare list of ids; `{ids: [...]}` is accepted too. */
export const OwnerCarDeletion = z
  .preprocess((body) => (Array.isArray(body) ? { ids: body } : body), z.object({ ids: z.array(id).min(1).max(DELETE_MAX_IDS) }))
  .describe('A bare JSON array of car ids, as the spec\'s page sends it, or {"ids": [...]}.');

/** What `/delete-cars` did to one car. */
export const CarRemoval = z.object({
  id,
  carName: z.string(),
  outcome: z.enum(['deleted', 'archived']).meta({
    description:
      "`deleted` when it never had a booking; `archived` when it had: gone from every list, its bookings' receipts still naming it.",
  }),
  declinedRequests: z.int().meta({
    description: 'Its open requests, declined for their renters as the car left the marketplace (money held let go).',
  }),
});
export type CarRemoval = z.output<typeof CarRemoval>;

export const DeletedCount = z.object({
  deletedCount: z.int().meta({ description: "How many cars left the owner's list, deleted or archived." }),
  results: z.array(CarRemoval).meta({ description: 'One entry per car named, in the order they were named.' }),
});
export type DeletedCount = z.output<typeof DeletedCount>;

/** An owner's listed car, in the spec's field names. */
export const OwnerCar = Identified.extend({
  url: z.string(),
  carname: z.string(),
  description: z.string(),
  price: z.int().meta({ description: PRICE_DESCRIPTION }),
  ...carAttributes,
  photos: z.array(CarPhoto),
  /** Paused by its owner: out of the public list and not bookable, its accepted bookings standing. */
  paused: z.boolean(),
  /** Delisted by an admin: out of the public list and not bookable until relisted, with the reason the admin gave. */
  delisted: z.object({ reason: z.string(), at: isoInstant }).optional(),
  ownerId: z.string(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
}).meta({ id: 'OwnerCar' });
export type OwnerCar = z.output<typeof OwnerCar>;
