import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Availability, NewBooking, OwnerCar } from '#domain/contract';
import { buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { act, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_SUCH_CAR = { message: 'There is no car by that name.' };

let app: FastifyInstance;
let owner: string;
let renter: string;
let otherRenter: string;
let car: OwnerCar;
let otherCar: OwnerCar;

beforeAll(async () => {
  app = await buildTestApp();
  [owner, renter, otherRenter] = await Promise.all([
    registerAndSignIn(app, 'owner'),
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'user'),
  ]);
  car = await listCar(app, owner, 'Mahindra Thar Availability', 2000);
  otherCar = await listCar(app, owner, 'Hyundai i20 Availability', 800);
});
afterAll(() => closeTestApp(app));

function ask(carRef: string, query: Record<string, string>) {
  return send(app, 'GET', `/api/cars/${encodeURIComponent(carRef)}/availability?${new URLSearchParams(query)}`);
}

async function busy(carRef: string, from: string, to: string): Promise<Availability['busy']> {
  const response = await ask(carRef, { from, to });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Availability>().busy;
}

/** A request by `who` for `car`, answered by the owner with `action` (or left as a request). */
async function booked(who: string, period: Pick<NewBooking, 'from' | 'to'>, action?: 'accept' | 'decline', on = car) {
  const booking = await requestBooking(app, who, { carName: on.id, driver: false, ...period });
  if (action) expect((await act(app, owner, booking.id, action)).statusCode).toBe(200);
  return booking;
}

describe('GET /api/cars/{carName}/availability: its bounds', () => {
  const from = '2030-01-01T00:00:00+05:30';
  const ninetyDaysLater = new Date(new Date(from).getTime() + 90 * DAY_MS);

  it.each([
    [{ to: from }, 'The start is required.'],
    [{ from }, 'The end is required.'],
    [{ from, to: from }, 'The end must be after the start.'],
    [{ from, to: '2029-12-31T23:00:00+05:30' }, 'The end must be after the start.'],
    [
      { from, to: new Date(ninetyDaysLater.getTime() + 1).toISOString() },
      'The end must be at most 90 days after the start: ask for a longer period in parts.',
    ],
    [
      { from: '2030-01-01T10:00', to: '2030-01-02T10:00:00+05:30' },
      'The start must be a date and time with its offset, such as 2030-01-31T10:00:00+05:30.',
    ],
    [{ from, to: 'tomorrow' }, 'The end must be a date and time with its offset, such as 2030-01-31T10:00:00+05:30.'],
    [{ from: '', to: from }, 'The start must be a date and time with its offset, such as 2030-01-31T10:00:00+05:30.'],
  ])('refuses %j with a 400 naming the field', async (query, message) => {
    const response = await ask(car.id, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('answers a period of exactly 90 days', async () => {
    expect(await busy(car.id, from, ninetyDaysLater.toISOString())).toEqual([]);
  });

  it('answers 404 for a car nobody lists, by name or by id, before looking at the period', async () => {
    for (const ref of ['No Such Car', '00000000-0000-4000-8000-000000000000']) {
      const response = await ask(ref, { from, to: ninetyDaysLater.toISOString() });
      expect(response.statusCode, ref).toBe(404);
      expect(response.json()).toEqual(NO_SUCH_CAR);
    }
  });

  it('needs nobody signed in', async () => {
    const response = await ask('Tata Nexon EV', { from, to: '2030-01-02T00:00:00+05:30' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ busy: [] });
  });
});

describe('GET /api/cars/{carName}/availability: what it answers', () => {
  const window = { from: indiaTime(1, '00:00'), to: indiaTime(20, '00:00') };

  it('lists accepted bookings only, in India time, never requests or declined or cancelled ones', async () => {
    const accepted = await booked(renter, { from: indiaTime(3, '10:00'), to: indiaTime(4, '10:00') }, 'accept');
    await booked(otherRenter, { from: indiaTime(6, '10:00'), to: indiaTime(6, '14:00') });
    await booked(otherRenter, { from: indiaTime(7, '10:00'), to: indiaTime(7, '14:00') }, 'decline');
    const cancelled = await booked(renter, { from: indiaTime(8, '09:00'), to: indiaTime(8, '11:00') }, 'accept');
    expect((await act(app, renter, cancelled.id, 'cancel')).statusCode).toBe(200);

    expect(await busy(car.id, window.from, window.to)).toEqual([{ from: accepted.from, to: accepted.to }]);
    expect(accepted.from).toBe(indiaTime(3, '10:00'));
    // Another car of the same owner is not made busy by it.
    expect(await busy(otherCar.id, window.from, window.to)).toEqual([]);
  });

  it('finds the car by its name in any letter case as by its id', async () => {
    const byId = await busy(car.id, window.from, window.to);
    expect(byId.length).toBeGreaterThan(0);
    expect(await busy('mahindra THAR availability', window.from, window.to)).toEqual(byId);
  });

  it('cuts each booking to the period asked about, and leaves out one that only touches it', async () => {
    // The accepted booking above holds day 3 10:00 to day 4 10:00.
    expect(await busy(car.id, indiaTime(3, '12:00'), indiaTime(3, '18:00'))).toEqual([
      { from: indiaTime(3, '12:00'), to: indiaTime(3, '18:00') },
    ]);
    expect(await busy(car.id, indiaTime(4, '00:00'), indiaTime(5, '00:00'))).toEqual([
      { from: indiaTime(4, '00:00'), to: indiaTime(4, '10:00') },
    ]);
    expect(await busy(car.id, indiaTime(2, '00:00'), indiaTime(3, '10:00'))).toEqual([]);
    expect(await busy(car.id, indiaTime(4, '10:00'), indiaTime(5, '10:00'))).toEqual([]);
  });

  it('joins bookings back to back into one stretch, and keeps apart those with time between them, in time order', async () => {
    await booked(otherRenter, { from: indiaTime(12, '19:00'), to: indiaTime(12, '20:00') }, 'accept');
    await booked(renter, { from: indiaTime(12, '14:00'), to: indiaTime(12, '18:00') }, 'accept');
    await booked(otherRenter, { from: indiaTime(12, '10:00'), to: indiaTime(12, '14:00') }, 'accept');

    expect(await busy(car.id, indiaTime(12, '00:00'), indiaTime(13, '00:00'))).toEqual([
      { from: indiaTime(12, '10:00'), to: indiaTime(12, '18:00') },
      { from: indiaTime(12, '19:00'), to: indiaTime(12, '20:00') },
    ]);
  });

  it('answers in India time whatever offset the period was asked in', async () => {
    const utcFrom = new Date(indiaTime(12, '00:00')).toISOString();
    const utcTo = new Date(indiaTime(13, '00:00')).toISOString();
    const answered = await busy(car.id, utcFrom, utcTo);
    expect(answered.map((stretch) => stretch.from)).toEqual([indiaTime(12, '10:00'), indiaTime(12, '19:00')]);
  });
});
