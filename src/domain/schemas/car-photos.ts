import { z } from 'zod';
import { type CheckMessage, checkText } from '../issue-message';
import { PHOTO_BYTES_MAX, PHOTO_MEGAPIXELS_MAX, PHOTOS_PER_CAR_MAX } from '../limits';
import { id } from './fields';

/** `/api/cars/{id}/photos`: the car's id. */
export const CarPhotosParams = z.object({ id });

/** `/api/cars/{id}/photos/{photoId}`. */
export const CarPhotoParams = z.object({ id, photoId: id });

/** `PUT /api/cars/{id}/photos`: every one of the car's photo ids once, in the new order; `cover` goes first whatever its place. */
export const CarPhotoOrder = z
  .object({
    order: z
      .array(id)
      .max(PHOTOS_PER_CAR_MAX, checkText('checks.photoOrder.tooMany', { max: PHOTOS_PER_CAR_MAX }))
      .refine((ids) => new Set(ids).size === ids.length, 'checks.photoOrder.twice'),
    cover: id.optional().meta({ description: 'The photo to show first; the first of `order` when not sent.' }),
  })
  .superRefine((body, context) => {
    if (body.cover !== undefined && !body.order.includes(body.cover)) {
      context.addIssue({ code: 'custom', path: ['cover'], message: 'checks.photoOrder.cover' });
    }
  });
export type CarPhotoOrder = z.input<typeof CarPhotoOrder>;

/** The form field the upload's file travels in. */
export const PHOTO_FIELD = 'photo';

/** The types the server accepts, as a browser's file picker names them. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** Why a photo is refused, as checks messages with their values. */
export const PHOTO_REFUSALS = {
  tooLarge: { id: 'checks.photo.tooLarge', values: { megabytes: PHOTO_BYTES_MAX / (1024 * 1024) } },
  wrongType: { id: 'checks.photo.wrongType' },
  full: { id: 'checks.photo.full', values: { max: PHOTOS_PER_CAR_MAX } },
} as const satisfies Record<string, CheckMessage>;

const pixelCount = new Intl.NumberFormat('en-IN');

/** A photo refused for its pixels, in the limit's words: "20,000 × 20,000 px is more than 40 megapixels." */
export const tooManyPixels = (width: number, height: number): CheckMessage => ({
  id: 'checks.photo.tooManyPixels',
  values: { width: pixelCount.format(width), height: pixelCount.format(height), megapixels: PHOTO_MEGAPIXELS_MAX },
});
