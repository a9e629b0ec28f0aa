import { PHOTOS_PER_CAR_MAX } from '../../../domain/limits';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PhotoInput } from './PhotoInput';
import { PhotoTiles } from './PhotoTiles';
import type { PendingPhotos } from './usePendingPhotos';
import { t } from '../words';

/** The add page's photo picker: previews of the chosen photos, uploaded once the car is saved. */
export function PhotoPicker({ pending, disabled }: { pending: PendingPhotos; disabled: boolean }) {
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">{t('owner.photos.legend')}</legend>
      <ErrorAlert message={pending.refused.join(' ') || undefined} onClose={pending.clearRefused} />
      <PhotoTiles
        tiles={pending.photos.map((photo) => ({ key: photo.key, src: photo.preview, name: photo.file.name }))}
        onMove={pending.move}
        onRemove={pending.remove}
        disabled={disabled}
      />
      <PhotoInput
        onChoose={(files) => void pending.add(files)}
        disabled={disabled}
        preparing={pending.preparing}
        room={PHOTOS_PER_CAR_MAX - pending.photos.length}
      />
    </fieldset>
  );
}
