import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PHOTO_WIDTHS } from '#domain/photo-urls';
import { movableClock } from '../src/clock/clock';
import { carPhotos } from '../src/db/schema';
import { buildTestApp, closeTestApp, registerAndSignIn, TEST_QUOTAS } from './helpers';
import { heldQueue, jpeg, listCar, uploadPhoto } from './photo-helpers';

// Photo uploads are costly image work: made one at a time per instance with a short line, and
// limited per account per hour.

let app: FastifyInstance | undefined;
let uploadsDir: string | undefined;

afterEach(async () => {
  await closeTestApp(app);
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
  app = undefined;
  uploadsDir = undefined;
});

async function startApp(...args: Parameters<typeof buildTestApp>): Promise<FastifyInstance> {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'wow-photo-load-'));
  app = await buildTestApp({ uploadsDir, ...args[0] }, args[1]);
  return app;
}

async function photoRows(on: FastifyInstance, carId: string) {
  return on.db.select().from(carPhotos).where(eq(carPhotos.carId, carId));
}

async function storedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('photos made one at a time', () => {
  it('lets four uploads wait behind the one being made, turns a sixth away with 503 and Retry-After, storing nothing of it, and makes the rest in turn', async () => {
    const { queue, firstReached, release } = heldQueue();
    const on = await startApp({}, { photoQueue: queue });
    const owner = await registerAndSignIn(on, 'owner');
    const carId = await listCar(on, owner);
    const photo = await jpeg(800, 500);

    const first = uploadPhoto(on, owner, carId, photo);
    await firstReached;
    const others = Array.from({ length: 5 }, () => uploadPhoto(on, owner, carId, photo));
    // The four in line cannot answer while the first is held: the one answering now is the one turned away.
    const turnedAway = await Promise.race(others);
    expect(turnedAway.statusCode, turnedAway.body).toBe(503);
    expect(turnedAway.headers['retry-after']).toBe('10');
    expect(turnedAway.json()).toEqual({
      message: 'Many photos are being processed right now. Please try again in a few seconds; nothing was stored.',
    });
    expect(await photoRows(on, carId)).toHaveLength(0);

    release();
    const answers = await Promise.all([first, ...others]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 201, 201, 201, 201, 503]);
    expect(await photoRows(on, carId)).toHaveLength(5);
    // Each stored photo's widths, and nothing of the one turned away (nor any upload's work file).
    expect(await storedFiles(uploadsDir ?? '')).toHaveLength(5 * PHOTO_WIDTHS.length);

    // The line is free again.
    expect((await uploadPhoto(on, owner, carId, photo)).statusCode).toBe(201);
  });
});

describe('photo uploads an hour per account', () => {
  it('counts each upload, stored or refused, refuses the next with 429 and Retry-After, and takes one again an hour later', async () => {
    const clock = movableClock(new Date('2026-11-20T10:00:00Z'));
    const on = await startApp({ quotas: { ...TEST_QUOTAS, photoUploadsPerHour: 3 } }, { clock });
    const [owner, otherOwner] = [await registerAndSignIn(on, 'owner'), await registerAndSignIn(on, 'owner')];
    const carId = await listCar(on, owner);
    const photo = await jpeg(800, 500);

    expect((await uploadPhoto(on, owner, carId, photo)).statusCode).toBe(201);
    clock.advance(20 * 60 * 1000);
    expect((await uploadPhoto(on, owner, carId, Buffer.from('not a photo'), 'car.jpg')).statusCode).toBe(415);
    expect((await uploadPhoto(on, owner, carId, photo)).statusCode).toBe(201);

    const refused = await uploadPhoto(on, owner, carId, photo);
    expect(refused.statusCode, refused.body).toBe(429);
    // The first upload leaves the hour 40 minutes from now.
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
    expect(refused.json<{ message: string }>().message).toContain('You have uploaded 3 photos in the last hour.');
    expect(await photoRows(on, carId)).toHaveLength(2);

    // Another owner's hour is their own.
    const otherCar = await listCar(on, otherOwner);
    expect((await uploadPhoto(on, otherOwner, otherCar, photo)).statusCode).toBe(201);

    clock.advance(40 * 60 * 1000);
    expect((await uploadPhoto(on, owner, carId, photo)).statusCode).toBe(201);
    expect(await photoRows(on, carId)).toHaveLength(3);
  });
});
