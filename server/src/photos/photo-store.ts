import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PHOTO_PIXELS_MAX } from '#domain/limits';
import { PHOTO_WIDTHS, photoFileName } from '#domain/photo-urls';
import { checkDeadline, startDeadline } from '../db/deadline';
import type { PhotoQueue } from './photo-queue';
import type { PhotoStorage } from './photo-storage';

/** The types a photo may really be, as sharp names them from the bytes (never from the file name or the browser's word). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** A random key per photo: its files' names are never guessed and never reused, so they can be cached for good. */
const KEY_FORMAT = /^[0-9a-f]{32}$/;

export type PhotoRejection = 'too-large' | 'too-many-pixels' | 'not-an-image';

/** An upload refused for what it is, not for a fault of ours: the route answers it with a 4xx. */
export class PhotoRejectedError extends Error {
  /** `size`: the photo's, when it was refused for its pixels. */
  constructor(
    readonly reason: PhotoRejection,
    readonly size?: { width: number; height: number },
  ) {
    super(reason);
    this.name = 'PhotoRejectedError';
  }
}

export interface StoredPhoto {
  key: string;
  /** Of the largest version. */
  width: number;
  height: number;
}

/** The names a stored photo's files have, one per width. */
function photoFileNames(key: string): string[] {
  return PHOTO_WIDTHS.map((width) => photoFileName(key, width));
}

/** A file system fault (a full disk, a permission) is ours to report as such; anything else sharp throws is about the bytes. */
function isSystemError(error: unknown): boolean {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}

type Sharp = typeof import('sharp')['default'];
let sharpLoaded: Promise<Sharp> | undefined;

/**
 * sharp, loaded at the first upload, not at start: libvips is a fifth of an idle server's memory.
 * libvips then makes each photo on one thread (it would use one per core), and keeps no cache of
 * decoded images: a photo runs on libuv's thread pool, shared with scrypt's password hashing, and
 * is read once, so a cache would only hold its memory after the answer.
 */
function loadSharp(): Promise<Sharp> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

/**
 * Stores one uploaded photo: the upload streams to a file (never held whole in memory), its real
 * type is read from its bytes, and each width is made as WebP, turned upright by its EXIF
 * orientation first, then handed to the storage. sharp writes no metadata unless asked, so EXIF (a
 * phone's GPS position among it) never reaches the stored files. `isTruncated` says whether the
 * upload went past the size limit the multipart parser enforces. Only the image work waits in
 * `queue`, once the upload is in its file: a slow connection never holds up another's photo. On any
 * failure nothing is left behind: the work folder's files go, and so does whatever of the photo the
 * storage was given.
 */
export async function storePhoto(
  storage: PhotoStorage,
  queue: PhotoQueue,
  upload: Readable,
  isTruncated: () => boolean,
): Promise<StoredPhoto> {
  const sharp = await loadSharp();
  await mkdir(storage.workDir, { recursive: true });
  const key = randomBytes(16).toString('hex');
  const partial = path.join(storage.workDir, key);
  const versions = PHOTO_WIDTHS.map((width) => {
    const name = photoFileName(key, width);
    return { width, name, file: path.join(storage.workDir, name) };
  });
  // Counted before each is sent: a store may keep an object whose answer never came back.
  const sent: string[] = [];
  try {
    await pipeline(upload, createWriteStream(partial, { flags: 'wx', mode: 0o600 }));
    if (isTruncated()) throw new PhotoRejectedError('too-large');
    // The request's deadline bounds the work from here: the upload may take minutes to arrive.
    startDeadline();
    const largest = await queue(async () => {
      // A photo whose turn came after its deadline was answered 503 while it waited: its image work would be thrown away.
      checkDeadline();
      // Only the header is read here, so no pixel limit: past sharp's own, a huge photo would read as no image at all.
      const metadata = await sharp(partial, { limitInputPixels: false })
        .metadata()
        .catch((error: unknown) => {
          if (isSystemError(error)) throw error;
          return undefined;
        });
      if (metadata === undefined || !ACCEPTED_FORMATS.has(metadata.format)) throw new PhotoRejectedError('not-an-image');
      if (metadata.width * metadata.height > PHOTO_PIXELS_MAX) {
        throw new PhotoRejectedError('too-many-pixels', { width: metadata.width, height: metadata.height });
      }
      let size = { width: 0, height: 0 };
      for (const { width, file } of versions) {
        const info = await sharp(partial, { limitInputPixels: PHOTO_PIXELS_MAX })
          .rotate()
          .resize({ width, withoutEnlargement: true })
          .webp()
          .toFile(file)
          .catch((error: unknown) => {
            // A header that reads as an image over bytes that do not decode (a cut-off file) is still not a photo.
            if (isSystemError(error)) throw error;
            throw new PhotoRejectedError('not-an-image');
          });
        size = { width: info.width, height: info.height };
      }
      return size;
    });
    // A photo made past the deadline was answered 503: it must not reach the storage.
    checkDeadline();
    // Every version is made before any is stored, so a photo refused for its bytes never reaches the storage.
    for (const { name, file } of versions) {
      sent.push(name);
      await storage.put(name, file);
    }
    return { key, ...largest };
  } catch (error) {
    await storage.remove(sent).catch((cleanUp: unknown) => {
      throw new AggregateError([error, cleanUp], `storing photo ${key} failed, and removing what of it was stored failed too`);
    });
    throw error;
  } finally {
    await Promise.all([partial, ...versions.map(({ file }) => file)].map((file) => rm(file, { force: true })));
  }
}

/**
 * Removes the files of these photos (their rows already gone), for a photo removed and for cars
 * deleted with theirs. A key that is not a photo key is skipped, so no other file can be named.
 */
export async function removePhotoFiles(storage: PhotoStorage, keys: readonly string[]): Promise<void> {
  await storage.remove(keys.filter((key) => KEY_FORMAT.test(key)).flatMap(photoFileNames));
}

/** A stored file's name as `/uploads/{name}` asks for it: only these are ever served. */
export const PHOTO_FILE_NAME = new RegExp(`^[0-9a-f]{32}-(?:${PHOTO_WIDTHS.join('|')})\\.webp$`);
