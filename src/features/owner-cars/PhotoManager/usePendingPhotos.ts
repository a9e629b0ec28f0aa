import { useEffect, useRef, useState } from 'react';
import { moved, prepareChosen } from './photo-choice';
import { randomId } from '../../../lib/random-id';

/** A photo chosen on this device and not yet uploaded, shown from a local preview address. */
export interface PendingPhoto {
  key: string;
  file: File;
  preview: string;
}

/**
 * The add page's photos, chosen before the car exists and made ready to send as they are chosen:
 * previews from local addresses, revoked as soon as a photo is removed or the page closes. The
 * first is the cover. `anyRefused` stays true once a chosen photo could not be used, so a car left
 * with none is not listed without asking.
 */
export function usePendingPhotos() {
  const [photos, setPhotos] = useState<PendingPhoto[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const [anyRefused, setAnyRefused] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const current = useRef(photos);
  current.current = photos;
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      for (const photo of current.current) URL.revokeObjectURL(photo.preview);
    };
  }, []);

  return {
    photos,
    refused,
    anyRefused,
    preparing,
    clearRefused: () => setRefused([]),
    async add(files: readonly File[]) {
      setPreparing(true);
      const { accepted, refused: reasons } = await prepareChosen(files, current.current.length);
      if (!mounted.current) return;
      setPreparing(false);
      setRefused(reasons);
      if (reasons.length > 0) setAnyRefused(true);
      const added = accepted.map((file) => ({ key: randomId(), file, preview: URL.createObjectURL(file) }));
      current.current = [...current.current, ...added];
      setPhotos(current.current);
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
