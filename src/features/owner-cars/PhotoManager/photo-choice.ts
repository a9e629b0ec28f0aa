import { PHOTO_BYTES_MAX, PHOTOS_PER_CAR_MAX } from '../../../domain/limits';
import { PHOTO_REFUSALS, PHOTO_TYPES } from '../../../domain/schemas/car-photos';
import { checkWords } from '../../../lib/form-words';
import { t } from '../words';

// What may be added to a car's photos, checked on this device before anything is sent.

/** Why the browser refuses a file before sending it, or undefined; the server checks the bytes again. */
function refusal(file: File): string | undefined {
  // Some systems give no type for a file they do not know: the server reads its bytes and decides.
  if (file.type !== '' && !(PHOTO_TYPES as readonly string[]).includes(file.type))
    return t('owner.photos.refused', { name: file.name, reason: checkWords(PHOTO_REFUSALS.wrongType) });
  if (file.size > PHOTO_BYTES_MAX)
    return t('owner.photos.refused', { name: file.name, reason: checkWords(PHOTO_REFUSALS.tooLarge) });
  return undefined;
}

/** The files that may be added to `already` photos, and why any others were refused. */
export function sortChosen(files: readonly File[], already: number): { accepted: File[]; refused: string[] } {
  const refused: string[] = [];
  const fitting = files.filter((file) => {
    const reason = refusal(file);
    if (reason) refused.push(reason);
    return reason === undefined;
  });
  const room = Math.max(0, PHOTOS_PER_CAR_MAX - already);
  if (fitting.length > room) {
    const left = fitting.slice(room).map((file) => file.name);
    refused.push(t('owner.photos.tooMany', { max: PHOTOS_PER_CAR_MAX, room, names: left.join(', '), left: left.length }));
  }
  return { accepted: fitting.slice(0, room), refused };
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
