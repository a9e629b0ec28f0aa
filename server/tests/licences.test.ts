import { randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '#domain/contract';
import { indiaToday } from '#domain/india-time';
import { photoFileName } from '#domain/photo-urls';
import type { LicenceAnswer, LicenceQueue, OwnLicence, QueuedLicence } from '#domain/schemas/licences';
import { movableClock } from '../src/clock/clock';
import { accounts, adminActions, licences, mailOutbox } from '../src/db/schema';
import { accountId, buildTestApp, closeTestApp, newAccount, register, registerAndSignIn, signIn, testConfig } from './helpers';
import { indiaTime, listCar, send } from './marketplace-helpers';
import { jpeg, type LicenceFields, licenceForm, png } from './photo-helpers';

const admin = { email: 'licences@wheelsonweb.in', username: 'licencedesk', password: 'admin-password-1' };
const LICENCES_DIR = testConfig().licences.dir;

let app: FastifyInstance;
let clock: ReturnType<typeof movableClock>;
let adminCookie: string;
let owner: string;
let carId: string;
let front: Buffer;
let back: Buffer;

beforeAll(async () => {
  clock = movableClock(new Date());
  app = await buildTestApp({ admin }, { clock });
  [adminCookie, owner] = await Promise.all([signIn(app, admin.email, admin.password), registerAndSignIn(app, 'owner')]);
  carId = (await listCar(app, owner, `Licence Car ${randomBytes(3).toString('hex')}`, 900)).id;
  [front, back] = await Promise.all([jpeg(800, 500), png(800, 500)]);
});
afterAll(async () => {
  await closeTestApp(app);
});

/** Today's date in India by the app's clock, moved by whole years and days. */
function day(years = 0, days = 0): string {
  const today = indiaToday(clock.now());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const GOOD = (): LicenceFields => ({ number: 'KA01 20190012345', dateOfBirth: '1990-05-20', expiresOn: day(10) });

function submit(cookie: string | undefined, fields: LicenceFields = GOOD(), photos?: { front?: Buffer; back?: Buffer }) {
  const body = licenceForm(fields, photos ?? { front, back });
  return app.inject({
    method: 'POST',
    url: '/api/account/licence',
    headers: { ...(cookie ? { cookie } : {}), 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function submitted(cookie: string, fields?: LicenceFields): Promise<OwnLicence> {
  const response = await submit(cookie, fields);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<LicenceAnswer>().licence as OwnLicence;
}

const renterWithoutLicence = () => registerAndSignIn(app, 'user', { licence: false });

async function licenceIdOf(cookie: string): Promise<string> {
  const [row] = await app.db
    .select()
    .from(licences)
    .where(eq(licences.accountId, await accountId(app, cookie)));
  if (!row) throw new Error('no licence stored');
  return row.id;
}

async function storedFilesOf(licenceId: string): Promise<boolean[]> {
  const [row] = await app.db.select().from(licences).where(eq(licences.id, licenceId));
  if (!row) throw new Error('no licence');
  return Promise.all(
    [row.frontKey, row.backKey].map((key) =>
      access(path.join(LICENCES_DIR, photoFileName(key, 1200))).then(
        () => true,
        () => false,
      ),
    ),
  );
}

function trip(daysAhead: number) {
  return { carName: carId, from: indiaTime(daysAhead, '10:00'), to: indiaTime(daysAhead, '14:00'), driver: false };
}

describe('sending a licence', () => {
  it("keeps a licence of today's form as pending, with its photos private and stripped", async () => {
    const renter = await renterWithoutLicence();
    const licence = await submitted(renter);
    expect(licence).toMatchObject({ status: 'pending', number: 'KA0120190012345', olderFormat: false, rejectionReason: null });
    const id = await licenceIdOf(renter);
    expect(await storedFilesOf(id)).toEqual([true, true]);
    const photo = await send(app, 'GET', licence.photos.front, renter);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['cache-control']).toBe('private, no-store');
    const metadata = await sharp(photo.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    // Never among the public photos.
    expect(licence.photos.front.startsWith('/uploads')).toBe(false);
  });

  it.each([
    ["a number of today's form with hyphens", 'dl-04-2011-0123456', false],
    ['an unknown state code', 'ZZ0120190012345', true],
    ['a year of issue after this one', `KA01${new Date().getUTCFullYear() + 1}0012345`, true],
    ['a number of an older form', 'MH-12-2005-123', true],
  ])('takes %s, queued for review with olderFormat %s', async (_case, number, olderFormat) => {
    const renter = await renterWithoutLicence();
    const licence = await submitted(renter, { ...GOOD(), number });
    expect(licence).toMatchObject({ status: 'pending', olderFormat });
    const queue = (await send(app, 'GET', '/api/admin/licences', adminCookie)).json<LicenceQueue>().licences;
    const renterId = await accountId(app, renter);
    const queued = queue.find((entry) => entry.renter.id === renterId);
    expect(queued?.olderFormat).toBe(olderFormat);
  });

  it.each([
    ['an empty number', () => ({ number: '' }), 'Enter the licence number as printed'],
    ['a number of other characters', () => ({ number: 'KA01_2019*0012345' }), 'Enter the licence number as printed'],
    ['an expiry in the past', () => ({ expiresOn: day(0, -1) }), 'This licence has expired'],
    ['a date that is no date', () => ({ dateOfBirth: '1990-02-30' }), 'Enter a date as YYYY-MM-DD'],
    ['a renter a day short of 21', () => ({ dateOfBirth: day(-21, 1) }), 'You must be at least 21 years old'],
  ])('refuses %s, storing nothing', async (_case, change, words) => {
    const renter = await renterWithoutLicence();
    const response = await submit(renter, { ...GOOD(), ...change() });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(words);
    expect((await send(app, 'GET', '/api/account/licence', renter)).json<LicenceAnswer>()).toEqual({ licence: null });
  });

  it('takes a renter who turns 21 today', async () => {
    const renter = await renterWithoutLicence();
    expect((await submitted(renter, { ...GOOD(), dateOfBirth: day(-21) })).status).toBe('pending');
  });

  it('refuses a photo that is not an image, keeping neither photo', async () => {
    const renter = await renterWithoutLicence();
    const response = await submit(renter, GOOD(), { front, back: Buffer.from('not a picture at all') });
    expect(response.statusCode).toBe(415);
    expect((await send(app, 'GET', '/api/account/licence', renter)).json<LicenceAnswer>()).toEqual({ licence: null });
  });

  it('refuses a form without its back photo', async () => {
    const renter = await renterWithoutLicence();
    const response = await submit(renter, GOOD(), { front });
    expect(response.statusCode).toBe(400);
    expect((await send(app, 'GET', '/api/account/licence', renter)).json<LicenceAnswer>()).toEqual({ licence: null });
  });

  it('refuses owners and people signed out', async () => {
    expect((await submit(owner)).statusCode).toBe(403);
    expect((await submit(undefined)).statusCode).toBe(401);
  });

  it('deletes the licence and its photo files', async () => {
    const renter = await renterWithoutLicence();
    const licence = await submitted(renter);
    const id = await licenceIdOf(renter);
    const [row] = await app.db.select().from(licences).where(eq(licences.id, id));
    expect((await send(app, 'DELETE', '/api/account/licence', renter)).statusCode).toBe(204);
    expect((await send(app, 'GET', '/api/account/licence', renter)).json<LicenceAnswer>()).toEqual({ licence: null });
    expect((await send(app, 'GET', licence.photos.front, renter)).statusCode).toBe(404);
    const gone = await Promise.all(
      [row?.frontKey, row?.backKey].map((key) =>
        access(path.join(LICENCES_DIR, photoFileName(String(key), 1200))).then(
          () => 'there',
          () => 'gone',
        ),
      ),
    );
    expect(gone).toEqual(['gone', 'gone']);
  });
});

describe('who may see what', () => {
  it("shows the photos to their renter and admins only, auditing an admin's look", async () => {
    const renter = await renterWithoutLicence();
    const other = await renterWithoutLicence();
    const licence = await submitted(renter);
    const id = await licenceIdOf(renter);
    // The car's owner of a request, another renter, an owner with no tie, and nobody signed in.
    await send(app, 'POST', '/api/bookings', renter, trip(40));
    for (const cookie of [other, owner, await registerAndSignIn(app, 'owner')]) {
      for (const side of ['front', 'back'] as const) {
        const response = await send(app, 'GET', licence.photos[side], cookie);
        expect(response.statusCode).toBe(404);
        expect(response.rawPayload.subarray(0, 4).toString('latin1')).not.toBe('RIFF');
      }
      expect((await send(app, 'GET', '/api/admin/licences', cookie)).statusCode).toBe(403);
      expect((await send(app, 'POST', `/api/admin/licences/${id}/approve`, cookie)).statusCode).toBe(403);
      expect((await send(app, 'POST', `/api/admin/licences/${id}/reject`, cookie, { reason: 'no' })).statusCode).toBe(403);
      // Their own licence only, which none of them has.
      expect((await send(app, 'GET', '/api/account/licence', cookie)).json<LicenceAnswer>()).toEqual({ licence: null });
    }
    for (const url of [licence.photos.front, '/api/admin/licences', '/api/account/licence']) {
      expect((await send(app, 'GET', url)).statusCode).toBe(401);
    }
    expect((await send(app, 'DELETE', '/api/account/licence')).statusCode).toBe(401);
    expect((await send(app, 'POST', `/api/admin/licences/${id}/approve`)).statusCode).toBe(401);
    // Another renter's delete removes only their own (none): this one is still there.
    expect((await send(app, 'DELETE', '/api/account/licence', other)).statusCode).toBe(204);
    expect((await send(app, 'GET', '/api/account/licence', renter)).json<LicenceAnswer>().licence?.status).toBe('pending');
    expect(await storedFilesOf(id)).toEqual([true, true]);

    const seen = await send(app, 'GET', licence.photos.back, adminCookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    const audited = await app.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.objectId, id), eq(adminActions.action, 'licence.view_photo')));
    expect(audited.map((row) => row.after)).toEqual([{ side: 'back' }]);
  });

  it('never tells a car owner the licence number or shows its photos on a request', async () => {
    const renter = await registerAndSignIn(app, 'user');
    const asked = await send(app, 'POST', '/api/bookings', renter, trip(1));
    expect(asked.statusCode, asked.body).toBe(201);
    const list = await send(app, 'GET', '/api/bookings?pageSize=50', owner);
    const request = list.json<{ data: Booking[] }>().data.find((booking) => booking.id === asked.json<Booking>().id);
    // The test renters' licence gives a date of birth of 1990-01-01; no owner has rated this renter, so no average.
    const age = Number(indiaTime(1, '10:00').slice(0, 4)) - 1990;
    expect(request?.renterSummary).toEqual({
      approvedToDrive: true,
      ageBand: age <= 35 ? '26–35' : '36–50',
      completedTrips: 0,
      ratingCount: 0,
    });
    // Once that trip is accepted and over, it counts as completed on the renter's next request.
    expect((await send(app, 'POST', `/api/bookings/${request?.id}/accept`, owner)).statusCode).toBe(200);
    const realNow = clock.now();
    clock.set(new Date(Date.parse(indiaTime(2, '10:00'))));
    try {
      const next = await send(app, 'POST', '/api/bookings', renter, trip(50));
      expect(next.statusCode, next.body).toBe(201);
      const later = (await send(app, 'GET', '/api/bookings?pageSize=50', owner)).json<{ data: Booking[] }>().data;
      expect(later.find((booking) => booking.id === next.json<Booking>().id)?.renterSummary?.completedTrips).toBe(1);
    } finally {
      clock.set(realNow);
    }
    // The renter sees no summary of themselves.
    const own = (await send(app, 'GET', '/api/bookings?pageSize=50', renter)).json<{ data: Booking[] }>().data;
    expect(own[0]?.renterSummary).toBeUndefined();
    expect(list.body).not.toContain('KA0120190012345');
    expect(list.body).not.toContain('/api/licences/');
  });
});

describe("the admins' review", () => {
  it('lists pending licences oldest first, approves one and rejects one, mailing and auditing each', async () => {
    const first = await renterWithoutLicence();
    await submitted(first);
    clock.set(new Date(clock.now().getTime() + 60_000));
    const second = await renterWithoutLicence();
    await submitted(second);
    const [firstId, secondId] = [await licenceIdOf(first), await licenceIdOf(second)];
    const queue = (await send(app, 'GET', '/api/admin/licences', adminCookie)).json<LicenceQueue>().licences.map(({ id }) => id);
    expect(queue.indexOf(firstId)).toBeLessThan(queue.indexOf(secondId));

    const approved = await send(app, 'POST', `/api/admin/licences/${firstId}/approve`, adminCookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<QueuedLicence>().status).toBe('approved');
    expect((await send(app, 'POST', `/api/admin/licences/${firstId}/approve`, adminCookie)).statusCode).toBe(409);

    expect((await send(app, 'POST', `/api/admin/licences/${secondId}/reject`, adminCookie, { reason: ' ' })).statusCode).toBe(
      400,
    );
    const rejected = await send(app, 'POST', `/api/admin/licences/${secondId}/reject`, adminCookie, {
      reason: 'The back photo is blurred.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const own = (await send(app, 'GET', '/api/account/licence', second)).json<LicenceAnswer>().licence;
    expect(own).toMatchObject({ status: 'rejected', rejectionReason: 'The back photo is blurred.' });

    const after = (await send(app, 'GET', '/api/admin/licences', adminCookie)).json<LicenceQueue>().licences.map(({ id }) => id);
    expect(after).not.toContain(firstId);
    expect(after).not.toContain(secondId);

    const audit = await app.db.select().from(adminActions).where(eq(adminActions.objectType, 'licence'));
    expect(audit.filter((row) => row.objectId === firstId).map((row) => row.action)).toEqual(['licence.approve']);
    expect(audit.filter((row) => row.objectId === secondId).map((row) => [row.action, row.reason])).toEqual([
      ['licence.reject', 'The back photo is blurred.'],
    ]);

    const mailTo = async (cookie: string) => {
      const [account] = await app.db
        .select()
        .from(accounts)
        .where(eq(accounts.id, await accountId(app, cookie)));
      return app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, String(account?.email)));
    };
    const [approvedMail] = await mailTo(first);
    expect(approvedMail?.subject).toContain('approved');
    const [rejectedMail] = await mailTo(second);
    expect(rejectedMail?.subject).toContain('not approved');
    expect(rejectedMail?.textBody).toContain('The back photo is blurred.');
  });
});

describe('booking needs an approved licence', () => {
  const REASON = (response: { json: <T>() => T }) => response.json<{ reason?: string }>().reason;

  it('refuses a renter with no licence, a pending one, or a rejected one, on every way to ask', async () => {
    const renter = await renterWithoutLicence();
    for (const url of ['/api/bookings/check', '/api/bookings']) {
      const response = await send(app, 'POST', url, renter, trip(42));
      expect(response.statusCode).toBe(403);
      expect(REASON(response)).toBe('licenceMissing');
    }
    await submitted(renter);
    const pending = await send(app, 'POST', '/api/bookings', renter, trip(42));
    expect([pending.statusCode, REASON(pending)]).toEqual([403, 'licenceNotApproved']);
    const id = await licenceIdOf(renter);
    await send(app, 'POST', `/api/admin/licences/${id}/reject`, adminCookie, { reason: 'Unreadable.' });
    const rejected = await send(app, 'POST', '/api/bookings/check', renter, trip(42));
    expect([rejected.statusCode, REASON(rejected)]).toEqual([403, 'licenceRejected']);
  });

  it('refuses a trip that ends after the licence expires, and books one within it', async () => {
    const renter = await renterWithoutLicence();
    await submitted(renter, { ...GOOD(), expiresOn: day(0, 43) });
    await send(app, 'POST', `/api/admin/licences/${await licenceIdOf(renter)}/approve`, adminCookie);
    const late = await send(app, 'POST', '/api/bookings', renter, trip(44));
    expect([late.statusCode, REASON(late)]).toEqual([403, 'licenceExpiresBeforeTripEnd']);
    expect(late.json<{ message: string }>().message).toContain(day(0, 43));
    const booked = await send(app, 'POST', '/api/bookings', renter, trip(43));
    expect(booked.statusCode, booked.body).toBe(201);
  });

  it('lets a renter with no licence book when LICENCE_CHECK is off', async () => {
    const off = await buildTestApp({ licences: { ...testConfig().licences, check: false } });
    try {
      const carOwner = await registerAndSignIn(off, 'owner');
      const car = await listCar(off, carOwner, 'Unchecked Car', 800);
      const account = await register(off, 'user', newAccount(), { licence: false });
      const renter = await signIn(off, account.email, account.password);
      const booked = await send(off, 'POST', '/api/bookings', renter, { ...trip(45), carName: car.id });
      expect(booked.statusCode, booked.body).toBe(201);
      expect((await send(off, 'GET', '/api/config')).json<{ licenceCheck?: boolean }>().licenceCheck).toBe(false);
    } finally {
      await closeTestApp(off);
    }
    expect((await send(app, 'GET', '/api/config')).json<{ licenceCheck?: boolean }>().licenceCheck).toBe(true);
  });
});

describe('a start with no admin', () => {
  async function startLines(overrides: Parameters<typeof buildTestApp>[0]) {
    const lines: string[] = [];
    const started = await buildTestApp(
      { ...overrides, logLevel: 'info' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    await closeTestApp(started);
    return lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
  }

  it('says how to create the first admin, and says nothing of it once there is one', async () => {
    expect(await startLines({})).toContain(
      "no admin account yet, so nobody can approve renters' driving licences: create the first admin with `npm run admin:create` (stop the server first when on PGlite), or set ADMIN_EMAIL, ADMIN_USERNAME and ADMIN_PASSWORD and start again",
    );
    expect((await startLines({ admin })).filter((line) => line.startsWith('no admin account yet'))).toEqual([]);
  });
});
