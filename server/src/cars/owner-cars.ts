import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type BodyType, CAR_DEFAULTS, defaultTripPrices } from '#domain/car-attributes';
import { depositRangeMessage } from '#domain/schemas/fields';
import {
  EXTRA_KM_PRICE_REQUIRED,
  INSTANT_WITH_PAY_AT_PICKUP,
  type OwnerCarEdit,
  type OwnerCarInput,
} from '#domain/schemas/owner-cars';
import type { TripRules } from '../config';
import type { Database } from '../db/client';
import { checkWords, issueWords } from '../http/check-words';
import { HttpError } from '../http/errors';
import { rowsFromJson } from '../db/json-rows';
import { type CarPhotoRow, type CarRow, carPhotos, cars } from '../db/schema';
import { checkCarLimit } from '../limits/quotas';

// The owner's own cars. Every query is scoped to the owner, so another owner's car is simply not
// found, and the route answers 404, never 403, so its existence is not revealed.

/**
 * The car's photos in its owner's order, as one JSON array built beside the car's row. Written out
 * in SQL: Drizzle leaves a one-table query's columns unqualified, which inside this subquery would
 * name the photo's columns, not the car's.
 */
const photosOfCar = sql<Record<string, unknown>[]>`coalesce((
  select json_agg(photo order by photo.position, photo.created_at)
  from ${carPhotos} photo where photo.car_id = ${cars}.id
), '[]'::json)`;

/** An owner's cars still in use (listed, not archived): an archived car is gone from the owner's cars too. */
export const ownersCarsInUse = (ownerId: string): SQL | undefined =>
  and(eq(cars.ownerId, ownerId), eq(cars.kind, 'listed'), isNull(cars.archivedAt));

/** One of the owner's cars still in use: only its bookings' receipts still name an archived one. */
const ownedBy = (ownerId: string, carId: string): SQL | undefined => and(eq(cars.id, carId), ownersCarsInUse(ownerId));

/**
 * The owner's cars matching `where`, newest first, each with its photos: one query, the photos
 * aggregated by PostgreSQL, instead of the cars and then their photos in a second round trip.
 */
export function ownerCarsWithPhotos(db: Database, where: SQL | undefined) {
  return db.select({ car: cars, photos: photosOfCar }).from(cars).where(where).orderBy(desc(cars.createdAt), desc(cars.id));
}

export interface OwnerCarRow {
  car: CarRow;
  /** In the owner's order, the cover first. */
  photos: CarPhotoRow[];
}

/** The rows of `ownerCarsWithPhotos`, their photos read as rows. */
async function ownerCarRows(db: Database, where: SQL | undefined): Promise<OwnerCarRow[]> {
  const rows = await ownerCarsWithPhotos(db, where);
  return rows.map(({ car, photos }) => ({ car, photos: rowsFromJson(carPhotos, photos) }));
}

/** The owner's cars still in use, newest first. */
export function listOwnersCars(db: Database, ownerId: string): Promise<OwnerCarRow[]> {
  return ownerCarRows(db, ownersCarsInUse(ownerId));
}

/** One of the owner's cars still in use; undefined when it is not theirs, archived or gone. */
export async function findOwnersCar(db: Database, ownerId: string, carId: string): Promise<OwnerCarRow | undefined> {
  const [car] = await ownerCarRows(db, ownedBy(ownerId, carId));
  return car;
}

/** A deposit outside the server's bounds (DEPOSIT_MIN_PAISE, DEPOSIT_MAX_PAISE), in the form's words. */
export function checkDeposit(depositPaise: number | undefined, trips: TripRules): void {
  if (depositPaise === undefined) return;
  if (depositPaise < trips.depositMinPaise || depositPaise > trips.depositMaxPaise) {
    throw new HttpError(400, issueWords(depositRangeMessage(trips.depositMinPaise, trips.depositMaxPaise)));
  }
}

/** A body type's default deposit, held within the server's bounds should an operator narrow them past it. */
function boundedDefaults(bodyType: BodyType, kmPerDayLimit: number | null | undefined, trips: TripRules) {
  const defaults = defaultTripPrices(bodyType, kmPerDayLimit);
  const depositPaise = Math.min(Math.max(defaults.depositPaise, trips.depositMinPaise), trips.depositMaxPaise);
  return { ...defaults, depositPaise };
}

/** Lists a new car for the owner, within the number one owner may list; answers its id. */
export async function addCar(
  db: Database,
  ownerId: string,
  input: z.output<typeof OwnerCarInput>,
  rules: { carsPerOwner: number; trips: TripRules },
  now: Date,
): Promise<string | undefined> {
  const { url, carname, depositPaise, extraKmPrice, fuelEighthPrice, batteryTenthPrice, ...rest } = input;
  checkDeposit(depositPaise, rules.trips);
  // A price left empty is the body type's; the schema has already refused a km limit without its price.
  const defaults = boundedDefaults(rest.bodyType ?? CAR_DEFAULTS.bodyType, rest.kmPerDayLimit, rules.trips);
  const prices = {
    depositPaise: depositPaise ?? defaults.depositPaise,
    extraKmPrice: rest.kmPerDayLimit == null ? null : (extraKmPrice ?? null),
    fuelEighthPrice: fuelEighthPrice ?? defaults.fuelEighthPrice,
    batteryTenthPrice: batteryTenthPrice ?? defaults.batteryTenthPrice,
  };
  return db.transaction(async (tx) => {
    await checkCarLimit(tx, ownerId, rules.carsPerOwner);
    const [added] = await tx
      .insert(cars)
      .values({
        kind: 'listed',
        ownerId,
        imgUrl: url ?? '',
        carName: carname,
        ...rest,
        ...prices,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: cars.id });
    return added?.id;
  });
}

/** Changes one of the owner's cars; undefined when it is not among them. */
export async function editCar(
  db: Database,
  ownerId: string,
  edit: z.output<typeof OwnerCarEdit>,
  now: Date,
  trips: TripRules,
): Promise<OwnerCarRow | undefined> {
  const { id: carId, url, carname, ...rest } = edit;
  checkDeposit(rest.depositPaise, trips);
  // A limit cleared takes its price per extra km with it, as the database requires neither alone.
  if (rest.kmPerDayLimit === null) rest.extraKmPrice = null;
  // The values not sent keep their stored ones, so each pair is checked as it will stand: one update
  // whose condition refuses it, the database's checks standing behind it.
  const payAtPickup = rest.payAtPickup ?? cars.payAtPickup;
  const instantBooking = rest.instantBooking ?? cars.instantBooking;
  const limitSet =
    rest.kmPerDayLimit === undefined ? sql`${cars.kmPerDayLimit} is not null` : sql`${rest.kmPerDayLimit !== null}`;
  const kmPriced = rest.extraKmPrice === undefined ? sql`${cars.extraKmPrice} is not null` : sql`${rest.extraKmPrice !== null}`;
  const [edited] = await db
    .update(cars)
    .set({ imgUrl: url, carName: carname, ...rest, updatedAt: now })
    .where(and(ownedBy(ownerId, carId), sql`not (${instantBooking} and ${payAtPickup})`, sql`(not ${limitSet} or ${kmPriced})`))
    .returning({ id: cars.id });
  if (!edited) {
    const [stored] = await db.select().from(cars).where(ownedBy(ownerId, carId));
    if (!stored) return undefined;
    const after = { ...stored, ...rest };
    const refused = after.instantBooking && after.payAtPickup ? INSTANT_WITH_PAY_AT_PICKUP : EXTRA_KM_PRICE_REQUIRED;
    throw new HttpError(400, checkWords({ id: refused }));
  }
  const [car] = await ownerCarRows(db, eq(cars.id, edited.id));
  return car;
}

/**
 * Pauses or resumes one of the owner's cars, and answers it as it now stands. Only a change of
 * state writes, so a repeated pause keeps when the car was first paused.
 */
export async function setPaused(
  db: Database,
  ownerId: string,
  carId: string,
  paused: boolean,
  now: Date,
): Promise<OwnerCarRow | undefined> {
  await db
    .update(cars)
    .set({ pausedAt: paused ? now : null, updatedAt: now })
    .where(and(ownedBy(ownerId, carId), paused ? isNull(cars.pausedAt) : isNotNull(cars.pausedAt)));
  return findOwnersCar(db, ownerId, carId);
}
