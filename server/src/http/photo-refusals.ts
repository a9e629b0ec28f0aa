import type { FastifyRequest } from 'fastify';
import { PHOTO_BYTES_MAX, PHOTO_MEGAPIXELS_MAX } from '#domain/limits';
import { PHOTO_FIELD, PHOTO_REFUSALS, tooManyPixels } from '#domain/schemas/car-photos';
import { QueueFullError } from '../limits/work-queue';
import { PHOTO_QUEUE_RETRY_SECONDS } from '../photos/photo-queue';
import type { PhotoQueue } from '../photos/photo-queue';
import type { PhotoStorage } from '../photos/photo-storage';
import { PhotoRejectedError, type StoredPhoto, storePhoto } from '../photos/photo-store';
import { t } from '../i18n';
import { checkWords } from './check-words';
import { HttpError } from './errors';

// The refusals of an uploaded photo, shared by every route that takes one (a car's, a licence's).

export const NOT_MULTIPART = () => t('server.carPhotos.notMultipart', { field: PHOTO_FIELD });
export const ONE_PHOTO = () => t('server.carPhotos.onePhoto', { field: PHOTO_FIELD });
export const TOO_MANY_PIXELS = () => t('server.carPhotos.tooManyPixels', { megapixels: PHOTO_MEGAPIXELS_MAX });
export const PHOTO_TOO_LARGE = () => checkWords(PHOTO_REFUSALS.tooLarge);
export const PHOTOS_BUSY = 'server.carPhotos.busy';

/** Room for the multipart framing around the file: a body longer than this is refused before a byte of it is read. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * A photo may take this long to arrive, far longer than a JSON body: 8 MB from a phone on a slow
 * network (about 0.5 Mbit/s) is still received.
 */
export const UPLOAD_TIMEOUT_MS = 120_000;

/** Each refusal's status and words; one refused for its pixels is told its size against the limit. */
const REJECTIONS = {
  'too-large': { status: 413, message: PHOTO_TOO_LARGE },
  'too-many-pixels': {
    status: 413,
    message: (error: PhotoRejectedError) =>
      error.size ? checkWords(tooManyPixels(error.size.width, error.size.height)) : TOO_MANY_PIXELS(),
  },
  'not-an-image': { status: 415, message: () => checkWords(PHOTO_REFUSALS.wrongType) },
} as const;

/** The multipart parser's refusals, in words a person can act on. */
function describeMultipartError(error: unknown): HttpError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new HttpError(415, NOT_MULTIPART());
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new HttpError(400, ONE_PHOTO());
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, PHOTO_TOO_LARGE());
  if (error instanceof Error && /multipart|boundary|part terminated/i.test(error.message)) return new HttpError(400, ONE_PHOTO());
  return undefined;
}

/** A failed upload's error as the answer a person can act on, when it is about the photo or the queue; any other as it was. */
export function photoRefusal(error: unknown): unknown {
  if (error instanceof QueueFullError) {
    return new HttpError(503, t(PHOTOS_BUSY), { 'retry-after': String(PHOTO_QUEUE_RETRY_SECONDS) });
  }
  if (error instanceof PhotoRejectedError) {
    const { status, message } = REJECTIONS[error.reason];
    return new HttpError(status, message(error));
  }
  return describeMultipartError(error) ?? error;
}

/** The form's one file, streamed to the photo store: refused in words a person can act on when it is not a photo we take. */
export async function receivePhoto(storage: PhotoStorage, queue: PhotoQueue, request: FastifyRequest): Promise<StoredPhoto> {
  if (Number(request.headers['content-length'] ?? 0) > PHOTO_BYTES_MAX + MULTIPART_OVERHEAD_BYTES) {
    throw new HttpError(413, PHOTO_TOO_LARGE());
  }
  const part = await request.file({ throwFileSizeLimit: false }).catch((error: unknown) => {
    throw photoRefusal(error);
  });
  if (!part) throw new HttpError(400, ONE_PHOTO());
  if (part.fieldname !== PHOTO_FIELD) {
    part.file.resume();
    throw new HttpError(400, ONE_PHOTO());
  }
  return storePhoto(storage, queue, part.file, () => part.file.truncated).catch((error: unknown) => {
    throw photoRefusal(error);
  });
}
