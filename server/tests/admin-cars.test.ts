import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueCars } from '#data/cars';
import type { AdminActionPage, AdminCar, AdminCarPage, CodedAnswer, OwnerCar, PagedAnswer, PublicCar } from '#domain/contract';
import { seedSampleData } from '../src/db/seed';
import { mailOutbox } from '../src/db/schema';
import { movableClock } from '../src/clock/clock';
import { getOk, listBoundsTests, person, type Person } from './admin-helpers';
import { buildTestApp, closeTestApp, sessionCookie } from './helpers';
import { act, indiaTime, listBookings, listCar, requestBooking, send } from './marketplace-helpers';

const REASON_REQUIRED = 'Reason is required: say why, in 1 to 500 characters.';
const CAR_DELISTED = 'This car is not available for booking: it has been taken off the marketplace.';
const DELISTED_FOR_RENTERS = 'WheelsOnWeb took this car off the marketplace, so the request was declined.';

const admin = { email: 'cars-console@wheelsonweb.in', username: 'carsconsole', password: 'admin-password-1' };
const NOBODY = '00000000-0000-4000-8000-000000000000';

let app: FastifyInstance;
let adminCookie: string;
// Running with real time, so rows written one after another keep their order; read to bound when a change was stamped.
const clock = movableClock(new Date(), { ticks: true });

const get = <T>(url: string, cookie = adminCookie) => getOk<T>(app, url, cookie);

async function act200(url: string, payload?: unknown): Promise<AdminCar> {
  const response = await send(app, 'POST', url, adminCookie, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminCar>();
}

const delist = (carId: string, reason: string) => act200(`/api/admin/cars/${carId}/delist`, { reason });
const relist = (carId: string, payload?: unknown) => act200(`/api/admin/cars/${carId}/relist`, payload);
const auditOf = (carId: string) => get<AdminActionPage>(`/api/admin/audit?objectType=car&objectId=${carId}`);

async function publicCarIds(): Promise<string[]> {
  const cars = await get<PagedAnswer<PublicCar>>('/api/cars?pageSize=100', '');
  return cars.data.map((car) => car.id);
}

async function ownersCar(owner: Person, carId: string): Promise<OwnerCar | undefined> {
  return (await get<CodedAnswer<OwnerCar[]>>('/get-cars', owner.cookie)).data.find((car) => car.id === carId);
}

/** A period `daysAhead` days from now, four hours long, as the app sends it. */
function period(daysAhead: number) {
  return { from: indiaTime(daysAhead, '10:00'), to: indiaTime(daysAhead, '14:00'), driver: false };
}

beforeAll(async () => {
  app = await buildTestApp({ admin }, { clock });
  const response = await app.inject({
    method: 'POST',
    url: '/api/session',
    payload: { login: admin.email, password: admin.password },
  });
  adminCookie = sessionCookie(response);
});
afterAll(() => closeTestApp(app));

describe('/api/admin/cars for each role', () => {
  let owner: Person;
  let renter: Person;
  let car: OwnerCar;
  beforeAll(async () => {
    [owner, renter] = [await person(app, 'owner'), await person(app, 'user')];
    car = await listCar(app, owner.cookie, 'Role Table Baleno', 500);
  });

  const endpoints: Array<{ name: string; url: () => string; method: 'GET' | 'POST'; payload?: unknown }> = [
    { name: 'the cars', method: 'GET', url: () => '/api/admin/cars' },
    { name: 'delisting a car', method: 'POST', url: () => `/api/admin/cars/${car.id}/delist`, payload: { reason: 'Checking.' } },
    { name: 'relisting a car', method: 'POST', url: () => `/api/admin/cars/${car.id}/relist`, payload: { reason: 'Checked.' } },
  ];

  it.each(endpoints)(
    '$name: 200 for an admin, 403 for an owner or a renter, 401 signed out',
    async ({ method, url, payload }) => {
      const owners = await send(app, method, url(), owner.cookie, payload);
      expect(owners.statusCode).toBe(403);
      expect(owners.json()).toEqual({ message: 'This is for admins only.' });
      expect((await send(app, method, url(), renter.cookie, payload)).statusCode).toBe(403);
      expect((await send(app, method, url(), undefined, payload)).statusCode).toBe(401);
      expect((await send(app, method, url(), adminCookie, payload)).statusCode).toBe(200);
    },
  );
});

describe('delisting and relisting a car', () => {
  it('takes it off the public list and refuses its bookings until relisted, and its owner sees why; pausing does not relist it', async () => {
    const owner = await person(app, 'owner');
    const renter = await person(app, 'user');
    const car = await listCar(app, owner.cookie, 'Delisted Ertiga', 800);
    expect(await publicCarIds()).toContain(car.id);
    expect((await ownersCar(owner, car.id))?.delisted).toBeUndefined();

    const before = clock.now().getTime();
    const delisted = await delist(car.id, '  Photos show another car.  ');
    const after = clock.now().getTime();
    expect(delisted).toEqual({
      _id: car.id,
      id: car.id,
      kind: 'listed',
      carName: 'Delisted Ertiga',
      owner: { id: owner.id, username: owner.username, status: 'enabled' },
      city: car.city,
      pickupArea: car.pickupArea,
      price: 800,
      state: 'delisted',
      delistedReason: 'Photos show another car.',
      delistedAt: expect.any(String),
      createdAt: car.createdAt,
    });
    // Stamped by the app's clock while the delisting ran.
    expect(Date.parse(delisted.delistedAt ?? '')).toBeGreaterThanOrEqual(before);
    expect(Date.parse(delisted.delistedAt ?? '')).toBeLessThanOrEqual(after);

    expect(await publicCarIds()).not.toContain(car.id);
    expect((await send(app, 'GET', `/api/cars/${car.id}`, '')).statusCode).toBe(404);
    const refused = await send(app, 'POST', '/api/bookings', renter.cookie, { carName: car.id, ...period(4) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: CAR_DELISTED });

    const seen = { reason: 'Photos show another car.', at: delisted.delistedAt };
    expect((await ownersCar(owner, car.id))?.delisted).toEqual(seen);
    expect((await get<CodedAnswer<OwnerCar>>(`/get-car/${car.id}`, owner.cookie)).data.delisted).toEqual(seen);

    // The owner's pause and resume are theirs: neither puts the car back.
    expect((await send(app, 'POST', `/api/cars/${car.id}/pause`, owner.cookie)).json<OwnerCar>()).toMatchObject({
      paused: true,
      delisted: seen,
    });
    expect((await send(app, 'POST', `/api/cars/${car.id}/resume`, owner.cookie)).json<OwnerCar>()).toMatchObject({
      paused: false,
      delisted: seen,
    });
    expect(await publicCarIds()).not.toContain(car.id);

    const relisted = await relist(car.id);
    expect(relisted).toMatchObject({ state: 'listed', delistedReason: null, delistedAt: null });
    expect(await publicCarIds()).toContain(car.id);
    expect((await ownersCar(owner, car.id))?.delisted).toBeUndefined();
    await requestBooking(app, renter.cookie, { carName: car.id, ...period(4) });
  });

  it('declines its open requests for their renters, in words and by mail, and leaves its accepted bookings standing', async () => {
    const owner = await person(app, 'owner');
    const [waiting, booked] = [await person(app, 'user'), await person(app, 'user')];
    const car = await listCar(app, owner.cookie, 'Requested Brezza', 900);
    const open = await requestBooking(app, waiting.cookie, { carName: car.id, ...period(5) });
    const accepted = await requestBooking(app, booked.cookie, { carName: car.id, ...period(6) });
    expect((await act(app, owner.cookie, accepted.id, 'accept')).statusCode).toBe(200);

    await delist(car.id, 'Insurance expired.');
    expect((await listBookings(app, waiting.cookie)).find((booking) => booking.id === open.id)).toMatchObject({
      status: 'declined',
      declineReason: DELISTED_FOR_RENTERS,
    });
    expect((await listBookings(app, booked.cookie)).find((booking) => booking.id === accepted.id)?.status).toBe('accepted');
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, waiting.email))
      .orderBy(asc(mailOutbox.id));
    expect(mails.at(-1)?.textBody).toContain(`The reason: ${DELISTED_FOR_RENTERS}`);
    // The admin's reason is for the owner: renters are not told it.
    expect(mails.some((mail) => mail.textBody.includes('Insurance expired.'))).toBe(false);

    // Relisting does not bring a declined request back.
    await relist(car.id);
    expect((await listBookings(app, waiting.cookie)).find((booking) => booking.id === open.id)?.status).toBe('declined');
  });

  it('writes exactly one audit row per change, with the reason and the state before and after, and none when nothing changes', async () => {
    const owner = await person(app, 'owner');
    const car = await listCar(app, owner.cookie, 'Audited Dzire', 600);
    expect((await send(app, 'POST', `/api/cars/${car.id}/pause`, owner.cookie)).statusCode).toBe(200);

    expect((await delist(car.id, 'Reported by a renter.')).state).toBe('delisted');
    // Delisted already: answered as it stands (with the first reason), nothing written.
    expect(await delist(car.id, 'Reported again.')).toMatchObject({ state: 'delisted', delistedReason: 'Reported by a renter.' });
    // Back to where the owner left it: paused, not listed.
    expect((await relist(car.id, { reason: 'The renter withdrew the report.' })).state).toBe('paused');
    expect((await relist(car.id)).state).toBe('paused');

    const audit = await auditOf(car.id);
    expect(audit.total).toBe(2);
    expect(audit.data).toEqual([
      expect.objectContaining({
        action: 'car.relist',
        admin: { id: expect.any(String), username: admin.username },
        objectType: 'car',
        objectId: car.id,
        objectName: 'Audited Dzire',
        reason: 'The renter withdrew the report.',
        before: { state: 'delisted' },
        after: { state: 'paused' },
      }),
      expect.objectContaining({
        action: 'car.delist',
        reason: 'Reported by a renter.',
        before: { state: 'paused' },
        after: { state: 'delisted' },
      }),
    ]);
  });

  it('delists a fleet car too, and the fleet seeding of every start-up leaves it delisted', async () => {
    const fleet = await get<AdminCarPage>('/api/admin/cars?kind=fleet');
    const [first] = fleet.data;
    if (!first) throw new Error('no fleet car');
    expect(first).toMatchObject({ kind: 'fleet', owner: null, state: 'listed' });

    await delist(first.id, 'In the workshop until Monday.');
    expect(await publicCarIds()).not.toContain(first.id);
    await seedSampleData(app.db);
    expect((await get<AdminCarPage>(`/api/admin/cars?kind=fleet&state=delisted`)).data).toEqual([
      expect.objectContaining({ id: first.id, state: 'delisted', delistedReason: 'In the workshop until Monday.' }),
    ]);
    expect(await publicCarIds()).not.toContain(first.id);

    await relist(first.id, {});
    expect(await publicCarIds()).toContain(first.id);
  });

  it('refuses an archived car (409), an unknown car (404), and a bad id or reason (400), writing nothing', async () => {
    const owner = await person(app, 'owner');
    const renter = await person(app, 'user');
    const archived = await listCar(app, owner.cookie, 'Archived Alto', 300);
    await requestBooking(app, renter.cookie, { carName: archived.id, ...period(7) });
    expect((await send(app, 'POST', '/delete-cars', owner.cookie, [archived.id])).statusCode).toBe(200);
    const car = await listCar(app, owner.cookie, 'Checked Celerio', 300);
    const before = (await get<AdminActionPage>('/api/admin/audit?objectType=car')).total;

    for (const action of ['delist', 'relist']) {
      const refused = await send(app, 'POST', `/api/admin/cars/${archived.id}/${action}`, adminCookie, { reason: 'Too late.' });
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json()).toEqual({
        message:
          'This car was removed by its owner and is archived: it is out of every list for good, so it cannot be delisted or relisted.',
      });
      const unknown = await send(app, 'POST', `/api/admin/cars/${NOBODY}/${action}`, adminCookie, { reason: 'Who?' });
      expect(unknown.statusCode, action).toBe(404);
      expect(unknown.json()).toEqual({ message: 'No car has this id.' });
      expect((await send(app, 'POST', `/api/admin/cars/not-a-car/${action}`, adminCookie, { reason: 'Bad.' })).statusCode).toBe(
        400,
      );
      const tooLong = await send(app, 'POST', `/api/admin/cars/${car.id}/${action}`, adminCookie, { reason: 'x'.repeat(501) });
      expect(tooLong.statusCode, action).toBe(400);
      expect(tooLong.json()).toEqual({ message: 'Reason must be 1 to 500 characters.' });
      const blank = await send(app, 'POST', `/api/admin/cars/${car.id}/${action}`, adminCookie, { reason: ' ' });
      expect(blank.json(), action).toEqual({ message: REASON_REQUIRED });
    }
    for (const payload of [{}, undefined]) {
      const missing = await send(app, 'POST', `/api/admin/cars/${car.id}/delist`, adminCookie, payload);
      expect(missing.statusCode).toBe(400);
      if (payload) expect(missing.json()).toEqual({ message: REASON_REQUIRED });
    }
    expect((await get<AdminActionPage>('/api/admin/audit?objectType=car')).total).toBe(before);
    expect(await delist(car.id, 'x'.repeat(500))).toMatchObject({ state: 'delisted' });
  });
});

describe('GET /api/admin/cars', () => {
  let owner: Person;
  let cars: OwnerCar[];
  beforeAll(async () => {
    owner = await person(app, 'owner');
    cars = [];
    // Enough for the whole list to run past one page of 50, fleet included.
    for (let n = 1; n <= 45; n += 1) cars.push(await listCar(app, owner.cookie, `Paging Car ${n}`, 100 + n));
  });

  it('lists the fleet in catalogue order, then owners’ cars newest first, 50 to a page by default', async () => {
    const first = await get<AdminCarPage>('/api/admin/cars');
    expect(first).toMatchObject({ page: 1, pageSize: 50 });
    expect(first.total).toBeGreaterThan(50);
    expect(first.data).toHaveLength(50);
    expect(first.data.slice(0, catalogueCars.length).map((car) => car.carName)).toEqual(catalogueCars.map((car) => car.carName));
    const newest = cars.at(-1);
    expect(first.data[catalogueCars.length]).toMatchObject({
      id: newest?.id,
      kind: 'listed',
      owner: { id: owner.id, username: owner.username, status: 'enabled' },
      state: 'listed',
      delistedReason: null,
      delistedAt: null,
    });

    const second = await get<AdminCarPage>('/api/admin/cars?page=2');
    expect(second.data).toHaveLength(first.total - 50);
    const ids = [...first.data, ...second.data].map((car) => car.id);
    expect(new Set(ids).size).toBe(first.total);
    const mine = await get<AdminCarPage>(`/api/admin/cars?q=${owner.username.toUpperCase()}&pageSize=100`);
    expect(mine.data.map((car) => car.id)).toEqual(cars.map((car) => car.id).reverse());
  });

  it('searches car names and owners’ usernames in any case, and filters by kind, state and city', async () => {
    const byName = await get<AdminCarPage>('/api/admin/cars?q=paging%20CAR%2045');
    expect(byName.data.map((car) => car.carName)).toEqual(['Paging Car 45']);
    // A substring, not a pattern: `%` matches only itself.
    expect((await get<AdminCarPage>('/api/admin/cars?q=Paging%25Car')).total).toBe(0);

    const [listed] = cars;
    if (!listed) throw new Error('no car listed');
    await delist(listed.id, 'Filtered.');
    const delisted = await get<AdminCarPage>(`/api/admin/cars?state=delisted&q=${owner.username}`);
    expect(delisted.data.map((car) => car.id)).toEqual([listed.id]);
    const stillListed = await get<AdminCarPage>(`/api/admin/cars?state=listed&kind=listed&q=${owner.username}`);
    expect(stillListed.total).toBe(cars.length - 1);

    const fleet = await get<AdminCarPage>('/api/admin/cars?kind=fleet&q=&state=&city=');
    expect(fleet.total).toBe(catalogueCars.length);
    expect(fleet.data.every((car) => car.owner === null)).toBe(true);
    const city = catalogueCars[0]?.city ?? 'Bengaluru';
    const inCity = await get<AdminCarPage>(`/api/admin/cars?city=${city}&pageSize=100`);
    expect(inCity.data.length).toBeGreaterThan(0);
    expect(inCity.data.every((car) => car.city === city)).toBe(true);
    expect((await get<AdminCarPage>('/api/admin/cars?state=archived')).data.every((car) => car.state === 'archived')).toBe(true);
  });

  it('shows a disabled owner as disabled', async () => {
    const disabled = await person(app, 'owner');
    const car = await listCar(app, disabled.cookie, 'Disabled Owner Ignis', 400);
    expect((await send(app, 'POST', `/api/admin/accounts/${disabled.id}/disable`, adminCookie)).statusCode).toBe(200);
    const [row] = (await get<AdminCarPage>(`/api/admin/cars?q=${disabled.username}`)).data;
    expect(row).toMatchObject({ id: car.id, owner: { status: 'disabled' }, state: 'listed' });
  });

  listBoundsTests('/api/admin/cars', (url) => send(app, 'GET', url, adminCookie), [
    ['state=banned', undefined],
    ['kind=rental', undefined],
    ['city=Atlantis', undefined],
  ]);
});
