import { and, asc, avg, count, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type CarPhotoRow, carPhotos, reviews } from '../db/schema';
import { carReviewShows } from '../reviews/views';

/** What a car answer shows besides the car's own row: its photos, in order, and its renters' ratings. */
export interface CarExtras {
  photos: CarPhotoRow[];
  /** The average of its reviews' ratings that show, those removed by an admin left out; null when none do. */
  ratingAverage: number | null;
  reviewCount: number;
}

const NONE: CarExtras = { photos: [], ratingAverage: null, reviewCount: 0 };

/**
 * The extras of each of `carIds` at `now`, read in two queries whatever their number (a page of the
 * list, or one car): a review still waiting for the owner's rating of the renter does not count yet.
 */
export async function carExtras(db: Database, carIds: readonly string[], now: Date): Promise<(carId: string) => CarExtras> {
  if (carIds.length === 0) return () => NONE;
  const ids = [...new Set(carIds)];
  const [photoRows, ratingRows] = await Promise.all([
    db.select().from(carPhotos).where(inArray(carPhotos.carId, ids)).orderBy(asc(carPhotos.carId), asc(carPhotos.position)),
    db
      .select({ carId: reviews.carId, average: avg(reviews.rating), count: count() })
      .from(reviews)
      // A review an admin removed no longer counts.
      .where(and(inArray(reviews.carId, ids), isNull(reviews.removedAt), carReviewShows(now)))
      .groupBy(reviews.carId),
  ]);
  const photosByCar = new Map<string, CarPhotoRow[]>();
  for (const photo of photoRows) photosByCar.set(photo.carId, [...(photosByCar.get(photo.carId) ?? []), photo]);
  const ratingsByCar = new Map(ratingRows.map((row) => [row.carId, row]));
  return (carId) => {
    const ratings = ratingsByCar.get(carId);
    return {
      photos: photosByCar.get(carId) ?? [],
      ratingAverage: ratings?.average == null ? null : Number(ratings.average),
      reviewCount: ratings?.count ?? 0,
    };
  };
}
