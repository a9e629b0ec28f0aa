import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarPhoto, PagedAnswer, PublicCar } from '#domain/contract';
import { carPhotos } from '../src/db/schema';
import { removePhotoFiles } from '../src/photos/photo-store';
import { buildTestApp, closeTestApp, registerAndSignIn, signIn } from './helpers';
import { jpeg, listCar as listCarFor, photoForm, png, pngHeaderOf, uploadedPhoto, uploadPhoto } from './photo-helpers';

const admin = { email: 'admin@wheelsonweb.in', username: 'admin', password: 'admin-password-1' };
const FLEET_CAR = 'Mahindra Bolero';
const MB = 1024 * 1024;

let app: FastifyInstance;
let uploadsDir: string;
let owner: string;
let otherOwner: string;
let renter: string;
let adminCookie: string;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(tmpdir(), 'wow-photos-'));
  app = await buildTestApp({ admin, uploadsDir });
  [owner, otherOwner, renter] = await Promise.all([
    registerAndSignIn(app, 'owner'),
    registerAndSignIn(app, 'owner'),
    registerAndSignIn(app, 'user'),
  ]);
  adminCookie = await signIn(app, admin.email, admin.password);
});
afterAll(async () => {
  await closeTestApp(app);
  await rm(uploadsDir, { recursive: true, force: true });
});

const listCar = (cookie: string) => listCarFor(app, cookie);

function upload(cookie: string, carId: string, bytes: Buffer, filename?: string, type?: string, field?: string) {
  return uploadPhoto(app, cookie, carId, bytes, filename, type, field);
}

function uploaded(cookie: string, carId: string, bytes?: Buffer): Promise<CarPhoto> {
  return uploadedPhoto(app, cookie, carId, bytes);
}

function send(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

async function rowsOf(carId: string) {
  return app.db.select().from(carPhotos).where(eq(carPhotos.carId, carId));
}

/** Every file under the uploads folder, the ones still arriving included. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** The file a photo's address names, in the uploads folder. */
function fileOf(url: string): string {
  return path.join(uploadsDir, url.slice('/uploads/'.length));
}

describe('POST /add-cars', () => {
  it('lets the app on another origin (npm run dev) read Location', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/add-cars',
      headers: { cookie: owner, 'content-type': 'application/json', origin: 'http://localhost:5173' },
      payload: { carname: `Dev Car ${randomBytes(3).toString('hex')}`, description: 'From the dev server.', price: '700' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.headers['access-control-allow-origin']).toBe('http://localhost:5173');
    expect(String(response.headers['access-control-expose-headers']).toLowerCase()).toContain('location');
  });

  it("names the new car in Location, which the owner's /get-car answers", async () => {
    const carId = await listCar(owner);
    const response = await app.inject({ method: 'GET', url: `/get-car/${carId}`, headers: { cookie: owner } });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: { id: string } }>().data.id).toBe(carId);
  });
});

describe('a car listed with photos instead of a pasted URL', () => {
  it('is added without url, shows the placeholder until its first photo, and an edit without url keeps its photos as they are', async () => {
    const carname = `No Link Car ${randomBytes(3).toString('hex')}`;
    const fields = { carname, description: 'Photos only.', price: '900' };
    const added = await app.inject({
      method: 'POST',
      url: '/add-cars',
      headers: { cookie: owner, 'content-type': 'application/json' },
      payload: fields,
    });
    expect(added.statusCode).toBe(201);
    const carId = String(added.headers.location).slice('/get-car/'.length);
    expect((await send('GET', `/api/cars/${carId}`)).json<PublicCar>().imgUrl).toBe('');
    const photo = await uploaded(owner, carId);
    const edited = await app.inject({
      method: 'POST',
      url: '/edit-cars',
      headers: { cookie: owner, 'content-type': 'application/json' },
      payload: { id: carId, ...fields, price: 950 },
    });
    expect(edited.statusCode).toBe(200);
    const car = (await send('GET', `/api/cars/${carId}`)).json<PublicCar>();
    expect([car.price, car.imgUrl]).toEqual([950, photo.url]);
  });

  it('keeps a pasted URL when an edit does not send one', async () => {
    const carId = await listCar(owner);
    const edited = await app.inject({
      method: 'POST',
      url: '/edit-cars',
      headers: { cookie: owner, 'content-type': 'application/json' },
      payload: { id: carId, carname: `Kept Link ${randomBytes(3).toString('hex')}`, description: 'Still linked.', price: 800 },
    });
    expect(edited.statusCode).toBe(200);
    expect((await send('GET', `/api/cars/${carId}`)).json<PublicCar>().imgUrl).toBe('https://images.example.in/pasted.jpg');
  });
});

describe('POST /api/cars/{id}/photos', () => {
  it('stores a JPEG as WebP at 400 and 1200 px wide and answers where they are', async () => {
    const carId = await listCar(owner);
    const photo = await uploaded(owner, carId, await jpeg(1600, 1000));
    expect(photo.width).toBe(1200);
    expect(photo.height).toBe(750);
    expect(photo.url).toMatch(/^\/uploads\/[0-9a-f]{32}-1200\.webp$/);
    const key = photo.url.slice('/uploads/'.length, -'-1200.webp'.length);
    expect(photo.srcset).toBe(`/uploads/${key}-400.webp 400w, /uploads/${key}-1200.webp 1200w`);
    const small = await sharp(path.join(uploadsDir, `${key}-400.webp`)).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', 400, 250]);
    const large = await sharp(fileOf(photo.url)).metadata();
    expect([large.format, large.width, large.height]).toEqual(['webp', 1200, 750]);
  });

  it('stores a PNG, never enlarging a small one', async () => {
    const carId = await listCar(owner);
    const photo = await uploaded(owner, carId, await png(640, 480));
    expect([photo.width, photo.height]).toEqual([640, 480]);
    const metadata = await sharp(fileOf(photo.url)).metadata();
    expect([metadata.format, metadata.width]).toEqual(['webp', 640]);
  });

  it("turns a photo upright by its EXIF orientation and keeps none of its EXIF (a phone's GPS position)", async () => {
    const carId = await listCar(owner);
    // 600 wide and 300 high as stored, shown rotated a quarter turn (orientation 6): 300 wide, 600 high.
    const withExif = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#335577' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'PhoneMaker', Copyright: 'Owner Secret' }, IFD3: { GPSLatitudeRef: 'N' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(withExif).metadata();
    expect(sent.exif).toBeDefined();
    expect(sent.orientation).toBe(6);

    const photo = await uploaded(owner, carId, withExif);
    expect([photo.width, photo.height]).toEqual([300, 600]);
    const stored = await sharp(fileOf(photo.url)).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.icc).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    expect([stored.width, stored.height]).toEqual([300, 600]);
  });

  it('refuses a text file named .jpg with 415 and stores nothing', async () => {
    const carId = await listCar(owner);
    const before = await storedFiles();
    const response = await upload(
      owner,
      carId,
      Buffer.from('Not a photo at all, only words.\n'.repeat(200)),
      'car.jpg',
      'image/jpeg',
    );
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'A photo must be a JPEG, PNG or WebP image.' });
    expect(await rowsOf(carId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an image of another type (a GIF) with 415', async () => {
    const carId = await listCar(owner);
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const response = await upload(owner, carId, gif, 'car.gif', 'image/gif');
    expect(response.statusCode).toBe(415);
    expect(await rowsOf(carId)).toEqual([]);
  });

  it('refuses a 9 MB file with 413 and stores nothing', async () => {
    const carId = await listCar(owner);
    const before = await storedFiles();
    const big = Buffer.concat([await jpeg(), randomBytes(9 * MB)]);
    const response = await upload(owner, carId, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'A photo must be at most 8 MB.' });
    expect(await rowsOf(carId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a PNG over 40 megapixels with 413, in words of its size and the limit, and stores nothing', async () => {
    const carId = await listCar(owner);
    const before = await storedFiles();
    // 48 megapixels of one colour: a small file, refused for its pixels, not its bytes.
    const wide = await png(8000, 6000);
    expect(wide.length).toBeLessThan(MB);
    const over = await upload(owner, carId, wide, 'wide.png', 'image/png');
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ message: '8,000 × 6,000 px is more than 40 megapixels.' });
    // Past sharp's own pixel limit too, the answer is still the size, never "not an image".
    const huge = await upload(owner, carId, pngHeaderOf(20_000, 20_000), 'huge.png', 'image/png');
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: '20,000 × 20,000 px is more than 40 megapixels.' });
    expect(await rowsOf(carId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('stops a 9 MB photo sent without a length at 8 MB: 413, nothing stored', async () => {
    const carId = await listCar(owner);
    const before = await storedFiles();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const body = photoForm(Buffer.concat([await jpeg(), randomBytes(9 * MB)]));
      // Sent in pieces, chunked: the server cannot know the size before it has read 8 MB of it.
      const pieces = new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < body.payload.length; at += 256 * 1024)
            controller.enqueue(body.payload.subarray(at, at + 256 * 1024));
          controller.close();
        },
      });
      const response = await fetch(`${address}/api/cars/${carId}/photos`, {
        method: 'POST',
        headers: { cookie: owner, 'content-type': body.contentType },
        body: pieces,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: 'A photo must be at most 8 MB.' });
    } finally {
      await app.server.close();
    }
    expect(await rowsOf(carId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a seventh photo with 409 and stores nothing', async () => {
    const carId = await listCar(owner);
    const image = await jpeg(800, 500);
    for (let n = 0; n < 6; n += 1) await uploaded(owner, carId, image);
    const before = await storedFiles();
    const response = await upload(owner, carId, image);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'A car can have at most 6 photos: remove one to add another.' });
    expect(await rowsOf(carId)).toHaveLength(6);
    expect(await storedFiles()).toEqual(before);
  });

  it('lets only one of two uploads at once take the sixth place', async () => {
    const carId = await listCar(owner);
    const image = await jpeg(800, 500);
    for (let n = 0; n < 5; n += 1) await uploaded(owner, carId, image);
    const before = await storedFiles();
    const answers = await Promise.all([upload(owner, carId, image), upload(owner, carId, image)]);
    expect(answers.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    expect((await rowsOf(carId)).map((row) => row.position).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    // Only the stored photo's two files (400 and 1200 px) are new: the refused one's went with it.
    const stored = answers.find((response) => response.statusCode === 201)?.json<CarPhoto>();
    const added = (await storedFiles()).filter((file) => !before.includes(file));
    expect(added.sort()).toEqual(
      stored?.srcset
        .split(', ')
        .map((entry) => fileOf(entry.split(' ')[0] ?? ''))
        .sort(),
    );
  });

  it("answers 404 for another owner's car, 403 for a renter, 401 signed out, and stores nothing", async () => {
    const carId = await listCar(owner);
    const image = await jpeg(400, 300);
    const before = await storedFiles();
    const other = await upload(otherOwner, carId, image);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'There is no such car among yours.' });
    const byRenter = await upload(renter, carId, image);
    expect(byRenter.statusCode).toBe(403);
    expect(byRenter.json()).toEqual({ message: "Only the car's owner (an admin for a fleet car) can change its photos." });
    expect((await upload('', carId, image)).statusCode).toBe(401);
    expect((await upload(adminCookie, carId, image)).statusCode).toBe(404);
    expect(await rowsOf(carId)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  it('lets an admin add a photo to a fleet car, and not an owner', async () => {
    const fleet = (await send('GET', `/api/cars/${encodeURIComponent(FLEET_CAR)}`)).json<PublicCar>();
    expect((await upload(owner, fleet.id, await jpeg(400, 300))).statusCode).toBe(404);
    const photo = await uploaded(adminCookie, fleet.id, await jpeg(400, 300));
    const car = (await send('GET', `/api/cars/${fleet.id}`)).json<PublicCar>();
    expect(car.photos.map((p) => p.url)).toEqual([photo.url]);
    expect(car.imgUrl).toBe(photo.url);
  });

  it('refuses a photo sent in another field, or a form from another site', async () => {
    const carId = await listCar(owner);
    const image = await jpeg(400, 300);
    const wrongField = await upload(owner, carId, image, 'car.jpg', 'image/jpeg', 'picture');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ message: 'Send one photo, in the field "photo".' });
    const body = photoForm(image);
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/cars/${carId}/photos`,
      headers: { cookie: owner, 'content-type': body.contentType, origin: 'https://evil.example' },
      payload: body.payload,
    });
    expect(foreign.statusCode).toBe(403);
    const json = await app.inject({
      method: 'POST',
      url: `/api/cars/${carId}/photos`,
      headers: { cookie: owner, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: 'Send the photo as multipart/form-data, in the field "photo".' });
    expect(await rowsOf(carId)).toEqual([]);
  });

  it('leaves every other route refusing a form body', async () => {
    const carId = await listCar(owner);
    const body = photoForm(await jpeg(400, 300));
    const response = await app.inject({
      method: 'PUT',
      url: `/api/cars/${carId}/photos`,
      headers: { cookie: owner, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(415);
  });
});

describe("a car's photos in its answers", () => {
  it('shows them in GET /api/cars/{id} and the list, the cover as imgUrl; the pasted URL without them', async () => {
    const carId = await listCar(owner);
    const before = (await send('GET', `/api/cars/${carId}`)).json<PublicCar>();
    expect(before.photos).toEqual([]);
    expect(before.imgUrl).toBe('https://images.example.in/pasted.jpg');

    const first = await uploaded(owner, carId);
    const second = await uploaded(owner, carId, await png());
    const car = (await send('GET', `/api/cars/${carId}`)).json<PublicCar>();
    expect(car.photos).toEqual([first, second]);
    expect(car.imgUrl).toBe(first.url);

    const list = (await send('GET', `/api/cars?q=${encodeURIComponent(car.carName)}`)).json<PagedAnswer<PublicCar>>();
    expect(list.data.map((listed) => [listed.id, listed.imgUrl, listed.photos.length])).toEqual([[carId, first.url, 2]]);
  });
});

describe('PUT /api/cars/{id}/photos', () => {
  it('reorders the photos and moves the cover first, which becomes imgUrl', async () => {
    const carId = await listCar(owner);
    const [a, b, c] = [await uploaded(owner, carId), await uploaded(owner, carId), await uploaded(owner, carId)];
    if (!a || !b || !c) throw new Error('three photos');
    const response = await send('PUT', `/api/cars/${carId}/photos`, owner, { order: [a.id, b.id, c.id], cover: c.id });
    expect(response.statusCode).toBe(200);
    expect(response.json<CarPhoto[]>().map((photo) => photo.id)).toEqual([c.id, a.id, b.id]);
    const reordered = await send('PUT', `/api/cars/${carId}/photos`, owner, { order: [b.id, c.id, a.id] });
    expect(reordered.json<CarPhoto[]>().map((photo) => photo.id)).toEqual([b.id, c.id, a.id]);
    const car = (await send('GET', `/api/cars/${carId}`)).json<PublicCar>();
    expect(car.imgUrl).toBe(b.url);
    expect(car.photos.map((photo) => photo.url)).toEqual([b.url, c.url, a.url]);
  });

  it("refuses an order that is not exactly the car's photos, and another owner's car, changing nothing", async () => {
    const carId = await listCar(owner);
    const [a, b] = [await uploaded(owner, carId), await uploaded(owner, carId)];
    if (!a || !b) throw new Error('two photos');
    const missing = await send('PUT', `/api/cars/${carId}/photos`, owner, { order: [b.id] });
    expect(missing.statusCode).toBe(409);
    expect(missing.json()).toEqual({ message: "Order must list exactly the car's photos, each once." });
    const twice = await send('PUT', `/api/cars/${carId}/photos`, owner, { order: [b.id, b.id] });
    expect(twice.statusCode).toBe(400);
    const coverElsewhere = await send('PUT', `/api/cars/${carId}/photos`, owner, { order: [b.id, a.id], cover: carId });
    expect(coverElsewhere.statusCode).toBe(400);
    const other = await send('PUT', `/api/cars/${carId}/photos`, otherOwner, { order: [b.id, a.id] });
    expect(other.statusCode).toBe(404);
    const byRenter = await send('PUT', `/api/cars/${carId}/photos`, renter, { order: [b.id, a.id] });
    expect(byRenter.statusCode).toBe(403);
    const car = (await send('GET', `/api/cars/${carId}`)).json<PublicCar>();
    expect(car.photos.map((photo) => photo.url)).toEqual([a.url, b.url]);
  });
});

describe('DELETE /api/cars/{id}/photos/{photoId}', () => {
  it('removes the photo and its files; the next one becomes the cover', async () => {
    const carId = await listCar(owner);
    const [a, b, c] = [await uploaded(owner, carId), await uploaded(owner, carId), await uploaded(owner, carId)];
    if (!a || !b || !c) throw new Error('three photos');
    const refused = await send('DELETE', `/api/cars/${carId}/photos/${a.id}`, otherOwner);
    expect(refused.statusCode).toBe(404);
    const response = await send('DELETE', `/api/cars/${carId}/photos/${a.id}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json<CarPhoto[]>().map((photo) => photo.id)).toEqual([b.id, c.id]);
    expect((await app.inject({ method: 'GET', url: a.url })).statusCode).toBe(404);
    expect(await storedFiles()).not.toContain(fileOf(a.url));
    expect((await rowsOf(carId)).map((row) => [row.id, row.position]).sort()).toEqual(
      [
        [b.id, 0],
        [c.id, 1],
      ].sort(),
    );
    const car = (await send('GET', `/api/cars/${carId}`)).json<PublicCar>();
    expect(car.imgUrl).toBe(b.url);
    const again = await send('DELETE', `/api/cars/${carId}/photos/${a.id}`, owner);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'There is no such photo of this car.' });
  });
});

describe('a car deleted with its photos', () => {
  it("takes their files with it, and leaves every other car's", async () => {
    const carId = await listCar(owner);
    const photo = await uploaded(owner, carId);
    const kept = await uploaded(otherOwner, await listCar(otherOwner));
    const response = await send('POST', '/delete-cars', owner, [carId]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { results: [{ id: carId, outcome: 'deleted' }] } });
    const files = await storedFiles();
    expect(files).not.toContain(fileOf(photo.url));
    expect(files).toContain(fileOf(kept.url));
    expect((await app.inject({ method: 'GET', url: photo.url })).statusCode).toBe(404);
  });
});

describe('GET /uploads/{name}', () => {
  it('serves a stored photo as WebP, cached for good, never sniffed', async () => {
    const carId = await listCar(owner);
    const photo = await uploaded(owner, carId);
    const response = await app.inject({ method: 'GET', url: photo.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((await sharp(response.rawPayload).metadata()).format).toBe('webp');
  });

  it('answers 404 for the folder, a missing photo, or any other name, with no listing', async () => {
    for (const url of [
      '/uploads/',
      '/uploads',
      `/uploads/${'a'.repeat(32)}-400.webp`,
      '/uploads/.partial',
      '/uploads/..%2Fpackage.json',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});

describe('GET /uploads/{name} next to the built app', () => {
  it("answers a missing photo 404, never with the app's page, and serves a stored one", async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'wow-dist-'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><title>WheelsOnWeb</title>');
    const withApp = await buildTestApp({ staticDir: distDir, uploadsDir });
    try {
      const carId = await listCar(owner);
      const photo = await uploaded(owner, carId);
      const page = { accept: 'text/html,image/webp,*/*' };
      const missing = await withApp.inject({ method: 'GET', url: `/uploads/${'b'.repeat(32)}-1200.webp`, headers: page });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).not.toContain('<title>WheelsOnWeb</title>');
      const folder = await withApp.inject({ method: 'GET', url: '/uploads/', headers: page });
      expect(folder.statusCode).toBe(404);
      const served = await withApp.inject({ method: 'GET', url: photo.url, headers: page });
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    } finally {
      await closeTestApp(withApp);
      await rm(distDir, { recursive: true, force: true });
    }
  });
});

describe('removePhotoFiles', () => {
  it("deletes the named photos' files and nothing else", async () => {
    const carId = await listCar(owner);
    const [kept, gone] = [await uploaded(owner, carId), await uploaded(owner, carId)];
    if (!kept || !gone) throw new Error('two photos');
    const keyOf = (photo: CarPhoto) => photo.url.slice('/uploads/'.length, -'-1200.webp'.length);
    await removePhotoFiles(app.photoStorage, [keyOf(gone), '../outside']);
    const files = await storedFiles();
    expect(files).not.toContain(fileOf(gone.url));
    expect(files).toContain(fileOf(kept.url));
  });
});
