import type { FastifyReply } from 'fastify';
import { PHOTO_WIDTHS, photoFileName } from '#domain/photo-urls';
import { PHOTO_CONTENT_TYPE, type PhotoStorage, type StoredFile } from '../photos/photo-storage';

/** A private photo (a licence, a trip's record) is never kept by a browser's or a proxy's cache. */
export const PRIVATE_NO_STORE = 'private, no-store';

const LARGEST_WIDTH = Math.max(...PHOTO_WIDTHS) as (typeof PHOTO_WIDTHS)[number];

/** The largest version of a privately kept photo; undefined when its file is gone. */
export function privatePhotoFile(storage: PhotoStorage, key: string): Promise<StoredFile | undefined> {
  return storage.get(photoFileName(key, LARGEST_WIDTH));
}

/** Sends a private photo, which no cache may keep. */
export function sendPrivatePhoto(reply: FastifyReply, file: StoredFile): FastifyReply {
  return reply
    .type(PHOTO_CONTENT_TYPE)
    .header('content-length', file.size)
    .header('cache-control', PRIVATE_NO_STORE)
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
