import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import type { CarPhoto } from '../../domain/contract';
import { PHOTO_BYTES_MAX, PHOTOS_PER_CAR_MAX } from '../../domain/limits';
import { PHOTO_TOO_LARGE, PHOTO_TYPES, PHOTO_WRONG_TYPE } from '../../domain/schemas/car-photos';
import { ActionNotice } from '../../components/ActionNotice';
import { ErrorAlert } from '../../components/ErrorAlert';
import { toApiError } from '../../lib/api-client';
import { photoSrc, photoSrcset } from '../../lib/photo-src';
import { carKeys } from '../../entities/car/keys';
import { uploadCarPhoto } from './api';
import { ownerCarKeys, useDeleteCarPhoto, useOrderCarPhotos } from './queries';

/** A photo chosen on this device and not yet uploaded, shown from a local preview address. */
export interface PendingPhoto {
  key: string;
  file: File;
  preview: string;
}

const ACCEPT = PHOTO_TYPES.join(',');
/** A thumbnail is at most about this wide: the browser takes the 400 px version. */
const THUMBNAIL_SIZES = '10rem';

/** Why the browser refuses a file before sending it, or undefined; the server checks the bytes again. */
function refusal(file: File): string | undefined {
  // Some systems give no type for a file they do not know: the server reads its bytes and decides.
  if (file.type !== '' && !(PHOTO_TYPES as readonly string[]).includes(file.type)) return `${file.name}: ${PHOTO_WRONG_TYPE}`;
  if (file.size > PHOTO_BYTES_MAX) return `${file.name}: ${PHOTO_TOO_LARGE}`;
  return undefined;
}

/** The files that may be added to `already` photos, and why any others were refused. */
function sortChosen(files: readonly File[], already: number): { accepted: File[]; refused: string[] } {
  const refused: string[] = [];
  const fitting = files.filter((file) => {
    const reason = refusal(file);
    if (reason) refused.push(reason);
    return reason === undefined;
  });
  const room = Math.max(0, PHOTOS_PER_CAR_MAX - already);
  if (fitting.length > room) {
    refused.push(
      `A car can have at most ${PHOTOS_PER_CAR_MAX} photos: ${room === 0 ? 'none' : `only ${room}`} more could be added, so ${fitting
        .slice(room)
        .map((file) => file.name)
        .join(', ')} ${fitting.length - room === 1 ? 'was' : 'were'} left out.`,
    );
  }
  return { accepted: fitting.slice(0, room), refused };
}

/** `list` with the item at `from` moved to `to`. */
function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/**
 * The add page's photos, chosen before the car exists: previews from local addresses, revoked as
 * soon as a photo is removed or the page closes. The first is the cover.
 */
export function usePendingPhotos() {
  const [photos, setPhotos] = useState<PendingPhoto[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const current = useRef(photos);
  current.current = photos;
  useEffect(
    () => () => {
      for (const photo of current.current) URL.revokeObjectURL(photo.preview);
    },
    [],
  );

  return {
    photos,
    refused,
    clearRefused: () => setRefused([]),
    add(files: readonly File[]) {
      const { accepted, refused: reasons } = sortChosen(files, current.current.length);
      setRefused(reasons);
      const added = accepted.map((file) => ({ key: crypto.randomUUID(), file, preview: URL.createObjectURL(file) }));
      setPhotos((list) => [...list, ...added]);
    },
    remove(index: number) {
      const photo = current.current[index];
      if (photo) URL.revokeObjectURL(photo.preview);
      setPhotos((list) => list.filter((_, at) => at !== index));
    },
    move: (from: number, to: number) => setPhotos((list) => moved(list, from, to)),
  };
}
export type PendingPhotos = ReturnType<typeof usePendingPhotos>;

interface Tile {
  key: string;
  src: string;
  srcset?: string;
  /** The file's name, or "Photo 2" for a stored one. */
  name: string;
}

interface PhotoTilesProps {
  tiles: readonly Tile[];
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  disabled: boolean;
}

/** The photos in order, the first marked as the cover, each with buttons to make it the cover, move it and remove it. */
function PhotoTiles({ tiles, onMove, onRemove, disabled }: PhotoTilesProps) {
  if (tiles.length === 0) return null;
  return (
    <ol className="list-unstyled d-flex flex-wrap gap-3 mb-3" aria-label="Photos, the cover first">
      {tiles.map((tile, index) => (
        <li key={tile.key} className="border rounded p-2" style={{ width: '11rem' }}>
          <div className="ratio ratio-16x10 mb-2">
            <img
              src={tile.src}
              srcSet={tile.srcset}
              sizes={tile.srcset ? THUMBNAIL_SIZES : undefined}
              alt={`${tile.name}${index === 0 ? ' (cover)' : ''}`}
              className="rounded object-fit-cover"
            />
          </div>
          <p className="small mb-2 text-truncate" title={tile.name}>
            {index === 0 ? <strong>Cover · </strong> : null}
            {tile.name}
          </p>
          <div className="d-flex flex-wrap gap-1">
            {index > 0 ? (
              <Button size="sm" variant="outline-primary" onClick={() => onMove(index, 0)} disabled={disabled}>
                Make cover<span className="visually-hidden"> {tile.name}</span>
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => onMove(index, index - 1)}
              disabled={disabled || index === 0}
            >
              Move left<span className="visually-hidden"> {tile.name}</span>
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => onMove(index, index + 1)}
              disabled={disabled || index === tiles.length - 1}
            >
              Move right<span className="visually-hidden"> {tile.name}</span>
            </Button>
            <Button size="sm" variant="outline-danger" onClick={() => onRemove(index)} disabled={disabled}>
              Remove<span className="visually-hidden"> {tile.name}</span>
            </Button>
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The file input, taking several photos at once. */
function PhotoInput({ onChoose, disabled, room }: { onChoose: (files: File[]) => void; disabled: boolean; room: number }) {
  const id = useId();
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    onChoose(Array.from(event.target.files ?? []));
    // The same file may be chosen again after it was removed.
    event.target.value = '';
  };
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>Add photos</Form.Label>
      <Form.Control
        type="file"
        accept={ACCEPT}
        multiple
        onChange={choose}
        disabled={disabled || room === 0}
        aria-describedby={`${id}-hint`}
      />
      <Form.Text id={`${id}-hint`}>
        JPEG, PNG or WebP, at most {PHOTO_BYTES_MAX / (1024 * 1024)} MB each; up to {PHOTOS_PER_CAR_MAX} photos ({room} more). The
        first is the cover.
      </Form.Text>
    </Form.Group>
  );
}

/** The add page's photo picker: previews of the chosen photos, uploaded once the car is saved. */
export function PhotoPicker({ pending, disabled }: { pending: PendingPhotos; disabled: boolean }) {
  return (
    <fieldset className="mb-3">
      <legend className="fs-6 fw-semibold">Photos</legend>
      <ErrorAlert message={pending.refused.join(' ') || undefined} onClose={pending.clearRefused} />
      <PhotoTiles
        tiles={pending.photos.map((photo) => ({ key: photo.key, src: photo.preview, name: photo.file.name }))}
        onMove={pending.move}
        onRemove={pending.remove}
        disabled={disabled}
      />
      <PhotoInput onChoose={pending.add} disabled={disabled} room={PHOTOS_PER_CAR_MAX - pending.photos.length} />
    </fieldset>
  );
}

interface UploadState {
  key: string;
  name: string;
  /** From 0 to 1. */
  sent: number;
  outcome: 'waiting' | 'sending' | 'stored' | 'failed';
  error?: string;
}

/**
 * Uploads files to a car one after the other, in order (so the first stays the cover), keeping each
 * one's progress and, when it fails, the server's reason. `run` answers whether every one was stored.
 */
export function usePhotoUploads() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const update = (key: string, change: Partial<UploadState>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  async function run(carId: string, files: readonly { key: string; file: File }[]): Promise<CarPhoto[] | undefined> {
    setUploads(files.map(({ key, file }) => ({ key, name: file.name, sent: 0, outcome: 'waiting' })));
    const stored: CarPhoto[] = [];
    let failed = false;
    for (const { key, file } of files) {
      update(key, { outcome: 'sending' });
      try {
        stored.push(await uploadCarPhoto(carId, file, (sent) => update(key, { sent })));
        update(key, { outcome: 'stored', sent: 1 });
      } catch (error) {
        failed = true;
        update(key, { outcome: 'failed', error: toApiError(error).message });
      }
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ownerCarKeys.all }),
      queryClient.invalidateQueries({ queryKey: carKeys.all }),
    ]);
    return failed ? undefined : stored;
  }

  const busy = uploads.some((upload) => upload.outcome === 'waiting' || upload.outcome === 'sending');
  return { uploads, run, busy, clear: () => setUploads([]) };
}
export type PhotoUploads = ReturnType<typeof usePhotoUploads>;

const OUTCOME_LABELS: Record<UploadState['outcome'], string> = {
  waiting: 'Waiting',
  sending: 'Uploading',
  stored: 'Uploaded',
  failed: 'Not uploaded',
};

/** Each upload's progress, and the reason any failed. */
export function UploadProgress({ uploads }: { uploads: PhotoUploads }) {
  if (uploads.uploads.length === 0) return null;
  return (
    <ul className="list-unstyled mb-3" aria-label="Photo uploads">
      {uploads.uploads.map((upload) => (
        <li key={upload.key} className="mb-2">
          <div className="d-flex justify-content-between small">
            <span className="text-truncate">{upload.name}</span>
            <span>{OUTCOME_LABELS[upload.outcome]}</span>
          </div>
          {upload.outcome === 'failed' ? (
            <p role="alert" className="small text-danger mb-0">
              {upload.error}
            </p>
          ) : (
            <ProgressBar
              now={Math.round(upload.sent * 100)}
              label={`${Math.round(upload.sent * 100)}%`}
              visuallyHidden
              aria-label={`${upload.name} uploaded`}
              variant={upload.outcome === 'stored' ? 'success' : undefined}
            />
          )}
        </li>
      ))}
    </ul>
  );
}

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
  const busy = uploads.busy || remove.isPending || order.isPending;
  const failure = remove.error ?? order.error;

  const choose = (files: File[]) => {
    const { accepted, refused: reasons } = sortChosen(files, photos.length);
    setRefused(reasons);
    if (accepted.length === 0) return;
    setNotice(null);
    void uploads
      .run(
        carId,
        accepted.map((file) => ({ key: crypto.randomUUID(), file })),
      )
      // A failed upload says so beside its file instead.
      .then((stored) => {
        if (stored) setNotice(`${stored.length} ${stored.length === 1 ? 'photo' : 'photos'} uploaded.`);
      });
  };

  const move = (from: number, to: number) => {
    const ids = moved(photos, from, to).map((photo) => photo.id);
    const done = to === 0 ? `Photo ${from + 1} is now the cover.` : `Photo ${from + 1} is now photo ${to + 1}.`;
    setNotice(null);
    order.mutate({ order: ids, cover: ids[0] }, { onSuccess: () => setNotice(done) });
  };

  return (
    <section className="mb-4" aria-labelledby={`photos-${carId}`}>
      <h2 id={`photos-${carId}`} className="h5">
        Photos
      </h2>
      <p className="small text-muted">Changes to the photos are saved at once.</p>
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
          name: `Photo ${index + 1}`,
        }))}
        onMove={move}
        onRemove={(index) => {
          const photo = photos[index];
          if (!photo) return;
          setNotice(null);
          remove.mutate(photo.id, { onSuccess: () => setNotice(`Photo ${index + 1} removed.`) });
        }}
        disabled={busy}
      />
      {photos.length === 0 ? <p className="small">No photos yet: the car shows its image link, if it has one.</p> : null}
      <UploadProgress uploads={uploads} />
      <PhotoInput onChoose={choose} disabled={busy} room={PHOTOS_PER_CAR_MAX - photos.length} />
    </section>
  );
}
