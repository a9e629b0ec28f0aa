import { createReadStream } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { UPLOADS_PATH } from '#domain/photo-urls';

export const PHOTO_CONTENT_TYPE = 'image/webp';
/** A photo's files are cached for a year and never revalidated, since a name is random and never reused. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** A stored file as `GET /uploads/{name}` sends it. */
export interface StoredFile {
  size: number;
  body: Readable;
}

/**
 * Where photos' files are kept: the uploads folder (one machine), or an S3-compatible store that
 * every instance of the server shares (s3-photo-storage.ts). Names are photo file names
 * (`{key}-{width}.webp`), checked by the callers before they get here.
 */
export interface PhotoStorage {
  /**
   * What a file's address is its name after: `/uploads` on this server, or the store's public
   * address when browsers load the photos from the store itself.
   */
  readonly urlBase: string;
  /** A folder on this machine where an upload is written while it arrives and while its versions are made. */
  readonly workDir: string;
  /** Keeps `file`, a finished version in `workDir`, as the stored file `name`. */
  put(name: string, file: string): Promise<void>;
  /** Removes these stored files; a name that is not stored is no error. */
  remove(names: readonly string[]): Promise<void>;
  /** A stored file to send, or undefined when none has this name. */
  get(name: string): Promise<StoredFile | undefined>;
  close(): Promise<void>;
}

/** Where an upload is written while it arrives: inside the uploads folder, so nothing is served from it (names never match). */
const PARTIAL_DIR = '.partial';

/** Where uploads arrive: inside UPLOADS_DIR whichever storage keeps the photos, so a large upload is on disk, never in memory. */
export function partialDir(uploadsDir: string): string {
  return path.join(uploadsDir, PARTIAL_DIR);
}

/**
 * The photos as files in UPLOADS_DIR, served by this server. A version is moved in from the
 * work folder beside them (the same file system), so a file is never seen half written.
 */
export function localPhotoStorage(uploadsDir: string): PhotoStorage {
  const stored = (name: string) => path.join(uploadsDir, name);
  return {
    urlBase: UPLOADS_PATH,
    workDir: partialDir(uploadsDir),
    put: (name, file) => rename(file, stored(name)),
    remove: async (names) => {
      await Promise.all(names.map((name) => rm(stored(name), { force: true })));
    },
    get: async (name) => {
      const file = stored(name);
      const size = await stat(file).then(
        (found) => (found.isFile() ? found.size : undefined),
        () => undefined,
      );
      return size === undefined ? undefined : { size, body: createReadStream(file) };
    },
    close: async () => {},
  };
}
