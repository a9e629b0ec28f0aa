import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { UPLOADS_PATH } from '#domain/photo-urls';
import type { S3Settings } from '../config';
import { PHOTO_CACHE_CONTROL, PHOTO_CONTENT_TYPE, type PhotoStorage, partialDir } from './photo-storage';

/** A store that does not answer the connection in this long is down: the upload or photo fails rather than waiting. */
const CONNECT_TIMEOUT_MS = 5_000;
/** A connection silent this long is given up on (and the SDK's retries try again). */
const SOCKET_TIMEOUT_MS = 30_000;
/** Objects removed at once: a car deleted with its six photos is twelve objects. */
const REMOVALS_AT_ONCE = 8;

/** The store's answer to a name it does not hold. */
function isMissing(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || status === 404;
}

/**
 * The photos as objects in an S3-compatible bucket, named as the files are in the uploads folder,
 * so every instance of the server sees every photo. The SDK is loaded only when a store is
 * configured: a server on the uploads folder never holds it in memory.
 *
 * Requests are path-style (`{endpoint}/{bucket}/{name}`), which AWS, MinIO, Cloudflare R2 and the
 * tests' s3rver all take, and carry a checksum only where the API demands one: several
 * S3-compatible stores (s3rver among them) do not decode the SDK's default checksummed, chunked
 * bodies. Each object is stored with the type and the year-long cache the server's own `/uploads`
 * answers carry, so a public bucket address serves them as this server would.
 */
export async function s3PhotoStorage(settings: S3Settings, uploadsDir: string): Promise<PhotoStorage> {
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: { connectionTimeout: CONNECT_TIMEOUT_MS, socketTimeout: SOCKET_TIMEOUT_MS },
  });
  const { bucket } = settings;

  const removeOne = async (name: string) => {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name }));
  };

  return {
    urlBase: settings.publicUrl ?? UPLOADS_PATH,
    workDir: partialDir(uploadsDir),
    // A finished version (tens to hundreds of KB; the upload itself stays on disk) is sent from
    // memory: the SDK sends a stream only once, while a body it holds it retries when the store
    // refuses it for a moment (503 SlowDown) or the connection drops.
    put: async (name, file) => {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: name,
          Body: await readFile(file),
          ContentType: PHOTO_CONTENT_TYPE,
          CacheControl: PHOTO_CACHE_CONTROL,
        }),
      );
    },
    // One request per object: multi-object delete (DeleteObjects) is missing from some S3-compatible stores.
    remove: async (names) => {
      for (let at = 0; at < names.length; at += REMOVALS_AT_ONCE) {
        await Promise.all(names.slice(at, at + REMOVALS_AT_ONCE).map(removeOne));
      }
    },
    get: async (name) => {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name })).catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (object === undefined) return undefined;
      const { Body: body, ContentLength: size } = object;
      if (!(body instanceof Readable) || size === undefined) {
        throw new Error(`the photo store answered ${name} without a body stream and its length`);
      }
      return { size, body };
    },
    close: async () => client.destroy(),
  };
}
