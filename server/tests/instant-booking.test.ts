import type { FastifyInstance } from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Booking, NewBooking, OwnerCar, PublicCar } from '#domain/contract';
import { ledgerEntries, ledgerJournals, mailOutbox } from '../src/db/schema';
import { startCardProviderStandIn, type CardProviderStandIn } from '../src/payments/demo/card-provider-stand-in';
import { buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { act, indiaTime, listCar, requestBooking, send, storedBooking } from './marketplace-helpers';

const COMBINATION_REFUSED = 'Instant booking needs online payment: turn off pay at pickup to use it.';

let provider: CardProviderStandIn;
let app: FastifyInstance;
let renter: string;
let otherRenter: string;
let owner: string;
let otherOwner: string;
let instantCar: OwnerCar;
let plainCar: OwnerCar;
let nextDay = 2;
const freshDay = () => nextDay++;

beforeAll(async () => {
  provider = await startCardProviderStandIn();
  app = await buildTestApp({
    cardPayments: { secretKey: provider.secretKey, publishableKey: 'pk_test_stand_in', apiBase: new URL(provider.url) },
  });
  [renter, otherRenter, owner, otherOwner] = await Promise.all([
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'owner'),
    registerAndSignIn(app, 'owner'),
  ]);
  instantCar = await listCar(app, owner, 'Instant Ertiga', 150, { instantBooking: true });
  plainCar = await listCar(app, owner, 'Waiting Ertiga', 150);
});
afterAll(async () => {
  await closeTestApp(app);
  await provider.close();
});
beforeEach(() => {
  provider.refuseCaptures = false;
});

function paid(car: OwnerCar, day: number, from = '10:00', to = '14:00'): NewBooking {
  return { carName: car.id, from: indiaTime(day, from), to: indiaTime(day, to), driver: false, paymentToken: 'tok_visa' };
}

const captureCalls = (ref: string) => provider.calls.filter((call) => call.path.includes(ref) && call.path.endsWith('/capture'));

/** The booking's ledger postings, as account and amount, without the journal ids. */
async function postingsOf(bookingId: string) {
  const journals = await app.db.select().from(ledgerJournals).where(eq(ledgerJournals.bookingId, bookingId));
  const entries = await app.db
    .select({ account: ledgerEntries.account, amountPaise: ledgerEntries.amountPaise })
    .from(ledgerEntries)
    .where(
      inArray(
        ledgerEntries.journalId,
        journals.map(({ id }) => id),
      ),
    );
  return {
    causes: journals.map(({ cause }) => cause).sort(),
    entries: entries.sort((a, b) => a.account.localeCompare(b.account)),
  };
}

const editBody = (car: OwnerCar, change: Partial<Pick<OwnerCar, 'payAtPickup' | 'instantBooking'>>) => ({
  id: car.id,
  url: car.url,
  carname: car.carname,
  description: car.description,
  price: String(car.price),
  ...change,
});

describe('the instant booking flag', () => {
  it('is shown on the car, publicly, and false unless turned on', async () => {
    expect(instantCar.instantBooking).toBe(true);
    expect(plainCar.instantBooking).toBe(false);
    const shown = await send(app, 'GET', `/api/cars/${instantCar.id}`);
    expect(shown.json<PublicCar>().instantBooking).toBe(true);
  });

  it('is refused with pay at pickup, sent together or with the other stored: 400 in words, nothing stored', async () => {
    const both = await send(app, 'POST', '/add-cars', owner, {
      url: '/images/cars/audi-fiesta.svg',
      carname: 'Both Ways Ertiga',
      description: 'A well-kept car.',
      price: 150,
      payAtPickup: true,
      instantBooking: true,
    });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain(COMBINATION_REFUSED);

    const atPickup = await listCar(app, owner, 'Pickup Ertiga', 150, { payAtPickup: true });
    const turnOn = await send(app, 'POST', '/edit-cars', owner, editBody(atPickup, { instantBooking: true }));
    expect(turnOn.statusCode).toBe(400);
    expect(turnOn.json()).toMatchObject({ message: COMBINATION_REFUSED });
    const pickupOn = await send(app, 'POST', '/edit-cars', owner, editBody(instantCar, { payAtPickup: true }));
    expect(pickupOn.statusCode).toBe(400);
    expect(pickupOn.json()).toMatchObject({ message: COMBINATION_REFUSED });
    expect((await send(app, 'GET', `/api/cars/${instantCar.id}`)).json<PublicCar>()).toMatchObject({
      instantBooking: true,
      payAtPickup: false,
    });
    // Turning pay at pickup off and instant booking on in one edit is a valid pair.
    const swapped = await send(
      app,
      'POST',
      '/edit-cars',
      owner,
      editBody(atPickup, { payAtPickup: false, instantBooking: true }),
    );
    expect(swapped.statusCode).toBe(200);
    expect((await send(app, 'GET', `/api/cars/${atPickup.id}`)).json<PublicCar>().instantBooking).toBe(true);
  });

  it("is set only by the car's owner: another owner finds no such car, a renter and a stranger are refused", async () => {
    const body = editBody(plainCar, { instantBooking: true });
    expect((await send(app, 'POST', '/edit-cars', otherOwner, body)).statusCode).toBe(404);
    expect((await send(app, 'POST', '/edit-cars', renter, body)).statusCode).toBe(403);
    expect((await send(app, 'POST', '/edit-cars', undefined, body)).statusCode).toBe(401);
    expect((await send(app, 'GET', `/api/cars/${plainCar.id}`)).json<PublicCar>().instantBooking).toBe(false);
  });

  it('filters the public list with instant=true, and a bad value is a 400 in words', async () => {
    const only = await send(app, 'GET', '/api/cars?instant=true&pageSize=100');
    expect(only.statusCode).toBe(200);
    const names = only.json<{ data: PublicCar[] }>().data.map((car) => car.carName);
    expect(names).toContain('Instant Ertiga');
    expect(names).not.toContain('Waiting Ertiga');
    expect(only.json<{ data: PublicCar[] }>().data.every((car) => car.instantBooking)).toBe(true);
    const all = await send(app, 'GET', '/api/cars?pageSize=100');
    expect(all.json<{ data: PublicCar[] }>().data.map((car) => car.carName)).toContain('Waiting Ertiga');
    const bad = await send(app, 'GET', '/api/cars?instant=yes');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Instant booking must be true or false.');
  });
});

describe('a paid request for an instant car', () => {
  it('answers accepted, captured once, overlapping requests declined, the owner told, posted as an accept', async () => {
    const day = freshDay();
    // An overlapping paid request still open: made while the owner had instant booking off.
    await send(app, 'POST', '/edit-cars', owner, editBody(instantCar, { instantBooking: false }));
    const overlapping = await requestBooking(app, otherRenter, paid(instantCar, day, '12:00', '16:00'));
    expect(overlapping.status).toBe('requested');
    await send(app, 'POST', '/edit-cars', owner, editBody(instantCar, { instantBooking: true }));

    const mailsBefore = await app.db.$count(mailOutbox);
    const booking = await requestBooking(app, renter, paid(instantCar, day));
    expect(booking).toMatchObject({ status: 'accepted', payment: { status: 'captured' } });
    const ref = booking.payment.ref ?? '';
    expect(captureCalls(ref)).toHaveLength(1);
    expect((await storedBooking(app, overlapping.id)).status).toBe('declined');

    const subjects = (await app.db.select({ subject: mailOutbox.subject }).from(mailOutbox))
      .slice(mailsBefore)
      .map((m) => m.subject);
    expect(subjects.some((subject) => subject.startsWith('Booking confirmed instantly: Instant Ertiga'))).toBe(true);
    expect(subjects.some((subject) => subject.startsWith('Booking accepted: Instant Ertiga'))).toBe(true);

    // The same postings as the owner's own accept of a like request on a like car.
    const manualDay = freshDay();
    const manual = await requestBooking(app, renter, paid(plainCar, manualDay));
    expect(manual.status).toBe('requested');
    expect((await act(app, owner, manual.id, 'accept')).statusCode).toBe(200);
    const instantPostings = await postingsOf(booking.id);
    expect(instantPostings.causes.length).toBeGreaterThan(0);
    expect(instantPostings).toEqual(await postingsOf(manual.id));

    // Nothing is left to accept: a second accept by the owner is refused, and nothing is captured again.
    expect((await act(app, owner, booking.id, 'accept')).statusCode).toBe(409);
    expect(captureCalls(ref)).toHaveLength(1);
  });

  it('stays requested for the owner when the capture is refused, its money still held', async () => {
    provider.refuseCaptures = true;
    const booking = await requestBooking(app, renter, paid(instantCar, freshDay()));
    expect(booking).toMatchObject({ status: 'requested', payment: { status: 'held' } });
    expect((await storedBooking(app, booking.id)).status).toBe('requested');
    expect(captureCalls(booking.payment.ref ?? '')).toHaveLength(1);
    // The owner answers it as any request: here, declining it lets the money go.
    const declined = await act(app, owner, booking.id, 'decline');
    expect(declined.statusCode).toBe(200);
    expect(declined.json<Booking>().status).toBe('declined');
  });

  it('is unchanged for a car without instant booking: requested, held, nothing captured', async () => {
    const booking = await requestBooking(app, renter, paid(plainCar, freshDay()));
    expect(booking).toMatchObject({ status: 'requested', payment: { status: 'held' } });
    expect(captureCalls(booking.payment.ref ?? '')).toHaveLength(0);
  });
});
