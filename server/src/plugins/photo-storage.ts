import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { type PhotoQueue, photoQueue } from '../photos/photo-queue';
import { localPhotoStorage, type PhotoStorage } from '../photos/photo-storage';
import { s3PhotoStorage } from '../photos/s3-photo-storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where car photos are kept: the S3-compatible store when S3_* are set, the uploads folder otherwise. */
    photoStorage: PhotoStorage;
    /** The line uploaded photos wait in for their image work, one made at a time in this process. */
    photoQueue: PhotoQueue;
  }
}

async function photoStorage(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'uploadsDir' | 's3'> & { queue?: PhotoQueue },
): Promise<void> {
  app.decorate('photoQueue', config.queue ?? photoQueue());
  const storage = config.s3 ? await s3PhotoStorage(config.s3, config.uploadsDir) : localPhotoStorage(config.uploadsDir);
  app.decorate('photoStorage', storage);
  app.addHook('onClose', () => storage.close());
}

export const photoStoragePlugin = fp(photoStorage, { name: 'photo-storage', fastify: '5.x' });
