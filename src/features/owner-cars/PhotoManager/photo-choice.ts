import { PHOTOS_PER_CAR_MAX } from '../../../domain/limits';
import type { CheckMessage } from '../../../domain/issue-message';
import { checkWords } from '../../../lib/form-words';
import { type Downscale, fitPhoto } from '../../../lib/image-file';
import { t } from '../words';

// What may be added to a car's photos, checked and made to fit on this device before anything is
// sent; the server checks the bytes again.

/** A chosen file as it will be sent (itself, or made smaller), or why it cannot be. */
export type PreparedPhoto = { file: File } | { refused: string };

const refusedFor = (file: File, reason: CheckMessage): PreparedPhoto => ({
  refused: t('owner.photos.refused', { name: file.name, reason: checkWords(reason) }),
});

/** One chosen file, made to fit the limits on this device (`fitPhoto`), or refused in the owner's words. */
export async function preparePhoto(file: File, downscale?: Downscale): Promise<PreparedPhoto> {
  const fitted = await fitPhoto(file, downscale);
  return 'file' in fitted ? fitted : refusedFor(file, fitted.refused);
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
