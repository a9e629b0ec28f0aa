import { and, asc, count, eq, isNull } from 'drizzle-orm';
import { PHOTOS_PER_CAR_MAX } from '#domain/limits';
import { type CarPhotoOrder, PHOTO_REFUSALS } from '#domain/schemas/car-photos';
import { checkWords } from '../http/check-words';
import type { Database } from '../db/client';
import { type AccountRow, type CarPhotoRow, carPhotos, cars } from '../db/schema';
import { HttpError } from '../http/errors';
import type { StoredPhoto } from '../photos/photo-store';
import { t } from '../i18n';

// The rows of a car's photos: which car a caller may change, and the order its photos are shown in.
// Their files are the photo store's (server/src/photos), written before a row and removed after one.

export const NO_SUCH_CAR = 'server.photos.noSuchCar';
export const NO_SUCH_PHOTO = 'server.photos.noSuchPhoto';
export const ORDER_MISMATCH = 'server.photos.orderMismatch';

/** Who changes a car's photos: its owner, or an admin for a fleet car. */
export type CarKeeper = Pick<AccountRow, 'id' | 'role'>;

/** The car the caller answers for, when it does: an owner's own listed car, or a fleet car for an admin; never an archived one. */
async function keptCar(db: Database, keeper: CarKeeper, carId: string, lock: boolean): Promise<{ id: string } | undefined> {
  const whose = keeper.role === 'admin' ? eq(cars.kind, 'fleet') : and(eq(cars.kind, 'listed'), eq(cars.ownerId, keeper.id));
  const query = db
    .select({ id: cars.id })
    .from(cars)
    .where(and(eq(cars.id, carId), isNull(cars.archivedAt), whose));
  const [car] = await (lock ? query.for('update') : query);
  return car;
}

/** The car under its lock, so no other change to its photos runs meanwhile; 404 when it is not the caller's. */
async function lockKeptCar(tx: Database, keeper: CarKeeper, carId: string): Promise<void> {
  if (!(await keptCar(tx, keeper, carId, true))) throw new HttpError(404, t(NO_SUCH_CAR));
}

async function photosOf(db: Database, carId: string): Promise<CarPhotoRow[]> {
  return db.select().from(carPhotos).where(eq(carPhotos.carId, carId)).orderBy(asc(carPhotos.position), asc(carPhotos.createdAt));
}

async function photoCount(db: Database, carId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(carPhotos).where(eq(carPhotos.carId, carId));
  return row?.n ?? 0;
}

/** Positions 0, 1, 2… in the order given: the first is the cover. */
async function renumber(db: Database, photoIds: readonly string[]): Promise<void> {
  for (const [position, photoId] of photoIds.entries()) {
    await db.update(carPhotos).set({ position }).where(eq(carPhotos.id, photoId));
  }
}

/** Refuses an upload before a byte of it is read: a car not the caller's (404), or one with all its photos (409). */
export async function checkRoomForPhoto(db: Database, keeper: CarKeeper, carId: string): Promise<void> {
  if (!(await keptCar(db, keeper, carId, false))) throw new HttpError(404, t(NO_SUCH_CAR));
  if ((await photoCount(db, carId)) >= PHOTOS_PER_CAR_MAX) throw new HttpError(409, checkWords(PHOTO_REFUSALS.full));
}

/**
 * The row of a photo whose files are stored, after the car's other photos. Counted again under the
 * car's lock: two uploads at once cannot both take the last place.
 */
export async function addPhotoRow(
  db: Database,
  keeper: CarKeeper,
  carId: string,
  stored: StoredPhoto,
  now: Date,
): Promise<CarPhotoRow> {
  const row = await db.transaction(async (tx) => {
    await lockKeptCar(tx, keeper, carId);
    const position = await photoCount(tx, carId);
    if (position >= PHOTOS_PER_CAR_MAX) throw new HttpError(409, checkWords(PHOTO_REFUSALS.full));
    const [inserted] = await tx
      .insert(carPhotos)
      .values({ carId, position, fileKey: stored.key, width: stored.width, height: stored.height, createdAt: now })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('the photo row was not written');
  return row;
}

/** Removes one photo's row; the photos after it move up. Its files are the caller's to remove once this commits. */
export async function removePhotoRow(
  db: Database,
  keeper: CarKeeper,
  carId: string,
  photoId: string,
): Promise<{ removed: CarPhotoRow; remaining: CarPhotoRow[] }> {
  return db.transaction(async (tx) => {
    await lockKeptCar(tx, keeper, carId);
    const [removed] = await tx
      .delete(carPhotos)
      .where(and(eq(carPhotos.id, photoId), eq(carPhotos.carId, carId)))
      .returning();
    if (!removed) throw new HttpError(404, t(NO_SUCH_PHOTO));
    const remaining = await photosOf(tx, carId);
    await renumber(
      tx,
      remaining.map((photo) => photo.id),
    );
    return { removed, remaining };
  });
}

/**
 * Puts the car's photos in `order`, `cover` first when it is named; refused (409) unless the order
 * names exactly the car's photos, as one added or removed since the list was read would not.
 */
export async function reorderPhotos(
  db: Database,
  keeper: CarKeeper,
  carId: string,
  { order, cover }: CarPhotoOrder,
): Promise<CarPhotoRow[]> {
  const wanted = cover === undefined ? order : [cover, ...order.filter((photoId) => photoId !== cover)];
  return db.transaction(async (tx) => {
    await lockKeptCar(tx, keeper, carId);
    const currentIds = new Set((await photosOf(tx, carId)).map((photo) => photo.id));
    if (wanted.length !== currentIds.size || !wanted.every((photoId) => currentIds.has(photoId))) {
      throw new HttpError(409, t(ORDER_MISMATCH));
    }
    await renumber(tx, wanted);
    return photosOf(tx, carId);
  });
}
