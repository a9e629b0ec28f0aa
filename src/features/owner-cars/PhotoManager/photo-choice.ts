import { PHOTO_BYTES_MAX, PHOTO_LONG_SIDE_SCALED, PHOTO_PIXELS_MAX, PHOTOS_PER_CAR_MAX } from '../../../domain/limits';
import { PHOTO_REFUSALS, tooManyPixels } from '../../../domain/schemas/car-photos';
import type { CheckMessage } from '../../../domain/issue-message';
import { checkWords } from '../../../lib/form-words';
import { type Downscale, downscaleInBrowser, headerPixelSize, IMAGE_HEAD_BYTES, sniffPhotoType } from '../../../lib/image-file';
import { t } from '../words';

// What may be added to a car's photos, checked and made to fit on this device before anything is
// sent; the server checks the bytes again.

/** A chosen file as it will be sent (itself, or made smaller), or why it cannot be. */
export type PreparedPhoto = { file: File } | { refused: string };

const refusedFor = (file: File, reason: CheckMessage): PreparedPhoto => ({
  refused: t('owner.photos.refused', { name: file.name, reason: checkWords(reason) }),
});

/**
 * One chosen file: refused at once unless its bytes are a JPEG, PNG or WebP; over either limit (its
 * pixels read from its header, its bytes), made at most 4,000 px on its long side by `downscale`;
 * refused, in words of the limit it broke, only when that fails or leaves it still too large.
 */
export async function preparePhoto(file: File, downscale: Downscale = downscaleInBrowser): Promise<PreparedPhoto> {
  const head = new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer());
  const type = sniffPhotoType(head);
  if (!type) return refusedFor(file, PHOTO_REFUSALS.wrongType);
  const size = headerPixelSize(head, type);
  const overPixels = size !== undefined && size.width * size.height > PHOTO_PIXELS_MAX;
  if (!overPixels && file.size <= PHOTO_BYTES_MAX) return { file };
  const scaled = await downscale(file, PHOTO_LONG_SIDE_SCALED).catch(() => undefined);
  // Still under the owner's name for it: its type says what it now is.
  if (scaled && scaled.size <= PHOTO_BYTES_MAX) return { file: new File([scaled], file.name, { type: scaled.type }) };
  return refusedFor(file, overPixels ? tooManyPixels(size.width, size.height) : PHOTO_REFUSALS.tooLarge);
}

/**
 * The files that may be added to `already` photos, each prepared in turn (one photo decoded at a
 * time), and why any others were refused; those past the car's last place are not prepared at all.
 */
export async function prepareChosen(
  files: readonly File[],
  already: number,
  downscale?: Downscale,
): Promise<{ accepted: File[]; refused: string[] }> {
  const room = Math.max(0, PHOTOS_PER_CAR_MAX - already);
  const accepted: File[] = [];
  const refused: string[] = [];
  const left: string[] = [];
  for (const file of files) {
    if (accepted.length === room) {
      left.push(file.name);
      continue;
    }
    const prepared = await preparePhoto(file, downscale);
    if ('file' in prepared) accepted.push(prepared.file);
    else refused.push(prepared.refused);
  }
  if (left.length > 0) {
    refused.push(t('owner.photos.tooMany', { max: PHOTOS_PER_CAR_MAX, room, names: left.join(', '), left: left.length }));
  }
  return { accepted, refused };
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
