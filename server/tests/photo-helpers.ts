import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { CarPhoto } from '#domain/contract';
import { type PhotoQueue, photoQueue } from '../src/photos/photo-queue';

let carCount = 0;

/** Lists a car for `cookie` (with a pasted picture address) and returns its id, read from the Location the add answers with. */
export async function listCar(app: FastifyInstance, cookie: string): Promise<string> {
  carCount += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/add-cars',
    headers: { cookie, 'content-type': 'application/json' },
    payload: {
      url: 'https://images.example.in/pasted.jpg',
      carname: `Photo Car ${carCount} ${randomBytes(3).toString('hex')}`,
      description: 'A car to photograph.',
      price: '1200',
    },
  });
  expect(response.statusCode).toBe(201);
  const location = String(response.headers.location);
  expect(location).toMatch(/^\/get-car\/[0-9a-f-]{36}$/);
  return location.slice('/get-car/'.length);
}

export function jpeg(width = 1600, height = 1000): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();
}

export function png(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A grey PNG whose header says `width` × `height` with only its first rows of pixels: a photo too
 * big to make whole in a test, which the server must refuse on its header alone.
 */
export function pngHeaderOf(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.alloc(16 * (width + 1)))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart body with one file, as a browser's FormData sends it. */
export function photoForm(bytes: Buffer, filename = 'car.jpg', type = 'image/jpeg', field = 'photo') {
  const boundary = `----wow${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** `POST /api/cars/{id}/photos` with one file, as the owner's photo manager sends it. */
export function uploadPhoto(
  app: FastifyInstance,
  cookie: string,
  carId: string,
  bytes: Buffer,
  filename?: string,
  type?: string,
  field?: string,
) {
  const body = photoForm(bytes, filename, type, field);
  return app.inject({
    method: 'POST',
    url: `/api/cars/${carId}/photos`,
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Uploads a photo (a 1600 × 1000 JPEG unless given) and returns the stored photo the answer describes. */
export async function uploadedPhoto(app: FastifyInstance, cookie: string, carId: string, bytes?: Buffer): Promise<CarPhoto> {
  const response = await uploadPhoto(app, cookie, carId, bytes ?? (await jpeg()));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CarPhoto>();
}

/** The app's real photo queue, whose first photo is held at the start of its image work until `release`. */
export function heldQueue() {
  const queue = photoQueue();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reached = () => {};
  const firstReached = new Promise<void>((resolve) => {
    reached = resolve;
  });
  let first = true;
  const gated: PhotoQueue = (work) =>
    queue(async () => {
      if (first) {
        first = false;
        reached();
        await held;
      }
      return work();
    });
  return { queue: gated, firstReached, release };
}

export interface LicenceFields {
  number?: string;
  dateOfBirth?: string;
  expiresOn?: string;
}

/** The licence form as the account page sends it: the fields, then the photos of the front and the back. */
export function licenceForm(fields: LicenceFields, photos: { front?: Buffer; back?: Buffer }) {
  const boundary = `----wow${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [side, bytes] of Object.entries(photos)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${side}"; filename="${side}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
