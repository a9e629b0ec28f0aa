import { z } from 'zod';
import { PHOTO_BYTES_MAX, PHOTOS_PER_CAR_MAX } from '../limits';
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
      .max(PHOTOS_PER_CAR_MAX, `Order lists at most ${PHOTOS_PER_CAR_MAX} photos.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Order must name each photo once.'),
    cover: id.optional().meta({ description: 'The photo to show first; the first of `order` when not sent.' }),
  })
  .superRefine((body, context) => {
    if (body.cover !== undefined && !body.order.includes(body.cover)) {
      context.addIssue({ code: 'custom', path: ['cover'], message: 'Cover must be one of the photos in order.' });
    }
  });
export type CarPhotoOrder = z.input<typeof CarPhotoOrder>;

/** The form field the upload's file travels in. */
export const PHOTO_FIELD = 'photo';

/** The types the server accepts, as a browser's file picker names them. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const PHOTO_TOO_LARGE = `A photo must be at most ${PHOTO_BYTES_MAX / (1024 * 1024)} MB.`;
export const PHOTO_WRONG_TYPE = 'A photo must be a JPEG, PNG or WebP image.';
export const PHOTOS_FULL = `A car can have at most ${PHOTOS_PER_CAR_MAX} photos: remove one to add another.`;
