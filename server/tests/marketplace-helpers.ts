import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Booking, BookingAction, CodedAnswer, NewBooking, OwnerCar } from '#domain/contract';
import type { OwnerCarInput } from '#domain/schemas/owner-cars';
import { eq } from 'drizzle-orm';
import { sweepBookings } from '../src/bookings/sweep';
import { bookings, type BookingRow } from '../src/db/schema';
import type { BookingLinks } from '../src/mail/booking-mails';
import type { RazorpayStandIn } from '../src/payments/demo/razorpay-stand-in';
import { testConfig } from './helpers';

const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** `clock` ("10:00") on India's calendar `daysAhead` days from today, as the app sends it: "2026-11-23T10:00:00+05:30". */
export function indiaTime(daysAhead: number, clock: string): string {
  const day = new Date(Date.now() + INDIA_OFFSET_MS + daysAhead * DAY_MS).toISOString().slice(0, 10);
  return `${day}T${clock}:00+05:30`;
}

/** Where booking mails link from a test app: its PUBLIC_URL, for the functions tests call without a request. */
export const bookingLinks: BookingLinks = { publicUrl: testConfig().publicUrl };

/** A test app's Razorpay settings, talking to `standIn` and taking no webhooks. */
export function razorpayAt(standIn: Pick<RazorpayStandIn, 'keyId' | 'keySecret' | 'url'>) {
  return { keyId: standIn.keyId, keySecret: standIn.keySecret, webhookSecret: undefined, apiBase: new URL(standIn.url) };
}

export function send(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: {
      ...(cookie ? { cookie } : {}),
      // Bodiless POSTs too: a state-changing request from no browser page must say it is JSON.
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

/** Lists a car through the owner's add form and returns it as the owner's list shows it (newest first). */
export async function listCar(
  app: FastifyInstance,
  owner: string,
  carname: string,
  price: number,
  extra: Partial<OwnerCarInput> = {},
): Promise<OwnerCar> {
  const added = await send(app, 'POST', '/add-cars', owner, {
    url: '/images/cars/audi-fiesta.svg',
    carname,
    description: 'A well-kept car.',
    price,
    ...extra,
  });
  if (added.statusCode !== 201) throw new Error(`listing failed: ${added.statusCode} ${added.body}`);
  const listed = await send(app, 'GET', '/get-cars', owner);
  const car = listed.json<CodedAnswer<OwnerCar[]>>().data[0];
  if (!car) throw new Error('the listed car is missing');
  return car;
}

/** Asks for a booking and returns it; fails the test unless the server created it. */
export async function requestBooking(app: FastifyInstance, renter: string, booking: NewBooking): Promise<Booking> {
  const response = await send(app, 'POST', '/api/bookings', renter, booking);
  if (response.statusCode !== 201) throw new Error(`booking failed: ${response.statusCode} ${response.body}`);
  return response.json<Booking>();
}

export function act(app: FastifyInstance, cookie: string | undefined, bookingId: string, action: BookingAction) {
  return send(app, 'POST', `/api/bookings/${bookingId}/${action}`, cookie);
}

export async function listBookings(app: FastifyInstance, cookie: string): Promise<Booking[]> {
  const response = await send(app, 'GET', '/api/bookings', cookie);
  if (response.statusCode !== 200) throw new Error(`listing bookings failed: ${response.statusCode} ${response.body}`);
  return response.json<{ data: Booking[] }>().data;
}

/** The periodic sweep of `app` as it runs at `now`, by default its clock's reading. */
export function sweepAt(app: FastifyInstance, now: Date = app.clock.now()): Promise<void> {
  return sweepBookings({
    db: app.db,
    payments: app.payments,
    money: app.money,
    log: app.log,
    gst: undefined,
    links: bookingLinks,
    clock: { now: () => now, hold: () => Promise.resolve() },
  });
}

/** The booking's row as stored. */
export async function storedBooking(app: FastifyInstance, id: string): Promise<BookingRow> {
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`booking ${id} is not stored`);
  return row;
}
