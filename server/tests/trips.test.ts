import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Booking, OwnerCar } from '#domain/contract';
import { formatIndiaTime } from '#domain/india-time';
import type { TripAnswer, TripValues } from '#domain/schemas/trips';
import { movableClock, type MovableClock } from '../src/clock/clock';
import { buildTestApp, closeTestApp, registerAndSignIn, signIn } from './helpers';
import { act, indiaTime, listCar, requestBooking, send, storedBooking, sweepAt } from './marketplace-helpers';
import { jpeg, photoForm } from './photo-helpers';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const SIDES = ['front', 'rear', 'left', 'right'] as const;

let app: FastifyInstance;
let clock: MovableClock;
let start: Date;
let owner: string;
let renter: string;
let stranger: string;
let adminCookie: string;
const admin = { email: 'trips@wheelsonweb.in', username: 'tripdesk', password: 'admin-password-1' };
let car: OwnerCar;
let photo: Buffer;
let carCount = 1;

beforeAll(async () => {
  start = new Date();
  clock = movableClock(start);
  app = await buildTestApp({ admin }, { clock });
  adminCookie = await signIn(app, admin.email, admin.password);
  [renter, stranger] = await Promise.all([registerAndSignIn(app, 'user'), registerAndSignIn(app, 'user')]);
  photo = await jpeg(640, 400);
});
afterAll(async () => {
  await closeTestApp(app);
});
beforeEach(() => clock.set(start));

/**
 * A 3-hour trip the day after tomorrow, of a car of its own (listed as `extra` says), accepted by the
 * owner; the clock is then put 30 minutes before its start.
 */
async function acceptedTrip(extra: { fuel?: 'electric' } = {}): Promise<Booking> {
  // An owner of its own too: the owner's list of cars is what tells the test its new car's id.
  owner = await registerAndSignIn(app, 'owner');
  car = await listCar(app, owner, `Maruti Swift ${carCount++}`, 200, { payAtPickup: true, ...extra });
  return acceptedOn(car, 2);
}

async function acceptedOn(of: OwnerCar, day: number): Promise<Booking> {
  const booking = await requestBooking(app, renter, {
    carName: of.id,
    from: indiaTime(day, '10:00'),
    to: indiaTime(day, '13:00'),
    driver: false,
  });
  const accepted = await act(app, owner, booking.id, 'accept');
  expect(accepted.statusCode, accepted.body).toBe(200);
  clock.set(new Date(new Date(booking.from).getTime() - 30 * MINUTE));
  return accepted.json<Booking>();
}

const eighths = (odometerKm: number, level: number): TripValues => ({ odometerKm, fuel: { kind: 'eighths', eighths: level } });

function fill(cookie: string, bookingId: string, kind: string, values: unknown) {
  return app.inject({
    method: 'PUT',
    url: `/api/bookings/${bookingId}/trip/${kind}`,
    headers: { cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(values),
  });
}

function addPhoto(cookie: string, bookingId: string, kind: string, slot: string, bytes = photo, type = 'image/jpeg') {
  const body = photoForm(bytes, 'side.jpg', type);
  return app.inject({
    method: 'POST',
    url: `/api/bookings/${bookingId}/trip/${kind}/photos?slot=${slot}`,
    headers: { cookie, 'content-type': body.contentType },
    payload: body.payload,
  });
}

const confirm = (cookie: string, bookingId: string, kind: string, correction?: TripValues) =>
  send(app, 'POST', `/api/bookings/${bookingId}/trip/${kind}/confirm`, cookie, correction ? { correction } : {});

/** `kind`'s record filled in by `by` with the four sides photographed, ready for the other side. */
async function sent(by: string, bookingId: string, kind: string, values: TripValues): Promise<TripAnswer> {
  const filled = await fill(by, bookingId, kind, values);
  expect(filled.statusCode, filled.body).toBe(200);
  let answer = filled.json<TripAnswer>();
  for (const slot of SIDES) {
    const added = await addPhoto(by, bookingId, kind, slot);
    expect(added.statusCode, added.body).toBe(201);
    answer = added.json<TripAnswer>();
  }
  return answer;
}

async function handedOver(booking: Booking, km = 12_000, level = 6): Promise<void> {
  await sent(renter, booking.id, 'handover', eighths(km, level));
  const confirmed = await confirm(owner, booking.id, 'handover');
  expect(confirmed.statusCode, confirmed.body).toBe(200);
}

const statusOf = async (id: string) => (await storedBooking(app, id)).status;

describe('the handover', () => {
  it('is refused before 30 minutes ahead of the start, and nothing is kept', async () => {
    const booking = await acceptedTrip();
    clock.set(new Date(clock.now().getTime() - MINUTE));
    const early = await fill(renter, booking.id, 'handover', eighths(12_000, 6));
    expect(early.statusCode).toBe(409);
    const opensAt = formatIndiaTime(new Date(new Date(booking.from).getTime() - 30 * MINUTE));
    expect(early.json<{ message: string }>().message).toBe(
      `The handover opens 30 minutes before the trip starts, at ${opensAt} (India time): try again then.`,
    );
    const trip = (await send(app, 'GET', `/api/bookings/${booking.id}/trip`, renter)).json<TripAnswer>();
    expect(trip.handover).toBeNull();
  });

  it('filled in by the renter and confirmed by the owner takes the booking in_trip, both seeing one record', async () => {
    const booking = await acceptedTrip();
    const ready = await sent(renter, booking.id, 'handover', eighths(12_000, 6));
    expect(ready.handover).toMatchObject({ ready: true, confirmedAt: null, enteredBy: { side: 'renter' } });
    expect(ready.handover?.photos.map((p) => p.slot)).toEqual([...SIDES]);
    expect(await statusOf(booking.id)).toBe('accepted');
    const confirmed = await confirm(owner, booking.id, 'handover');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await statusOf(booking.id)).toBe('in_trip');
    const renterSees = (await send(app, 'GET', `/api/bookings/${booking.id}/trip`, renter)).json<TripAnswer>();
    expect(renterSees.handover).toMatchObject({
      confirmedBy: { side: 'carKeeper' },
      correction: null,
      entered: eighths(12_000, 6),
    });
    expect(renterSees.side).toBe('renter');
  });

  it('keeps a correction beside what was sent, for both to read', async () => {
    const booking = await acceptedTrip();
    await sent(owner, booking.id, 'handover', eighths(30_100, 8));
    const corrected = await confirm(renter, booking.id, 'handover', eighths(30_100, 7));
    expect(corrected.statusCode, corrected.body).toBe(200);
    const ownerSees = (await send(app, 'GET', `/api/bookings/${booking.id}/trip`, owner)).json<TripAnswer>();
    expect(ownerSees.handover).toMatchObject({ entered: eighths(30_100, 8), correction: eighths(30_100, 7) });
  });

  it('cannot be confirmed by the side that sent it, nor before the four sides are photographed', async () => {
    const booking = await acceptedTrip();
    expect((await fill(renter, booking.id, 'handover', eighths(100, 4))).statusCode).toBe(200);
    expect((await addPhoto(renter, booking.id, 'handover', 'front')).statusCode).toBe(201);
    const missing = await confirm(owner, booking.id, 'handover');
    expect(missing.statusCode).toBe(409);
    expect(missing.json<{ message: string }>().message).toMatch(/front, rear, left and right/);
    for (const slot of ['rear', 'left', 'right']) await addPhoto(renter, booking.id, 'handover', slot);
    expect((await confirm(renter, booking.id, 'handover')).statusCode).toBe(409);
    // The owner may not overwrite what the renter sent: they correct through the confirmation.
    expect((await fill(owner, booking.id, 'handover', eighths(100, 8))).statusCode).toBe(409);
    expect(await statusOf(booking.id)).toBe('accepted');
  });

  it('refuses fuel outside 0..8, and a battery reading for a car that takes fuel', async () => {
    const booking = await acceptedTrip();
    for (const level of [-1, 9, 2.5]) {
      const bad = await fill(renter, booking.id, 'handover', eighths(100, level));
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toMatch(/eighths, from 0/);
    }
    const battery = await fill(renter, booking.id, 'handover', {
      odometerKm: 100,
      fuel: { kind: 'batteryPercent', percent: 80 },
    });
    expect(battery.statusCode).toBe(400);
    expect(
      (await fill(renter, booking.id, 'handover', { odometerKm: -5, fuel: { kind: 'eighths', eighths: 3 } })).statusCode,
    ).toBe(400);
    const trip = (await send(app, 'GET', `/api/bookings/${booking.id}/trip`, renter)).json<TripAnswer>();
    expect(trip.handover).toBeNull();
  });

  it("takes an electric car's battery in percent", async () => {
    const booking = await acceptedTrip({ fuel: 'electric' });
    const trip = await sent(renter, booking.id, 'handover', { odometerKm: 800, fuel: { kind: 'batteryPercent', percent: 90 } });
    expect(trip.fuelKind).toBe('batteryPercent');
    expect((await fill(renter, booking.id, 'handover', eighths(800, 4))).statusCode).toBe(400);
  });

  it('refuses a photo that is not an image, keeping nothing', async () => {
    const booking = await acceptedTrip();
    await fill(renter, booking.id, 'handover', eighths(100, 4));
    const text = await addPhoto(renter, booking.id, 'handover', 'front', Buffer.from('not a photo at all'), 'image/jpeg');
    expect(text.statusCode).toBe(415);
    const trip = (await send(app, 'GET', `/api/bookings/${booking.id}/trip`, renter)).json<TripAnswer>();
    expect(trip.handover?.photos).toEqual([]);
  });

  it('is not for anyone but the parties: another renter is told there is no such booking', async () => {
    const booking = await acceptedTrip();
    expect((await fill(stranger, booking.id, 'handover', eighths(100, 4))).statusCode).toBe(404);
    await sent(renter, booking.id, 'handover', eighths(100, 4));
    expect((await confirm(stranger, booking.id, 'handover')).statusCode).toBe(404);
    expect((await send(app, 'GET', `/api/bookings/${booking.id}/trip`, stranger)).statusCode).toBe(404);
    expect(await statusOf(booking.id)).toBe('accepted');
  });

  it('confirmed twice, or from two phones at once, leaves one record and one step', async () => {
    const booking = await acceptedTrip();
    await sent(renter, booking.id, 'handover', eighths(500, 5));
    const [first, second] = await Promise.all([
      confirm(owner, booking.id, 'handover'),
      confirm(owner, booking.id, 'handover', eighths(500, 4)),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json<TripAnswer>().handover).toEqual(second.json<TripAnswer>().handover);
    const again = await confirm(owner, booking.id, 'handover');
    expect(again.json<TripAnswer>().handover).toEqual(first.json<TripAnswer>().handover);
    const history = (await send(app, 'GET', `/api/bookings/${booking.id}`, renter)).json<{
      history: { status: string }[];
    }>();
    expect(history.history.filter((event) => event.status === 'in_trip')).toHaveLength(1);
  });
});

describe('the return', () => {
  it('is refused before the handover', async () => {
    const booking = await acceptedTrip();
    const early = await fill(renter, booking.id, 'return', eighths(12_100, 5));
    expect(early.statusCode).toBe(409);
    expect(early.json<{ message: string }>().message).toMatch(/not been handed over/);
  });

  it("refuses an odometer below the handover's, in the confirmation's correction too", async () => {
    const booking = await acceptedTrip();
    await handedOver(booking, 12_000);
    const lower = await fill(renter, booking.id, 'return', eighths(11_999, 5));
    expect(lower.statusCode).toBe(400);
    expect(lower.json<{ message: string }>().message).toMatch(/12000 km/);
    await sent(renter, booking.id, 'return', eighths(12_000, 5));
    expect((await confirm(owner, booking.id, 'return', eighths(11_000, 5))).statusCode).toBe(400);
    expect(await statusOf(booking.id)).toBe('in_trip');
  });

  it('confirmed, returns the trip, which completes exactly the claim window after the return', async () => {
    const booking = await acceptedTrip();
    await handedOver(booking);
    // Returned an hour late: the claim window counts from the return, not the end.
    const returnedAt = new Date(new Date(booking.to).getTime() + HOUR);
    clock.set(returnedAt);
    await sent(owner, booking.id, 'return', eighths(12_150, 3));
    expect((await confirm(renter, booking.id, 'return')).statusCode).toBe(200);
    expect(await statusOf(booking.id)).toBe('returned');
    const completesAt = new Date(returnedAt.getTime() + 24 * HOUR);
    expect((await storedBooking(app, booking.id)).completesAt).toEqual(completesAt);

    await sweepAt(app, new Date(completesAt.getTime() - MINUTE));
    expect(await statusOf(booking.id)).toBe('returned');
    await sweepAt(app, completesAt);
    expect(await statusOf(booking.id)).toBe('completed');
  });

  it('an in_trip booking never completes on its own, even long past its end; an admin may cancel it, the owner not', async () => {
    const booking = await acceptedTrip();
    await handedOver(booking);
    const later = new Date(new Date(booking.to).getTime() + 72 * HOUR);
    clock.set(later);
    await sweepAt(app, later);
    expect(await statusOf(booking.id)).toBe('in_trip');
    expect((await act(app, owner, booking.id, 'cancel')).statusCode).toBe(409);
    expect((await act(app, renter, booking.id, 'cancel')).statusCode).toBe(409);
    const called = await send(app, 'POST', `/api/admin/bookings/${booking.id}/cancel`, adminCookie, {
      reason: 'The car is unsafe.',
    });
    expect(called.statusCode, called.body).toBe(200);
    expect(await statusOf(booking.id)).toBe('cancelled');
  });

  it('the next trip of a car still out cannot be handed over', async () => {
    const first = await acceptedTrip();
    await handedOver(first);
    const next = await acceptedOn(car, 3);
    await sent(renter, next.id, 'handover', eighths(13_000, 6));
    const refused = await confirm(owner, next.id, 'handover');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toMatch(/still out/);
  });
});

describe('the photos', () => {
  it('are served privately to the parties only, with their upload time', async () => {
    const booking = await acceptedTrip();
    const trip = await sent(renter, booking.id, 'handover', eighths(100, 4));
    const first = trip.handover?.photos[0];
    if (!first) throw new Error('no photo');
    expect(new Date(first.uploadedAt).getTime()).toBe(clock.now().getTime());
    for (const cookie of [renter, owner]) {
      const got = await send(app, 'GET', first.url, cookie);
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/webp');
      expect(got.headers['cache-control']).toBe('private, no-store');
    }
    expect((await send(app, 'GET', first.url, stranger)).statusCode).toBe(404);
    expect((await send(app, 'GET', first.url)).statusCode).toBe(401);
    expect((await send(app, 'GET', first.url, adminCookie)).statusCode).toBe(200);
  });

  it('are at most 12 a record', async () => {
    const booking = await acceptedTrip();
    await sent(renter, booking.id, 'handover', eighths(100, 4));
    for (let i = 0; i < 8; i++) expect((await addPhoto(renter, booking.id, 'handover', 'other')).statusCode).toBe(201);
    const over = await addPhoto(renter, booking.id, 'handover', 'other');
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toMatch(/at most 12/);
  });
});
