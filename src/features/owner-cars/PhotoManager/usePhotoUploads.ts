import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CarPhoto } from '../../../domain/contract';
import { toApiError } from '../../../lib/api-client';
import { carKeys } from '../../../entities/car/keys';
import { uploadCarPhoto } from '../api';
import { ownerCarKeys } from '../queries';

export interface UploadState {
  key: string;
  name: string;
  /** From 0 to 1. */
  sent: number;
  outcome: 'waiting' | 'sending' | 'stored' | 'failed';
  error?: string;
}

/**
 * Uploads files to a car one after the other, in order (so the first stays the cover), keeping each
 * one's progress and, when it fails, the server's reason. `run` answers the photos stored and how many failed.
 */
export function usePhotoUploads() {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<UploadState[]>([]);
  const update = (key: string, change: Partial<UploadState>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  async function run(
    carId: string,
    files: readonly { key: string; file: File }[],
  ): Promise<{ stored: CarPhoto[]; failed: number }> {
    setUploads(files.map(({ key, file }) => ({ key, name: file.name, sent: 0, outcome: 'waiting' })));
    const stored: CarPhoto[] = [];
    let failed = 0;
    for (const { key, file } of files) {
      update(key, { outcome: 'sending' });
      try {
        stored.push(await uploadCarPhoto(carId, file, (sent) => update(key, { sent })));
        update(key, { outcome: 'stored', sent: 1 });
      } catch (error) {
        failed += 1;
        update(key, { outcome: 'failed', error: toApiError(error).message });
      }
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ownerCarKeys.all }),
      queryClient.invalidateQueries({ queryKey: carKeys.all }),
    ]);
    return { stored, failed };
  }

  const busy = uploads.some((upload) => upload.outcome === 'waiting' || upload.outcome === 'sending');
  return { uploads, run, busy, clear: () => setUploads([]) };
}
export type PhotoUploads = ReturnType<typeof usePhotoUploads>;
