import { and, asc, count, desc, eq, gte, inArray, lte, notExists, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { RESERVING_STATUSES } from '#domain/booking-states';
import { type BodyType, CITIES, type City, type Fuel, type Transmission } from '#domain/car-attributes';
import type { BookingStatus, CarSort } from '#domain/contract';
import { id } from '#domain/schemas/fields';
import type { Database } from '../db/client';
import { accounts, bookings, cars, type CarRow } from '../db/schema';

// The cars anyone may see and book, shared by the public car routes and the booking routes: the
// fleet and every owner's listed car, except those an admin delisted, those their owner paused or
// archived, and those of disabled owners (who could never answer a request).

export interface Period {
  from: Date;
  to: Date;
}

export interface CarFilters {
  minPrice?: number;
  maxPrice?: number;
  /** Part of the car's name, in any letter case. */
  q?: string;
  /** Only cars with no accepted booking overlapping this period. */
  freeDuring?: Period;
  sort?: CarSort;
  city?: City;
  bodyType?: BodyType;
  /** At least this many seats. */
  seats?: number;
  transmission?: Transmission;
  fuel?: Fuel;
  /** The spec's car type: AC or non-AC. */
  ac?: boolean;
  /** Cars whose paid requests are accepted at once, or those whose are not. */
  instant?: boolean;
}

/** Where the car is and what it is: each filter sent narrows the list (city and body type by their indexes). */
function attributeConditions({ city, bodyType, seats, transmission, fuel, ac, instant }: CarFilters): (SQL | undefined)[] {
  return [
    city === undefined ? undefined : eq(cars.city, city),
    bodyType === undefined ? undefined : eq(cars.bodyType, bodyType),
    seats === undefined ? undefined : gte(cars.seats, seats),
    transmission === undefined ? undefined : eq(cars.transmission, transmission),
    fuel === undefined ? undefined : eq(cars.fuel, fuel),
    ac === undefined ? undefined : eq(cars.ac, ac),
    instant === undefined ? undefined : eq(cars.instantBooking, instant),
  ];
}

export interface PublicCarRow {
  car: CarRow;
  /** The listing owner's username; null for the fleet. */
  ownerName: string | null;
}

/**
 * The first three tests are written as the predicate of cars_public_order_idx (schema.ts), without
 * parameters, so the planner can use that index for any query that has them. A disabled owner is
 * looked up apart from the join that names the owner: as one filter over the join, the planner
 * guessed it kept a handful of cars and sorted the whole table for every page.
 */
export const isPublic = and(
  sql`not ${cars.delisted} and ${cars.pausedAt} is null and ${cars.archivedAt} is null`,
  sql`not exists (select 1 from ${accounts} as owner where owner.id = ${cars.ownerId} and owner.disabled)`,
);

const fleetFirst = desc(eq(cars.kind, 'fleet'));
/**
 * The fleet in catalogue order, then listed cars newest first; the id breaks ties so pages never
 * shuffle. `fleet` sorts before `listed` and listed cars have no catalogue id, so this is the order
 * of cars_public_order_idx, which a page is read from.
 */
export const fleetThenNewest = [asc(cars.kind), asc(cars.catalogueId), desc(cars.createdAt), asc(cars.id)];

/**
 * Bookings of `carId` in `status` whose `[starts_at, ends_at)` shares an instant with `[from, to)`:
 * the same test as the bookings' exclusion constraint, so back-to-back periods never clash.
 */
export function bookingOverlaps(
  carId: SQLWrapper | string,
  status: BookingStatus | readonly BookingStatus[],
  period: Period,
): SQL {
  const inStatus = typeof status === 'string' ? eq(bookings.status, status) : inArray(bookings.status, [...status]);
  return sql`${eq(bookings.carId, carId)} and ${inStatus} and ${bookings.period} && tstzrange(${period.from.toISOString()}::timestamptz, ${period.to.toISOString()}::timestamptz, '[)')`;
}

/** Bookings that hold part of the period: accepted, or being accepted while their money is taken. */
export const acceptedBookingOverlaps = (carId: SQLWrapper | string, period: Period): SQL =>
  bookingOverlaps(carId, RESERVING_STATUSES, period);

function publicCars(db: Database) {
  return db.select({ car: cars, ownerName: accounts.username }).from(cars).leftJoin(accounts, eq(accounts.id, cars.ownerId));
}

/** Where a car must stand to be in the public list under `filters`. */
function publicCarConditions(db: Database, filters: CarFilters): SQL | undefined {
  const { minPrice, maxPrice, q, freeDuring } = filters;
  return and(
    isPublic,
    minPrice === undefined ? undefined : gte(cars.price, minPrice),
    maxPrice === undefined ? undefined : lte(cars.price, maxPrice),
    // A plain substring test, so `%` and `_` in the search are letters, not LIKE wildcards.
    q === undefined ? undefined : sql`strpos(lower(${cars.carName}), lower(${q})) > 0`,
    freeDuring === undefined
      ? undefined
      : notExists(db.select({ id: bookings.id }).from(bookings).where(acceptedBookingOverlaps(cars.id, freeDuring))),
    ...attributeConditions(filters),
  );
}

export interface RowWindow {
  limit: number;
  offset: number;
}

/**
 * The queries of one page of the public list under `filters` and of the whole list's size, unrun:
 * what listPublicCars runs, and what a test asks PostgreSQL to explain.
 */
export function publicCarQueries(db: Database, filters: CarFilters, window: RowWindow) {
  const { sort } = filters;
  const where = publicCarConditions(db, filters);
  const priceOrder = sort === 'price-asc' ? [asc(cars.price)] : sort === 'price-desc' ? [desc(cars.price)] : [];
  return {
    page: publicCars(db)
      .where(where)
      .orderBy(...priceOrder, ...fleetThenNewest)
      .limit(window.limit)
      .offset(window.offset),
    total: db.select({ total: count() }).from(cars).leftJoin(accounts, eq(accounts.id, cars.ownerId)).where(where),
  };
}

/** The cities with at least one public car, in the city list's order. */
export async function citiesWithPublicCars(db: Database): Promise<City[]> {
  const rows = await db.selectDistinct({ city: cars.city }).from(cars).where(isPublic);
  const present = new Set<string>(rows.map((row) => row.city));
  return CITIES.filter((city) => present.has(city));
}

/** One page of the public list under `filters`, and how many cars the whole list holds. */
export async function listPublicCars(
  db: Database,
  filters: CarFilters,
  window: RowWindow,
): Promise<{ rows: PublicCarRow[]; total: number }> {
  const queries = publicCarQueries(db, filters, window);
  const rows = await queries.page;
  const [counted] = await queries.total;
  return { rows, total: counted?.total ?? 0 };
}

/**
 * A car named by its id (how the app links owners' cars, whose names need not be unique) or else
 * by its name in any letter case: a fleet car first, then the newest listed car of that name.
 */
export async function findPublicCar(db: Database, nameOrId: string): Promise<PublicCarRow | undefined> {
  const { named, byIdFirst } = naming(nameOrId);
  const [row] = await publicCars(db)
    .where(and(isPublic, named))
    .orderBy(...byIdFirst, fleetFirst, desc(cars.createdAt), asc(cars.id))
    .limit(1);
  return row;
}

/** The cars `nameOrId` names, as findPublicCar reads it, and the order that puts the one of that id first. */
function naming(nameOrId: string): { named: SQL | undefined; byIdFirst: SQL[] } {
  const byName = sql`lower(${cars.carName}) = lower(${nameOrId})`;
  const byId = id.safeParse(nameOrId).success ? eq(cars.id, nameOrId) : undefined;
  return { named: byId ? or(byId, byName) : byName, byIdFirst: byId ? [desc(byId)] : [] };
}

/**
 * Why `nameOrId` names a car that is out of the public list for now: an admin delisted it, or else
 * its owner paused it. A request for it is refused saying so, not as for a car that does not exist.
 * Undefined when no such car is in use (archived, a disabled owner's, or none at all).
 */
export async function whyUnlisted(db: Database, nameOrId: string): Promise<'delisted' | 'paused' | undefined> {
  const { named, byIdFirst } = naming(nameOrId);
  const [row] = await db
    .select({ delisted: cars.delisted })
    .from(cars)
    .where(
      and(
        named,
        sql`(${cars.delisted} or ${cars.pausedAt} is not null) and ${cars.archivedAt} is null`,
        sql`not exists (select 1 from ${accounts} as owner where owner.id = ${cars.ownerId} and owner.disabled)`,
      ),
    )
    .orderBy(...byIdFirst, desc(cars.delisted))
    .limit(1);
  if (!row) return undefined;
  return row.delisted ? 'delisted' : 'paused';
}
