import multipart from '@fastify/multipart';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_BYTES_MAX, PHOTOS_PER_CAR_MAX } from '#domain/limits';
import { UPLOADS_PATH } from '#domain/photo-urls';
import {
  CarPhotoOrder,
  CarPhotoParams,
  CarPhotosParams,
  PHOTO_FIELD,
  PHOTO_TOO_LARGE,
  PHOTO_WRONG_TYPE,
  PHOTOS_FULL,
} from '#domain/schemas/car-photos';
import { CarPhoto } from '#domain/schemas/cars';
import { toCarPhoto } from '../contract-shapes';
import type { Database } from '../db/client';
import { type AccountRow, type CarPhotoRow, carPhotos, cars } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import { sendNotFound } from '../plugins/errors';
import { signedInAccount } from '../plugins/session';
import { PHOTO_CACHE_CONTROL, PHOTO_CONTENT_TYPE } from '../photos/photo-storage';
import { PHOTO_FILE_NAME, PHOTO_PIXELS_MAX, PhotoRejectedError, removePhotoFiles, storePhoto } from '../photos/photo-store';

const TAGS = ['car photos'];
const NO_SUCH_CAR = 'There is no such car among yours.';
const NO_SUCH_PHOTO = 'There is no such photo of this car.';
const RENTERS_CANNOT = "Only the car's owner (an admin for a fleet car) can change its photos.";
const NOT_MULTIPART = `Send the photo as multipart/form-data, in the field "${PHOTO_FIELD}".`;
const ONE_PHOTO = `Send one photo, in the field "${PHOTO_FIELD}".`;
const TOO_MANY_PIXELS = `A photo must be at most ${PHOTO_PIXELS_MAX / 1_000_000} megapixels.`;
const ORDER_MISMATCH = "Order must list exactly the car's photos, each once.";

/** Room for the multipart framing around the file: a body longer than this is refused before a byte of it is read. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * A photo may take this long to arrive, far longer than a JSON body: 8 MB from a phone on a slow
 * network (about 0.5 Mbit/s) is still received.
 */
const UPLOAD_TIMEOUT_MS = 120_000;

const PHOTOS_ANSWER = answer(z.array(CarPhoto), "The car's photos in their new order, the cover first.");

/** The car the caller answers for, when it does: an owner's own listed car, or a fleet car for an admin; never an archived one. */
async function keptCar(db: Database, account: AccountRow, carId: string, lock: boolean): Promise<{ id: string } | undefined> {
  const whose = account.role === 'admin' ? eq(cars.kind, 'fleet') : and(eq(cars.kind, 'listed'), eq(cars.ownerId, account.id));
  const query = db
    .select({ id: cars.id })
    .from(cars)
    .where(and(eq(cars.id, carId), isNull(cars.archivedAt), whose));
  const [car] = await (lock ? query.for('update') : query);
  return car;
}

/** The signed-in owner or admin; a renter is refused outright, since no car is ever theirs to change. */
function carKeeper(request: FastifyRequest): AccountRow {
  const account = signedInAccount(request);
  if (account.role === 'user') throw new HttpError(403, RENTERS_CANNOT);
  return account;
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

const REJECTIONS = {
  'too-large': { status: 413, message: PHOTO_TOO_LARGE },
  'too-many-pixels': { status: 413, message: TOO_MANY_PIXELS },
  'not-an-image': { status: 415, message: PHOTO_WRONG_TYPE },
} as const;

/** The multipart parser's refusals, in words a person can act on. */
function describeMultipartError(error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, NOT_MULTIPART);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new HttpError(400, ONE_PHOTO);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, PHOTO_TOO_LARGE);
  if (error instanceof Error && /multipart|boundary|part terminated/i.test(error.message)) return new HttpError(400, ONE_PHOTO);
  return undefined;
}

/**
 * `POST /api/cars/{id}/photos`, in a scope of its own: the multipart parser is registered only
 * here, so every other route still refuses a form body (the forgery check relies on that).
 */
async function uploadRoute(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: PHOTO_BYTES_MAX, files: 1, fields: 0, parts: 1 } });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/cars/:id/photos',
    {
      onRequest: app.requireSignedIn,
      // The body is a form with one file, read as a stream here rather than parsed against a schema.
      config: { takesNoBody: true, bodyTimeoutMs: UPLOAD_TIMEOUT_MS },
      schema: {
        tags: TAGS,
        summary: 'Add a photo to a car (its owner; an admin for a fleet car)',
        description: `A \`multipart/form-data\` body with one file in the field \`${PHOTO_FIELD}\`: a JPEG, PNG or WebP image (told from its bytes, not its name) of at most ${PHOTO_BYTES_MAX / (1024 * 1024)} MB. It is turned upright, stripped of its metadata (EXIF, GPS), and stored as WebP at each width of \`srcset\`, after the car's other photos. A car has at most ${PHOTOS_PER_CAR_MAX} photos. Nothing is stored when it is refused.`,
        security: SIGNED_IN,
        params: CarPhotosParams,
        response: {
          201: answer(CarPhoto, 'The stored photo.'),
          ...errors([400, 401, 403, 404, 409, 413, 415], {
            400: `A malformed id, or a form without one file in the field "${PHOTO_FIELD}".`,
            403: RENTERS_CANNOT,
            404: NO_SUCH_CAR,
            409: PHOTOS_FULL,
            413: `${PHOTO_TOO_LARGE} Or: ${TOO_MANY_PIXELS}`,
            415: `${PHOTO_WRONG_TYPE} Or: ${NOT_MULTIPART}`,
          }),
        },
      },
    },
    async (request, reply) => {
      const account = carKeeper(request);
      const carId = request.params.id;
      // Refused before a byte of the photo is read: whose car, how many photos, how long a body.
      if (!(await keptCar(app.db, account, carId, false))) throw new HttpError(404, NO_SUCH_CAR);
      if ((await photoCount(app.db, carId)) >= PHOTOS_PER_CAR_MAX) throw new HttpError(409, PHOTOS_FULL);
      if (Number(request.headers['content-length'] ?? 0) > PHOTO_BYTES_MAX + MULTIPART_OVERHEAD_BYTES) {
        throw new HttpError(413, PHOTO_TOO_LARGE);
      }

      const part = await request.file({ throwFileSizeLimit: false }).catch((error: unknown) => {
        throw describeMultipartError(error) ?? error;
      });
      if (!part) throw new HttpError(400, ONE_PHOTO);
      if (part.fieldname !== PHOTO_FIELD) {
        part.file.resume();
        throw new HttpError(400, ONE_PHOTO);
      }

      const stored = await storePhoto(app.photoStorage, part.file, () => part.file.truncated).catch((error: unknown) => {
        if (error instanceof PhotoRejectedError) {
          const { status, message } = REJECTIONS[error.reason];
          throw new HttpError(status, message);
        }
        throw describeMultipartError(error) ?? error;
      });

      try {
        // Counted again under the car's lock: two uploads at once cannot both take the sixth place.
        const row = await app.db.transaction(async (tx) => {
          if (!(await keptCar(tx, account, carId, true))) throw new HttpError(404, NO_SUCH_CAR);
          const position = await photoCount(tx, carId);
          if (position >= PHOTOS_PER_CAR_MAX) throw new HttpError(409, PHOTOS_FULL);
          const [inserted] = await tx
            .insert(carPhotos)
            .values({ carId, position, fileKey: stored.key, width: stored.width, height: stored.height })
            .returning();
          return inserted;
        });
        if (!row) throw new Error('the photo row was not written');
        return reply.code(201).send(toCarPhoto(row, app.photoStorage.urlBase));
      } catch (error) {
        await removePhotoFiles(app.photoStorage, [stored.key]);
        throw error;
      }
    },
  );
}

/** A car's photos: upload one, remove one, reorder them and choose the cover. */
export const carPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const toPhoto = (row: CarPhotoRow) => toCarPhoto(row, app.photoStorage.urlBase);
  await app.register(uploadRoute);

  app.delete(
    '/api/cars/:id/photos/:photoId',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: "Remove one of a car's photos (its owner; an admin for a fleet car)",
        description: 'Its files go too; the photos after it move up, so removing the cover makes the next one the cover.',
        security: SIGNED_IN,
        params: CarPhotoParams,
        response: {
          200: PHOTOS_ANSWER,
          ...errors([400, 401, 403, 404], {
            400: 'A malformed id.',
            403: RENTERS_CANNOT,
            404: `${NO_SUCH_CAR} Or: ${NO_SUCH_PHOTO}`,
          }),
        },
      },
    },
    async (request) => {
      const account = carKeeper(request);
      const { id: carId, photoId } = request.params;
      const { removed, remaining } = await app.db.transaction(async (tx) => {
        if (!(await keptCar(tx, account, carId, true))) throw new HttpError(404, NO_SUCH_CAR);
        const [gone] = await tx
          .delete(carPhotos)
          .where(and(eq(carPhotos.id, photoId), eq(carPhotos.carId, carId)))
          .returning();
        if (!gone) throw new HttpError(404, NO_SUCH_PHOTO);
        const rest = await photosOf(tx, carId);
        await renumber(
          tx,
          rest.map((photo) => photo.id),
        );
        return { removed: gone, remaining: rest };
      });
      // Only once the row is gone for good: a failed transaction leaves a photo whose files are all there.
      await removePhotoFiles(app.photoStorage, [removed.fileKey]);
      return remaining.map(toPhoto);
    },
  );

  app.put(
    '/api/cars/:id/photos',
    {
      onRequest: app.requireSignedIn,
      schema: {
        tags: TAGS,
        summary: "Reorder a car's photos and choose its cover (its owner; an admin for a fleet car)",
        description:
          "`order` lists every one of the car's photo ids once; `cover`, one of them, goes first (the first of `order` is the cover when it is not sent).",
        security: SIGNED_IN,
        params: CarPhotosParams,
        body: CarPhotoOrder,
        response: {
          200: PHOTOS_ANSWER,
          ...errors([...JSON_BODY_ERRORS, 401, 403, 404, 409], {
            400: 'A malformed id, an id named twice, or a cover not in the order.',
            403: RENTERS_CANNOT,
            404: NO_SUCH_CAR,
            409: `${ORDER_MISMATCH} (A photo was added or removed since the list was read.)`,
          }),
        },
      },
    },
    async (request) => {
      const account = carKeeper(request);
      const carId = request.params.id;
      const { order, cover } = request.body;
      const wanted = cover === undefined ? order : [cover, ...order.filter((photoId) => photoId !== cover)];
      const photos = await app.db.transaction(async (tx) => {
        if (!(await keptCar(tx, account, carId, true))) throw new HttpError(404, NO_SUCH_CAR);
        const current = await photosOf(tx, carId);
        const currentIds = new Set(current.map((photo) => photo.id));
        if (wanted.length !== currentIds.size || !wanted.every((photoId) => currentIds.has(photoId))) {
          throw new HttpError(409, ORDER_MISMATCH);
        }
        await renumber(tx, wanted);
        return photosOf(tx, carId);
      });
      return photos.map(toPhoto);
    },
  );
};

/**
 * The stored photos at `/uploads/{name}`, from the uploads folder or streamed from the photo store:
 * cached for a year and never revalidated, since a name is random and never reused. Only names a
 * photo's files have are looked up, so nothing else in the folder (the uploads still arriving) is
 * reachable, and there is no listing.
 */
export async function uploadedFileRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { name: string } }>(`${UPLOADS_PATH}/:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    if (!PHOTO_FILE_NAME.test(name)) return sendNotFound(request, reply);
    const file = await app.photoStorage.get(name);
    if (file === undefined) return sendNotFound(request, reply);
    return (
      reply
        .header('content-type', PHOTO_CONTENT_TYPE)
        .header('content-length', file.size)
        .header('cache-control', PHOTO_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        // The app under `npm run dev` (another port of the same host) shows them too.
        .header('cross-origin-resource-policy', 'same-site')
        .send(file.body)
    );
  });
}
