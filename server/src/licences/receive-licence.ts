import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { PHOTO_BYTES_MAX } from '#domain/limits';
import { LICENCE_FIELDS, LICENCE_PHOTO_SIDES, LicenceForm, type LicencePhotoSide } from '#domain/schemas/licences';
import { issueWords } from '../http/check-words';
import { HttpError } from '../http/errors';
import { MULTIPART_OVERHEAD_BYTES, photoRefusal } from '../http/photo-refusals';
import type { PhotoStorage } from '../photos/photo-storage';
import { PhotoRejectedError, removePhotoFiles, storePhoto } from '../photos/photo-store';
import { t } from '../i18n';
import { checkLicenceDates } from './licences';

export const TWO_PHOTOS = 'server.licences.twoPhotos';

/** The form's three fields, then its two photos, each stored as it arrives; on any refusal, nothing is kept. */
export async function receiveLicence(
  app: FastifyInstance,
  storage: PhotoStorage,
  request: FastifyRequest,
  minAge: number,
): Promise<{ form: z.output<typeof LicenceForm>; photoKeys: Record<LicencePhotoSide, string> }> {
  if (Number(request.headers['content-length'] ?? 0) > 2 * (PHOTO_BYTES_MAX + MULTIPART_OVERHEAD_BYTES)) {
    throw photoRefusal(new PhotoRejectedError('too-large'));
  }
  const fields: Record<string, string> = {};
  const stored: Partial<Record<LicencePhotoSide, string>> = {};
  let form: z.output<typeof LicenceForm> | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (form || !Object.values(LICENCE_FIELDS).includes(part.fieldname as never) || typeof part.value !== 'string') {
          throw new HttpError(400, t(TWO_PHOTOS));
        }
        fields[part.fieldname] = part.value;
        continue;
      }
      const side = LICENCE_PHOTO_SIDES.find((name) => name === part.fieldname);
      if (!side || stored[side]) {
        part.file.resume();
        throw new HttpError(400, t(TWO_PHOTOS));
      }
      if (!form) {
        // Every field is checked before a photo is kept, so a wrong field never leaves files behind.
        const parsed = LicenceForm.safeParse(fields);
        if (!parsed.success) {
          part.file.resume();
          throw new HttpError(400, issueWords(parsed.error.issues[0]?.message ?? ''));
        }
        checkLicenceDates(parsed.data, app.clock.now(), minAge);
        form = parsed.data;
      }
      const photo = await storePhoto(storage, app.photoQueue, part.file, () => part.file.truncated);
      stored[side] = photo.key;
    }
    if (!form || !stored.front || !stored.back) throw new HttpError(400, t(TWO_PHOTOS));
    return { form, photoKeys: { front: stored.front, back: stored.back } };
  } catch (error) {
    await removePhotoFiles(storage, Object.values(stored));
    if (error instanceof HttpError) throw error;
    throw photoRefusal(error);
  }
}
