import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsFromJson } from './json-rows';
import { type CarPhotoRow, type CarRow, carPhotos, cars } from './schema';

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

/**
 * The owner's cars matching `where`, newest first, each with its photos: one query, the photos
 * aggregated by PostgreSQL, instead of the cars and then their photos in a second round trip.
 */
export function ownerCarsWithPhotos(db: Database, where: SQL | undefined) {
  return db.select({ car: cars, photos: photosOfCar }).from(cars).where(where).orderBy(desc(cars.createdAt), desc(cars.id));
}

/** The rows of `ownerCarsWithPhotos`, their photos read as rows. */
export async function listOwnerCars(db: Database, where: SQL | undefined): Promise<{ car: CarRow; photos: CarPhotoRow[] }[]> {
  const rows = await ownerCarsWithPhotos(db, where);
  return rows.map(({ car, photos }) => ({ car, photos: rowsFromJson(carPhotos, photos) }));
}
