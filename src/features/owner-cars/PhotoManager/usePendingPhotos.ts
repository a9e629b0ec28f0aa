import { useEffect, useRef, useState } from 'react';
import { moved, sortChosen } from './photo-choice';

/** A photo chosen on this device and not yet uploaded, shown from a local preview address. */
export interface PendingPhoto {
  key: string;
  file: File;
  preview: string;
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
