import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_EFFECTS, BOOKING_TRANSITIONS, EARNINGS_RELEASE, EXPIRY, type BookingEffect } from '#domain/booking-states';
import type { Booking, NewBooking, OwnerCar } from '#domain/contract';
import { EFFECT_HANDLERS, type EffectHandler } from '../src/bookings/effects';
import { movableClock } from '../src/clock/clock';
import { bookings, cars } from '../src/db/schema';
import { SETTLING_MS } from '../src/payments/settle-payments';
import { startCardProviderStandIn, type CardProviderStandIn } from '../src/payments/demo/card-provider-stand-in';
import { buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { act, indiaTime, listCar, requestBooking, send, storedBooking, sweepAt } from './marketplace-helpers';

/**
 * The booking process as data: every effect the table names is carried out by a handler, and a step
 * that must move money holds no lock while the provider answers, keeps its period reserved meanwhile,
 * and is finished by the sweep when a crash interrupts it.
 */

/** The part of a handler that runs in each phase of BOOKING_EFFECTS. */
const PART_OF_PHASE: Record<(typeof BOOKING_EFFECTS)[BookingEffect], (keyof EffectHandler)[]> = {
  check: ['check'],
  provider: ['needsProvider', 'provider'],
  write: ['fields', 'apply'],
  after: ['after'],
};

describe('the process table', () => {
  const named = [...BOOKING_TRANSITIONS.flatMap((t) => t.effects), ...EXPIRY.effects, ...EARNINGS_RELEASE.effects];

  it.each([...new Set(named)])('has a handler carrying out %s in its phase', (effect) => {
    const handler: EffectHandler | undefined = EFFECT_HANDLERS[effect];
    expect(handler).toBeDefined();
    const parts = PART_OF_PHASE[BOOKING_EFFECTS[effect]];
    expect(parts.some((part) => handler?.[part] !== undefined)).toBe(true);
  });

  it('gives every step that asks a provider a pending status to hold meanwhile', () => {
    for (const step of BOOKING_TRANSITIONS) {
      if (step.effects.some((effect) => BOOKING_EFFECTS[effect] === 'provider')) expect(step.pending).toBeDefined();
    }
  });
});

let provider: CardProviderStandIn;
let app: FastifyInstance;
const clock = movableClock(new Date());
let renter: string;
let otherRenter: string;
let owner: string;
let car: OwnerCar;
let nextDay = 2;

beforeAll(async () => {
  provider = await startCardProviderStandIn();
  app = await buildTestApp(
    { cardPayments: { secretKey: provider.secretKey, publishableKey: 'pk_test_stand_in', apiBase: new URL(provider.url) } },
    { clock },
  );
  [renter, otherRenter, owner] = await Promise.all([
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'user'),
    registerAndSignIn(app, 'owner'),
  ]);
  car = await listCar(app, owner, 'Tata Nexon EV', 200);
});
afterAll(async () => {
  await closeTestApp(app);
  await provider.close();
});
beforeEach(() => {
  provider.refuseCaptures = false;
  clock.set(new Date());
});

function paid(day: number, from = '10:00', to = '14:00'): NewBooking {
  return { carName: car.id, from: indiaTime(day, from), to: indiaTime(day, to), driver: false, paymentToken: 'tok_visa' };
}

describe('accepting with money held', () => {
  it('holds no lock while the provider answers, and keeps the period reserved meanwhile', async () => {
    const day = nextDay++;
    const booking = await requestBooking(app, renter, paid(day));
    const rival = await requestBooking(app, otherRenter, paid(day, '12:00', '16:00'));
    const paused = provider.pauseCaptures();
    const accepting = act(app, owner, booking.id, 'accept');
    await paused.arrived;

    // The car's lock is free: another request for the car is answered while the capture waits.
    expect((await storedBooking(app, booking.id)).status).toBe('accepting');
    const elsewhere = await send(app, 'POST', '/api/bookings', otherRenter, paid(nextDay++));
    expect(elsewhere.statusCode).toBe(201);
    const overlapping = await send(app, 'POST', '/api/bookings', otherRenter, paid(day, '13:00', '15:00'));
    expect(overlapping.statusCode).toBe(409);
    expect(overlapping.json()).toEqual({ message: 'This car is already booked for part of that period.' });

    paused.resume();
    const answer = await accepting;
    expect(answer.statusCode).toBe(200);
    expect(answer.json<Booking>()).toMatchObject({ status: 'accepted', payment: { status: 'captured' } });
    expect(await storedBooking(app, rival.id)).toMatchObject({ status: 'declined', paymentStatus: 'released' });
    expect(await storedBooking(app, booking.id)).toMatchObject({ pendingBy: null, pendingReason: null });
  });

  it('puts a refused capture back to requested, with nothing declined, and answers 402', async () => {
    const day = nextDay++;
    const booking = await requestBooking(app, renter, paid(day));
    const rival = await requestBooking(app, otherRenter, paid(day, '12:00', '16:00'));
    provider.refuseCaptures = true;
    const answer = await act(app, owner, booking.id, 'accept');
    expect(answer.statusCode).toBe(402);
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'requested', paymentStatus: 'held', pendingBy: null });
    expect((await storedBooking(app, rival.id)).status).toBe('requested');
  });
});

describe('a step a crash interrupted', () => {
  /** A request left `accepting` by an owner's accept whose server died before the outcome was stored. */
  async function interrupted(day: number) {
    const booking = await requestBooking(app, renter, paid(day));
    const rival = await requestBooking(app, otherRenter, paid(day, '12:00', '16:00'));
    const [keeper] = await app.db.select({ id: cars.ownerId }).from(cars).where(eq(cars.id, car.id));
    await app.db
      .update(bookings)
      .set({ status: 'accepting', pendingBy: keeper?.id ?? null, updatedAt: clock.now() })
      .where(eq(bookings.id, booking.id));
    return { booking, rival };
  }

  it('is left alone while its own step may still be asking the provider', async () => {
    const { booking } = await interrupted(nextDay++);
    clock.advance(SETTLING_MS - 1000);
    await sweepAt(app);
    expect((await storedBooking(app, booking.id)).status).toBe('accepting');
  });

  it('is finished by the sweep once it is stale: captured, accepted, and the overlapping request declined', async () => {
    const { booking, rival } = await interrupted(nextDay++);
    clock.advance(SETTLING_MS + 1000);
    await sweepAt(app);
    expect(await storedBooking(app, booking.id)).toMatchObject({
      status: 'accepted',
      paymentStatus: 'captured',
      pendingBy: null,
    });
    expect(provider.intents.get(booking.payment.ref ?? '')?.status).toBe('succeeded');
    expect(await storedBooking(app, rival.id)).toMatchObject({ status: 'declined', paymentStatus: 'released' });
  });

  it('takes the money once when the first capture went through before the crash', async () => {
    const { booking } = await interrupted(nextDay++);
    const capture = async () => {
      const response = await fetch(`${provider.url}/v1/payment_intents/${booking.payment.ref}/capture`, {
        method: 'POST',
        headers: { authorization: `Bearer ${provider.secretKey}`, 'idempotency-key': `capture-${booking.payment.ref}` },
        body: new URLSearchParams({ amount_to_capture: String(booking.payment.amountPaise) }),
      });
      expect(response.status).toBe(200);
    };
    await capture();
    clock.advance(SETTLING_MS + 1000);
    await sweepAt(app);
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'accepted', paymentStatus: 'captured' });
    const captures = provider.calls.filter((call) => call.path === `/v1/payment_intents/${booking.payment.ref}/capture`);
    expect(captures.every((call) => call.idempotencyKey === `capture-${booking.payment.ref}`)).toBe(true);
  });

  it('is put back to requested when the provider refuses it', async () => {
    const { booking, rival } = await interrupted(nextDay++);
    provider.refuseCaptures = true;
    clock.advance(SETTLING_MS + 1000);
    await sweepAt(app);
    expect(await storedBooking(app, booking.id)).toMatchObject({ status: 'requested', paymentStatus: 'held', pendingBy: null });
    expect((await storedBooking(app, rival.id)).status).toBe('requested');
  });
});
