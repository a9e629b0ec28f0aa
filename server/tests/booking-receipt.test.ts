import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toIndiaIso } from '#domain/india-time';
import type { Booking, BookingReceipt, NewBooking, OwnerCar } from '#domain/contract';
import { movableClock } from '../src/clock/clock';
import { accounts, bookings } from '../src/db/schema';
import { sweepExpiredRequests } from '../src/bookings/sweep';
import { accountId, buildTestApp, closeTestApp, register, signIn, TEST_RENTER_PHONE, type TestAccount } from './helpers';
import { act, bookingLinks, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';

const HOUR_MS = 60 * 60 * 1000;
const NO_SUCH_BOOKING = { message: 'There is no such booking among yours.' };
const OWNER_PHONE = '+91 98765 43210';
const RENTER_PHONE = '+91 91234 56789';
const support = { phone: '+91 80 4000 1234', email: 'help@wheelsonweb.in' };
const admin = { email: 'admin@wheelsonweb.in', username: 'admin', password: 'admin-password-1' };
const INDIA_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?\+05:30$/;

let app: FastifyInstance;
/** The app's clock, running with real time unless a test moves it. */
const clock = movableClock(new Date(), { ticks: true });
let renterAccount: TestAccount;
let ownerAccount: TestAccount;
let renter: string;
let otherRenter: string;
let owner: string;
let otherOwner: string;
let adminCookie: string;
let ownersCar: OwnerCar;
/** Each test books its own days, so accepted bookings of one test never stand in another's way. */
let nextDay = 2;
const freshDay = () => nextDay++;

async function signedIn(account: TestAccount): Promise<string> {
  return signIn(app, account.email, account.password);
}

beforeAll(async () => {
  app = await buildTestApp({ admin, support }, { clock });
  [renterAccount, ownerAccount] = await Promise.all([register(app, 'user'), register(app, 'owner')]);
  const [otherRenterAccount, otherOwnerAccount] = await Promise.all([register(app, 'user'), register(app, 'owner')]);
  [renter, owner, otherRenter, otherOwner, adminCookie] = await Promise.all([
    signedIn(renterAccount),
    signedIn(ownerAccount),
    signedIn(otherRenterAccount),
    signedIn(otherOwnerAccount),
    signIn(app, admin.email, admin.password),
  ]);
  ownersCar = await listCar(app, owner, 'Honda City', 1200);
});
afterAll(() => closeTestApp(app));
afterEach(() => {
  clock.set(new Date());
});

/** A request for the owner's car, 10:00 to 14:00 India time on a day of its own, with `change` applied. */
function bookingFor(change: Partial<NewBooking> = {}): NewBooking {
  const day = freshDay();
  return { carName: ownersCar.id, from: indiaTime(day, '10:00'), to: indiaTime(day, '14:00'), driver: false, ...change };
}

function getReceipt(cookie: string | undefined, id: string) {
  return send(app, 'GET', `/api/bookings/${id}`, cookie);
}

/** The receipt `cookie`'s holder sees; fails the test unless it is answered. */
async function receipt(cookie: string, id: string): Promise<BookingReceipt> {
  const response = await getReceipt(cookie, id);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BookingReceipt>();
}

/** Takes a step and returns the booking it answers; fails the test unless it was taken. */
async function step(cookie: string, booking: Booking, action: 'accept' | 'decline' | 'cancel'): Promise<Booking> {
  const response = await act(app, cookie, booking.id, action);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Booking>();
}

/** When a step's answer says the booking last changed, in India time as the history writes it. */
const changedAt = (booking: Booking) => toIndiaIso(new Date(booking.updatedAt));

describe('GET /api/bookings/{id}', () => {
  it("answers the renter with the booking as the lists show it, with its number, the server's breakdown and its history", async () => {
    const asked = await requestBooking(app, renter, bookingFor({ driver: true }));
    const seen = await receipt(renter, asked.id);
    const { history, contacts, ...booking } = seen;
    expect(booking).toEqual(asked);
    expect(seen).toMatchObject({
      number: expect.stringMatching(/^WOW-\d{5,}$/),
      car: { id: ownersCar.id, kind: 'listed', carName: 'Honda City' },
      hours: 4,
      driver: true,
      pricePerHour: 1200,
      total: 4 * 1200 + 4 * 30,
      amountPaise: (4 * 1200 + 4 * 30) * 100,
      payment: { status: 'none', amountPaise: (4 * 1200 + 4 * 30) * 100 },
    });
    expect(history).toEqual([{ status: 'requested', at: toIndiaIso(new Date(asked.createdAt)) }]);
    expect(history[0]?.at).toMatch(INDIA_ISO);
    expect(contacts).toEqual({});
  });

  it("answers the car's owner and an admin, and nobody else: another renter, another owner and a stranger's id get 404", async () => {
    const asked = await requestBooking(app, renter, bookingFor());
    for (const cookie of [owner, adminCookie]) {
      expect((await receipt(cookie, asked.id)).number).toBe(asked.number);
    }
    for (const cookie of [otherRenter, otherOwner]) {
      const refused = await getReceipt(cookie, asked.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual(NO_SUCH_BOOKING);
    }
    const unknown = await getReceipt(renter, crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NO_SUCH_BOOKING);
  });

  it('refuses a malformed id with 400 and a signed-out visitor with 401', async () => {
    const malformed = await getReceipt(renter, 'WOW-00001');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The id is not valid.' });
    const asked = await requestBooking(app, renter, bookingFor());
    const signedOut = await getReceipt(undefined, asked.id);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ message: 'Please sign in first.' });
  });

  it("shows the provider's payment reference to the renter and an admin, and only where the money stands to the owner", async () => {
    const asked = await requestBooking(app, renter, bookingFor());
    await app.db.update(bookings).set({ paymentStatus: 'held', paymentRef: 'ch_receipt_1' }).where(eq(bookings.id, asked.id));
    for (const cookie of [renter, adminCookie]) {
      expect((await receipt(cookie, asked.id)).payment).toEqual({
        status: 'held',
        amountPaise: asked.amountPaise,
        ref: 'ch_receipt_1',
      });
    }
    const ownersView = await receipt(owner, asked.id);
    expect(ownersView.payment).toEqual({ status: 'held', amountPaise: asked.amountPaise });
    expect(JSON.stringify(ownersView)).not.toContain('ch_receipt_1');
  });
});

describe("a receipt's history", () => {
  it('grows requested → accepted → cancelled, each at the time of its step, in India time', async () => {
    const asked = await requestBooking(app, renter, bookingFor());
    const requested = { status: 'requested', at: toIndiaIso(new Date(asked.createdAt)) };
    const accepted = await step(owner, asked, 'accept');
    const afterAccept = [requested, { status: 'accepted', at: changedAt(accepted) }];
    expect((await receipt(renter, asked.id)).history).toEqual(afterAccept);
    expect((await receipt(owner, asked.id)).history).toEqual(afterAccept);

    const cancelled = await step(renter, asked, 'cancel');
    const history = (await receipt(adminCookie, asked.id)).history;
    expect(history).toEqual([...afterAccept, { status: 'cancelled', at: changedAt(cancelled) }]);
    for (const { at } of history) expect(at).toMatch(INDIA_ISO);
    expect(new Date(history[1]!.at).getTime()).toBeLessThanOrEqual(new Date(history[2]!.at).getTime());
  });

  it('ends in declined when the owner declines, and when accepting an overlapping request declines it', async () => {
    const declinedOne = await requestBooking(app, renter, bookingFor());
    const declined = await step(owner, declinedOne, 'decline');
    expect((await receipt(renter, declinedOne.id)).history).toEqual([
      { status: 'requested', at: toIndiaIso(new Date(declinedOne.createdAt)) },
      { status: 'declined', at: changedAt(declined) },
    ]);

    const period = bookingFor();
    const overtakenOne = await requestBooking(app, renter, period);
    const chosen = await requestBooking(app, otherRenter, period);
    const accepted = await step(owner, chosen, 'accept');
    const overtaken = await receipt(renter, overtakenOne.id);
    expect(overtaken).toMatchObject({ status: 'declined', declineReason: 'Another request for this period was accepted.' });
    expect(overtaken.history).toEqual([
      { status: 'requested', at: toIndiaIso(new Date(overtakenOne.createdAt)) },
      { status: 'declined', at: changedAt(accepted) },
    ]);
  });

  it('ends in expired at the start of a request nobody answered, the same before and after the sweep stores it', async () => {
    const start = new Date(Math.ceil((Date.now() + 2 * HOUR_MS) / HOUR_MS) * HOUR_MS);
    const asked = await requestBooking(
      app,
      renter,
      bookingFor({ from: start.toISOString(), to: new Date(start.getTime() + 3 * HOUR_MS).toISOString() }),
    );
    const expected = [
      { status: 'requested', at: toIndiaIso(new Date(asked.createdAt)) },
      { status: 'expired', at: toIndiaIso(start) },
    ];
    clock.set(new Date(start.getTime() + HOUR_MS));

    const unswept = await receipt(renter, asked.id);
    expect(unswept.status).toBe('expired');
    expect(unswept.history).toEqual(expected);
    await sweepExpiredRequests(app.db, clock.now(), bookingLinks);
    expect((await receipt(owner, asked.id)).history).toEqual(expected);
  });
});

describe("a receipt's contacts", () => {
  it("are empty until the owner accepts; then the renter sees the owner's name and phone, the owner the renter's name, email and verified phone", async () => {
    const asked = await requestBooking(app, renter, bookingFor());
    for (const cookie of [renter, owner, adminCookie]) expect((await receipt(cookie, asked.id)).contacts).toEqual({});

    await step(owner, asked, 'accept');
    const ownerContact = { name: ownerAccount.username, phone: OWNER_PHONE };
    const renterContact = { name: renterAccount.username, email: renterAccount.email, phone: TEST_RENTER_PHONE };
    expect((await receipt(renter, asked.id)).contacts).toEqual({ carKeeper: ownerContact });
    expect((await receipt(owner, asked.id)).contacts).toEqual({ renter: renterContact });
    expect((await receipt(adminCookie, asked.id)).contacts).toEqual({ carKeeper: ownerContact, renter: renterContact });
  });

  it("give the owner the renter's phone as it now stands", async () => {
    const phoned = await register(app, 'user');
    const cookie = await signedIn(phoned);
    await app.db
      .update(accounts)
      .set({ phoneNumber: RENTER_PHONE })
      .where(eq(accounts.id, await accountId(app, cookie)));
    const asked = await requestBooking(app, cookie, bookingFor());
    await step(owner, asked, 'accept');
    expect((await receipt(owner, asked.id)).contacts).toEqual({
      renter: { name: phoned.username, email: phoned.email, phone: RENTER_PHONE },
    });
  });

  it('are gone again once the accepted booking is cancelled, and never come for a declined one', async () => {
    const cancelledOne = await requestBooking(app, renter, bookingFor());
    await step(owner, cancelledOne, 'accept');
    await step(renter, cancelledOne, 'cancel');
    const declinedOne = await requestBooking(app, renter, bookingFor());
    await step(owner, declinedOne, 'decline');
    for (const booking of [cancelledOne, declinedOne]) {
      for (const cookie of [renter, owner]) expect((await receipt(cookie, booking.id)).contacts).toEqual({});
    }
  });

  it("point the renter of a fleet car at the platform's support, from SUPPORT_PHONE and SUPPORT_EMAIL", async () => {
    const day = freshDay();
    const asked = await requestBooking(app, renter, {
      carName: 'Tata Nexon EV',
      from: indiaTime(day, '09:00'),
      to: indiaTime(day, '12:00'),
      driver: true,
    });
    expect((await receipt(renter, asked.id)).contacts).toEqual({});
    await step(adminCookie, asked, 'accept');
    const platform = { name: 'WheelsOnWeb support', ...support };
    expect((await receipt(renter, asked.id)).contacts).toEqual({ carKeeper: platform });
    expect((await receipt(adminCookie, asked.id)).contacts).toEqual({
      carKeeper: platform,
      renter: { name: renterAccount.username, email: renterAccount.email, phone: TEST_RENTER_PHONE },
    });
    expect((await getReceipt(owner, asked.id)).statusCode).toBe(404);
  });

  it('name the support without a number or address when the server was given none', async () => {
    const bare = await buildTestApp({ admin });
    try {
      const person = await register(bare, 'user');
      const cookie = await signIn(bare, person.email, person.password);
      const day = freshDay();
      const booked = await send(bare, 'POST', '/api/bookings', cookie, {
        carName: 'Tata Nexon EV',
        from: indiaTime(day, '09:00'),
        to: indiaTime(day, '12:00'),
        driver: false,
      });
      const { id } = booked.json<Booking>();
      expect((await act(bare, await signIn(bare, admin.email, admin.password), id, 'accept')).statusCode).toBe(200);
      const answer = await send(bare, 'GET', `/api/bookings/${id}`, cookie);
      expect(answer.json<BookingReceipt>().contacts).toEqual({ carKeeper: { name: 'WheelsOnWeb support' } });
    } finally {
      await closeTestApp(bare);
    }
  });
});
