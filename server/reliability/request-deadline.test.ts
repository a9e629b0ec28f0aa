import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoForm, png } from '../tests/photo-helpers';
import { call, newPerson, registerPerson, signInPerson } from './support/api-client';
import { type ServerProcess, startServerProcess } from './support/server-process';

/**
 * A photo slower than its deadline, over a real socket to a real server process. Before, the
 * socket was closed under a request still being worked on (Fastify's connectionTimeout, 10 s): the
 * client read "socket hang up" and the photo was stored all the same. Now it is answered 503 with
 * Retry-After, and nothing of it is kept. The deadline is short (250 ms) and the photo a
 * 35-megapixel PNG, whose image work (about 0.4 s on an idle machine: a PNG is decoded whole) always
 * outlives it, while a registration's cheapest hash (SCRYPT_COST=16384, about 50 ms) fits.
 */

const DEADLINE_MS = 250;
const UPLOADS = 3;

let server: ServerProcess;
let uploadsDir: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'wow-rel-deadline-'));
  server = await startServerProcess({
    env: { REQUEST_DEADLINE_MS: String(DEADLINE_MS), UPLOADS_DIR: uploadsDir, SCRYPT_COST: '16384' },
  });
});
afterAll(async () => {
  await server?.stop();
  await rm(uploadsDir, { recursive: true, force: true });
});

async function storedFiles(): Promise<string[]> {
  const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

/** Lines the server logged with this message, parsed. */
function loggedLines(message: string): Array<Record<string, unknown>> {
  return server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.msg === message);
}

/** Each upload's work ended, rolled back before its answer or logged after it. */
async function everyWorkEnded(count: number): Promise<void> {
  for (;;) {
    const before = loggedLines('request past its deadline: answered 503, its writes roll back').filter((line) => line.rolledBack);
    const after = loggedLines('work of a request answered 503 at its deadline ended');
    if (before.length + after.length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a photo slower than its deadline, over a real socket', () => {
  it('is answered 503 with Retry-After, never a hang-up, and leaves no photo and no file', async () => {
    const owner = newPerson('owner', 'deadline');
    await registerPerson(server.baseURL, owner);
    const cookie = await signInPerson(server.baseURL, owner);
    const car = await call(server.baseURL, 'POST', '/add-cars', {
      cookie,
      body: { url: '/images/cars/audi-fiesta.svg', carname: `Deadline car ${owner.username}`, description: 'A car.', price: 500 },
    });
    expect(car.status).toBe(201);
    const carId = String(car.headers.get('location')).slice('/get-car/'.length);
    const form = photoForm(await png(7000, 5000), 'car.png', 'image/png');

    const statuses: Array<number | string> = [];
    for (let sent = 0; sent < UPLOADS; sent += 1) {
      const answer = await fetch(`${server.baseURL}/api/cars/${carId}/photos`, {
        method: 'POST',
        headers: { cookie, 'content-type': form.contentType },
        body: form.payload,
      }).catch((error: unknown) => String((error as Error).cause ?? error));
      if (typeof answer === 'string') {
        statuses.push(answer);
        continue;
      }
      statuses.push(answer.status);
      expect(answer.headers.get('retry-after')).toBe('5');
      expect(await answer.json()).toEqual({
        message: 'The server took too long to answer, so nothing was changed. Please try again in a few seconds.',
      });
    }
    console.log(
      `request deadline: ${UPLOADS} photo uploads sent, ${statuses.filter((status) => status === 503).length} answered 503`,
    );
    expect(statuses).toEqual(Array.from({ length: UPLOADS }, () => 503));

    await everyWorkEnded(UPLOADS);
    expect(await storedFiles()).toEqual([]);
    const owned = await call(server.baseURL, 'GET', `/get-car/${carId}`, { cookie });
    expect(owned.status).toBe(200);
    expect((owned.body as { data: { photos: unknown[] } }).data.photos).toEqual([]);
  });
});
