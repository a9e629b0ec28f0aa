import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PHOTO_BYTES_MAX, PHOTOS_PER_CAR_MAX } from '#domain/limits';
import { UPLOADS_PATH } from '#domain/photo-urls';
import { CarPhotoOrder, CarPhotoParams, CarPhotosParams, PHOTO_FIELD, PHOTO_REFUSALS } from '#domain/schemas/car-photos';
import { CarPhoto } from '#domain/schemas/cars';
import {
  addPhotoRow,
  type CarKeeper,
  checkRoomForPhoto,
  NO_SUCH_CAR,
  NO_SUCH_PHOTO,
  ORDER_MISMATCH,
  removePhotoRow,
  reorderPhotos,
} from '../cars/photos';
import { toCarPhoto } from '../contract-shapes';
import type { CarPhotoRow } from '../db/schema';
import { answer, errors, JSON_BODY_ERRORS } from '../http/answers';
import { HttpError } from '../http/errors';
import { SIGNED_IN } from '../http/openapi';
import { sendNotFound } from '../plugins/errors';
import { signedInAccount } from '../plugins/session';
import { countPhotoUpload } from '../limits/photo-uploads';
import { DEFAULT_QUOTAS } from '../limits/quotas';
import { PHOTOS_WAITING_MAX } from '../photos/photo-queue';
import { PHOTO_CACHE_CONTROL, PHOTO_CONTENT_TYPE } from '../photos/photo-storage';
import { PHOTO_FILE_NAME, removePhotoFiles } from '../photos/photo-store';
import { checkWords } from '../http/check-words';
import {
  NOT_MULTIPART,
  PHOTO_TOO_LARGE,
  PHOTOS_BUSY,
  receivePhoto,
  TOO_MANY_PIXELS,
  UPLOAD_TIMEOUT_MS,
} from '../http/photo-refusals';
import { t } from '../i18n';

const TAGS = ['car photos'];

const RENTERS_CANNOT = 'server.carPhotos.rentersCannot';
const PHOTOS_ANSWER = answer(z.array(CarPhoto), "The car's photos in their new order, the cover first.");

/** The signed-in owner or admin; a renter is refused outright, since no car is ever theirs to change. */
function carKeeper(request: FastifyRequest): CarKeeper {
  const account = signedInAccount(request);
  if (account.role === 'user') throw new HttpError(403, t(RENTERS_CANNOT));
  return account;
}

const UPLOAD_SCHEMA = {
  tags: TAGS,
  summary: 'Add a photo to a car (its owner; an admin for a fleet car)',
  description: `A \`multipart/form-data\` body with one file in the field \`${PHOTO_FIELD}\`: a JPEG, PNG or WebP image (told from its bytes, not its name) of at most ${PHOTO_BYTES_MAX / (1024 * 1024)} MB. It is turned upright, stripped of its metadata (EXIF, GPS), and stored as WebP at each width of \`srcset\`, after the car's other photos. A car has at most ${PHOTOS_PER_CAR_MAX} photos. Each account may upload PHOTO_UPLOADS_PER_HOUR photos an hour (${DEFAULT_QUOTAS.photoUploadsPerHour} by default), counted whether or not they are stored. Photos are made one at a time per server, with at most ${PHOTOS_WAITING_MAX} waiting. Nothing is stored when it is refused.`,
  security: SIGNED_IN,
  params: CarPhotosParams,
  response: {
    201: answer(CarPhoto, 'The stored photo.'),
    ...errors([400, 401, 403, 404, 409, 413, 415, 503], {
      400: `A malformed id, or a form without one file in the field "${PHOTO_FIELD}".`,
      403: t(RENTERS_CANNOT),
      404: t(NO_SUCH_CAR),
      409: checkWords(PHOTO_REFUSALS.full),
      413: `${PHOTO_TOO_LARGE()} Or: ${TOO_MANY_PIXELS()}`,
      415: `${checkWords(PHOTO_REFUSALS.wrongType)} Or: ${NOT_MULTIPART()}`,
      429: `Too many photos uploaded by this account in the last hour (PHOTO_UPLOADS_PER_HOUR, ${DEFAULT_QUOTAS.photoUploadsPerHour} by default), or too many requests; Retry-After says when to try again.`,
      503: `${t(PHOTOS_BUSY)} (${PHOTOS_WAITING_MAX} photos were already waiting; Retry-After says when to try again.) Or: the database is not answering.`,
    }),
  },
};

/**
 * `POST /api/cars/{id}/photos`, in a scope of its own: the multipart parser is registered only
 * here, so every other route still refuses a form body (the forgery check relies on that).
 */
async function uploadRoute(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { limits: { fileSize: PHOTO_BYTES_MAX, files: 1, fields: 0, parts: 1 } });
  // The body is a form with one file, read as a stream here rather than parsed against a schema.
  // Its deadline starts once the photo is in (storePhoto), not while a slow phone is still sending it.
  const config = { takesNoBody: true, bodyTimeoutMs: UPLOAD_TIMEOUT_MS, deadlineStartsInHandler: true };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post('/api/cars/:id/photos', { onRequest: app.requireSignedIn, config, schema: UPLOAD_SCHEMA }, async (request, reply) => {
      const keeper = carKeeper(request);
      const carId = request.params.id;
      // Refused before a byte of the photo is read: whose car, how many photos, how many this hour, how long a body.
      await checkRoomForPhoto(app.db, keeper, carId);
      await countPhotoUpload(app.db, keeper.id, app.quotas.photoUploadsPerHour, app.clock.now());
      const stored = await receivePhoto(app.photoStorage, app.photoQueue, request);
      try {
        const row = await addPhotoRow(app.db, keeper, carId, stored, app.clock.now());
        return reply.code(201).send(toCarPhoto(row, app.photoStorage.urlBase));
      } catch (error) {
        await removePhotoFiles(app.photoStorage, [stored.key]);
        throw error;
      }
    });
}

const REMOVE_SCHEMA = {
  tags: TAGS,
  summary: "Remove one of a car's photos (its owner; an admin for a fleet car)",
  description: 'Its files go too; the photos after it move up, so removing the cover makes the next one the cover.',
  security: SIGNED_IN,
  params: CarPhotoParams,
  response: {
    200: PHOTOS_ANSWER,
    ...errors([400, 401, 403, 404], {
      400: 'A malformed id.',
      403: t(RENTERS_CANNOT),
      404: `${t(NO_SUCH_CAR)} Or: ${t(NO_SUCH_PHOTO)}`,
    }),
  },
};

const REORDER_SCHEMA = {
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
      403: t(RENTERS_CANNOT),
      404: t(NO_SUCH_CAR),
      409: `${t(ORDER_MISMATCH)} (A photo was added or removed since the list was read.)`,
    }),
  },
};

/** A car's photos: upload one, remove one, reorder them and choose the cover. */
export const carPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const toPhoto = (row: CarPhotoRow) => toCarPhoto(row, app.photoStorage.urlBase);
  await app.register(uploadRoute);

  app.delete('/api/cars/:id/photos/:photoId', { onRequest: app.requireSignedIn, schema: REMOVE_SCHEMA }, async (request) => {
    const { id: carId, photoId } = request.params;
    const { removed, remaining } = await removePhotoRow(app.db, carKeeper(request), carId, photoId);
    // Only once the row is gone for good: a failed transaction leaves a photo whose files are all there.
    await removePhotoFiles(app.photoStorage, [removed.fileKey]);
    return remaining.map(toPhoto);
  });

  app.put('/api/cars/:id/photos', { onRequest: app.requireSignedIn, schema: REORDER_SCHEMA }, async (request) => {
    const photos = await reorderPhotos(app.db, carKeeper(request), request.params.id, request.body);
    return photos.map(toPhoto);
  });
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
