import { useState } from 'react';
import type { CarPhoto } from '../../../domain/contract';
import { PHOTOS_PER_CAR_MAX } from '../../../domain/limits';
import { ActionNotice } from '../../../components/ActionNotice';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toApiError } from '../../../lib/api-client';
import { photoSrc, photoSrcset } from '../../../lib/photo-src';
import { randomId } from '../../../lib/random-id';
import { useDeleteCarPhoto, useOrderCarPhotos } from '../queries';
import { moved, prepareChosen } from './photo-choice';
import { PhotoInput } from './PhotoInput';
import { PhotoTiles } from './PhotoTiles';
import { UploadProgress } from './UploadProgress';
import { usePhotoUploads } from './usePhotoUploads';
import { t } from '../words';

// A car's photos: chosen before the car exists on the add page, managed on the server on the edit page.
export { PhotoPicker } from './PhotoPicker';
export { UploadProgress } from './UploadProgress';
export { type PendingPhoto, type PendingPhotos, usePendingPhotos } from './usePendingPhotos';
export { type PhotoUploads, usePhotoUploads } from './usePhotoUploads';

/**
 * The edit page's photos of a saved car: each change is made on the server at once (upload,
 * remove, reorder, choose the cover), the list shows what the server answered, and a notice says
 * what was done.
 */
export function PhotoManager({ carId, photos }: { carId: string; photos: readonly CarPhoto[] }) {
  const uploads = usePhotoUploads();
  const remove = useDeleteCarPhoto(carId);
  const order = useOrderCarPhotos(carId);
  const [refused, setRefused] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const busy = uploads.busy || remove.isPending || order.isPending;
  const failure = remove.error ?? order.error;

  const choose = async (files: File[]) => {
    setPreparing(true);
    const { accepted, refused: reasons } = await prepareChosen(files, photos.length).finally(() => setPreparing(false));
    setRefused(reasons);
    if (accepted.length === 0) return;
    setNotice(null);
    await uploads
      .run(
        carId,
        accepted.map((file) => ({ key: randomId(), file })),
      )
      // A failed upload says so beside its file instead.
      .then(({ stored, failed }) => {
        if (failed === 0) setNotice(t('owner.photos.uploaded', { count: stored.length }));
      });
  };

  const move = (from: number, to: number) => {
    const ids = moved(photos, from, to).map((photo) => photo.id);
    const done =
      to === 0 ? t('owner.photos.nowCover', { from: from + 1 }) : t('owner.photos.moved', { from: from + 1, to: to + 1 });
    setNotice(null);
    order.mutate({ order: ids, cover: ids[0] }, { onSuccess: () => setNotice(done) });
  };

  return (
    <section className="mb-4" aria-labelledby={`photos-${carId}`}>
      <h2 id={`photos-${carId}`} className="h5">
        {t('owner.photos.heading')}
      </h2>
      <p className="small text-muted">{t('owner.photos.savedAtOnce')}</p>
      <ActionNotice message={notice} onDismiss={() => setNotice(null)} />
      <ErrorAlert
        message={failure ? toApiError(failure).message : undefined}
        onClose={() => {
          remove.reset();
          order.reset();
        }}
      />
      <ErrorAlert message={refused.join(' ') || undefined} onClose={() => setRefused([])} />
      <PhotoTiles
        tiles={photos.map((photo, index) => ({
          key: photo.id,
          src: photoSrc(photo.url),
          srcset: photoSrcset(photo.srcset),
          name: t('owner.photos.photoName', { number: index + 1 }),
        }))}
        onMove={move}
        onRemove={(index) => {
          const photo = photos[index];
          if (!photo) return;
          setNotice(null);
          remove.mutate(photo.id, { onSuccess: () => setNotice(t('owner.photos.removed', { number: index + 1 })) });
        }}
        disabled={busy}
      />
      {photos.length === 0 ? <p className="small">{t('owner.photos.none')}</p> : null}
      <UploadProgress uploads={uploads} />
      <PhotoInput
        onChoose={(files) => void choose(files)}
        disabled={busy}
        preparing={preparing}
        room={PHOTOS_PER_CAR_MAX - photos.length}
      />
    </section>
  );
}
