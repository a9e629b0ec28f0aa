import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AdminActionPage,
  AdminBooking,
  AdminBookingPage,
  Booking,
  BookingReceipt,
  NewBooking,
  NotificationSummary,
  OwnerCar,
  PagedAnswer,
} from '#domain/contract';
import { formatIndiaTime } from '#domain/india-time';
import { bookings, mailOutbox } from '../src/db/schema';
import { getOk, listBoundsTests, person, type Person } from './admin-helpers';
import { startCardProviderStandIn, type CardProviderStandIn } from '../src/payments/demo/card-provider-stand-in';
import { buildTestApp, closeTestApp, signIn } from './helpers';
import { act, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';

const REASON_REQUIRED = 'Reason is required: say why, in 1 to 500 characters.';
const OWNERS_TO_ANSWER =
  "This is a request for an owner's listed car: its owner accepts or declines it, not an admin. An admin may only cancel it.";

const admin = { email: 'bookings-console@wheelsonweb.in', username: 'bookingsconsole', password: 'admin-password-1' };
const HOUR_MS = 60 * 60 * 1000;
const FLEET_CAR = 'Mahindra Bolero';
const NO_ID = '00000000-0000-4000-8000-000000000000';

let provider: CardProviderStandIn;
let app: FastifyInstance;
let adminCookie: string;
let owner: Person;
let car: OwnerCar;
/** Each booking on a day of its own, so no accepted booking stands in another's way. */
let nextDay = 2;
const freshDay = () => nextDay++;

/** Ten to two on a day of its own, of the owner's car unless another is named, paid by card unless told not to. */
function fourHours(carName: string = car.id, paid = true): NewBooking {
  const day = freshDay();
  return {
    carName,
    from: indiaTime(day, '10:00'),
    to: indiaTime(day, '14:00'),
    driver: false,
    ...(paid ? { paymentToken: 'tok_visa' } : {}),
  };
}

const get = <T>(url: string, cookie = adminCookie) => getOk<T>(app, url, cookie);

const consoleList = (query = '') => get<AdminBookingPage>(`/api/admin/bookings${query}`);
const consoleStep = (id: string, action: 'accept' | 'decline' | 'cancel', body?: unknown) =>
  send(app, 'POST', `/api/admin/bookings/${id}/${action}`, adminCookie, body);
const auditOf = (id: string) => get<AdminActionPage>(`/api/admin/audit?objectType=booking&objectId=${id}`);

/** The booking as the account's own list shows it. */
async function seenBy(cookie: string, id: string): Promise<Booking | undefined> {
  return (await get<PagedAnswer<Booking>>('/api/bookings?pageSize=100', cookie)).data.find((booking) => booking.id === id);
}

function mailTo(email: string) {
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(asc(mailOutbox.id));
}

async function stored(id: string) {
  const [row] = await app.db.select().from(bookings).where(eq(bookings.id, id));
  if (!row) throw new Error(`booking ${id} is not stored`);
  return row;
}

function intentOf(booking: Booking) {
  const intent = provider.intents.get(booking.payment.ref ?? '');
  if (!intent) throw new Error(`the provider holds nothing for booking ${booking.id}`);
  return intent;
}

/** Moves a booking's period to end `hoursAgo` hours ago (negative: from now), as time passing would. */
async function shiftPeriod(id: string, { startsHoursAgo, endsHoursAgo }: { startsHoursAgo: number; endsHoursAgo: number }) {
  await app.db
    .update(bookings)
    .set({
      startsAt: new Date(Date.now() - startsHoursAgo * HOUR_MS),
      endsAt: new Date(Date.now() - endsHoursAgo * HOUR_MS),
    })
    .where(eq(bookings.id, id));
}

beforeAll(async () => {
  provider = await startCardProviderStandIn();
  app = await buildTestApp({
    admin,
    cardPayments: { secretKey: provider.secretKey, publishableKey: 'pk_test_stand_in', apiBase: new URL(provider.url) },
  });
  adminCookie = await signIn(app, admin.email, admin.password);
  owner = await person(app, 'owner');
  // Its renters may ask unpaid and pay at pickup, so the console has unpaid requests to list with card payments on.
  car = await listCar(app, owner.cookie, 'Console Ertiga', 150, { payAtPickup: true });
});
afterAll(async () => {
  await closeTestApp(app);
  await provider.close();
});

describe('/api/admin/bookings for each role', () => {
  let renter: Person;
  let fleetRequests: Booking[];
  let accepted: Booking;
  beforeAll(async () => {
    renter = await person(app, 'user');
    fleetRequests = [
      await requestBooking(app, renter.cookie, fourHours(FLEET_CAR)),
      await requestBooking(app, renter.cookie, fourHours(FLEET_CAR)),
    ];
    accepted = await requestBooking(app, renter.cookie, fourHours());
    await act(app, owner.cookie, accepted.id, 'accept');
  });

  const endpoints = [
    { name: 'the list', method: 'GET' as const, url: () => '/api/admin/bookings', body: undefined },
    { name: 'accepting', method: 'POST' as const, url: () => `/api/admin/bookings/${fleetRequests[0]?.id}/accept`, body: {} },
    { name: 'declining', method: 'POST' as const, url: () => `/api/admin/bookings/${fleetRequests[1]?.id}/decline`, body: {} },
    {
      name: 'cancelling',
      method: 'POST' as const,
      url: () => `/api/admin/bookings/${accepted.id}/cancel`,
      body: { reason: 'Role table.' },
    },
  ];

  it.each(endpoints)('$name: 200 for an admin, 403 for an owner or a renter, 401 signed out', async ({ method, url, body }) => {
    const ownerTry = await send(app, method, url(), owner.cookie, body);
    expect(ownerTry.statusCode).toBe(403);
    expect(ownerTry.json()).toEqual({ message: 'This is for admins only.' });
    expect((await send(app, method, url(), renter.cookie, body)).statusCode).toBe(403);
    expect((await send(app, method, url(), undefined, body)).statusCode).toBe(401);
    expect((await send(app, method, url(), adminCookie, body)).statusCode).toBe(200);
  });
});

describe('GET /api/admin/bookings', () => {
  let renter: Person;
  let held: Booking;
  let fleet: Booking;
  let unpaid: Booking;
  let due: Booking;
  beforeAll(async () => {
    renter = await person(app, 'user');
    held = await requestBooking(app, renter.cookie, fourHours());
    fleet = await requestBooking(app, renter.cookie, fourHours(FLEET_CAR));
    unpaid = await requestBooking(app, renter.cookie, fourHours(car.id, false));
    due = await requestBooking(app, renter.cookie, fourHours(car.id, false));
    // Its period has begun unanswered: it is expired, though the sweep has not stored it yet.
    await shiftPeriod(due.id, { startsHoursAgo: 1, endsHoursAgo: -3 });
    await app.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - HOUR_MS) })
      .where(eq(bookings.id, due.id));
  });

  const ids = (page: AdminBookingPage) => page.data.map((booking) => booking.id);

  it('lists every booking newest first, 50 to a page, each with its owner and what an admin may do now', async () => {
    const page = await consoleList();
    expect(page).toMatchObject({ page: 1, pageSize: 50 });
    expect(page.total).toBeGreaterThanOrEqual(4);
    const createdAt = page.data.map((booking) => Date.parse(booking.createdAt));
    expect(createdAt).toEqual([...createdAt].sort((a, b) => b - a));

    const mine = await consoleList(`?q=${renter.username}`);
    expect(ids(mine)).toEqual([due.id, unpaid.id, fleet.id, held.id]);
    const [dueSeen, unpaidSeen, fleetSeen, heldSeen] = mine.data;
    expect(heldSeen).toEqual({
      ...held,
      owner: { id: car.ownerId, username: owner.username },
      adminActions: ['cancel'],
    });
    expect(fleetSeen).toMatchObject({ owner: null, adminActions: ['accept', 'decline', 'cancel'] });
    expect(unpaidSeen?.payment).toEqual({ status: 'none', amountPaise: unpaid.amountPaise });
    expect(dueSeen).toMatchObject({ status: 'expired', adminActions: [] });
  });

  it("finds a booking by its number as people write it, or by part of the car's name or either username, in any case", async () => {
    const number = Number(held.number.replace('WOW-', ''));
    for (const q of [held.number, held.number.toLowerCase(), `wow${number}`, String(number)]) {
      expect(ids(await consoleList(`?q=${encodeURIComponent(q)}`)), q).toContain(held.id);
    }
    expect(ids(await consoleList(`?q=${held.number}`))).toEqual([held.id]);
    expect(ids(await consoleList('?q=console%20ERT'))).toEqual(expect.arrayContaining([held.id, unpaid.id, due.id]));
    expect(ids(await consoleList('?q=bolero'))).toContain(fleet.id);
    expect(ids(await consoleList(`?q=${renter.username.toUpperCase()}`))).toHaveLength(4);
    const byOwner = await consoleList(`?q=${owner.username}&pageSize=100`);
    expect(byOwner.data.every((booking) => booking.owner?.username === owner.username)).toBe(true);
    expect(ids(byOwner)).not.toContain(fleet.id);
    expect((await consoleList('?q=nobody-books-this')).total).toBe(0);
  });

  it('filters by the status as it stands now, the payment and the kind of car; a blank filter counts as not sent', async () => {
    const q = `?q=${renter.username}`;
    expect(ids(await consoleList(`${q}&status=expired`))).toEqual([due.id]);
    expect(ids(await consoleList(`${q}&status=requested`))).toEqual([unpaid.id, fleet.id, held.id]);
    expect(ids(await consoleList(`${q}&payment=held`))).toEqual([fleet.id, held.id]);
    expect(ids(await consoleList(`${q}&kind=fleet`))).toEqual([fleet.id]);
    expect(ids(await consoleList(`${q}&kind=listed&payment=none&status=requested`))).toEqual([unpaid.id]);
    expect((await consoleList('?status=&payment=&kind=&q=')).total).toBe((await consoleList()).total);
  });

  it('pages: the total counts every match, and a page past the end is empty', async () => {
    const q = `?q=${renter.username}`;
    const second = await consoleList(`${q}&pageSize=3&page=2`);
    expect(second).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(ids(second)).toEqual([held.id]);
    expect(await consoleList(`${q}&pageSize=3&page=3`)).toMatchObject({ data: [], total: 4 });
  });

  listBoundsTests('/api/admin/bookings', (url) => send(app, 'GET', url, adminCookie), [
    ['status=lost', undefined],
    ['payment=stolen', undefined],
    ['kind=borrowed', undefined],
  ]);
});

describe("accepting and declining a fleet car's request", () => {
  it('accepts with the money taken, and writes one audit row with the status and payment before and after and the reason', async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(FLEET_CAR));
    const response = await consoleStep(booking.id, 'accept', { reason: ' Checked the licence. ' });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminBooking>()).toMatchObject({
      id: booking.id,
      status: 'accepted',
      payment: { status: 'captured', amountPaise: booking.amountPaise },
      owner: null,
      adminActions: ['cancel'],
    });
    expect(intentOf(booking)).toMatchObject({ status: 'succeeded', amount: booking.amountPaise });
    expect((await seenBy(renter.cookie, booking.id))?.status).toBe('accepted');

    const audit = await auditOf(booking.id);
    expect(audit.total).toBe(1);
    expect(audit.data[0]).toMatchObject({
      action: 'booking.accept',
      admin: { username: admin.username },
      objectType: 'booking',
      objectId: booking.id,
      // Named as people read it, not by its id.
      objectName: booking.number,
      reason: 'Checked the licence.',
      before: { status: 'requested', paymentStatus: 'held' },
      after: { status: 'accepted', paymentStatus: 'captured' },
    });
  });

  it('declines with no body at all, letting the hold go, and audits it without a reason', async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(FLEET_CAR));
    const response = await consoleStep(booking.id, 'decline');
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminBooking>()).toMatchObject({
      status: 'declined',
      payment: { status: 'released' },
      adminActions: [],
    });
    expect(intentOf(booking).status).toBe('canceled');
    const audit = await auditOf(booking.id);
    expect(audit.data).toEqual([
      expect.objectContaining({
        action: 'booking.decline',
        reason: null,
        before: { status: 'requested' },
        after: { status: 'declined' },
      }),
    ]);
  });

  it("keeps the console's decline reason in the audit log only: the renter never reads it", async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(FLEET_CAR));
    const reason = 'Renter flagged by support.';
    expect((await consoleStep(booking.id, 'decline', { reason })).statusCode).toBe(200);
    const seen = await seenBy(renter.cookie, booking.id);
    expect(seen?.status).toBe('declined');
    expect(seen).not.toHaveProperty('declineReason');
    expect((await auditOf(booking.id)).data).toEqual([expect.objectContaining({ action: 'booking.decline', reason })]);
  });

  it("refuses to answer a listed car's request (409, the owner's to answer), changing nothing", async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours());
    for (const action of ['accept', 'decline'] as const) {
      const response = await consoleStep(booking.id, action, {});
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: OWNERS_TO_ANSWER });
    }
    expect(await stored(booking.id)).toMatchObject({ status: 'requested', paymentStatus: 'held' });
    expect((await auditOf(booking.id)).total).toBe(0);
  });

  it("audits an admin's answer on Rental requests too (/api/bookings), once per step", async () => {
    const renter = await person(app, 'user');
    const [accepted, declined] = [
      await requestBooking(app, renter.cookie, fourHours(FLEET_CAR)),
      await requestBooking(app, renter.cookie, fourHours(FLEET_CAR)),
    ];
    expect((await act(app, adminCookie, accepted.id, 'accept')).statusCode).toBe(200);
    expect((await act(app, adminCookie, declined.id, 'decline')).statusCode).toBe(200);
    expect((await act(app, adminCookie, declined.id, 'decline')).statusCode).toBe(409);

    expect((await auditOf(accepted.id)).data).toEqual([
      expect.objectContaining({
        action: 'booking.accept',
        reason: null,
        before: { status: 'requested', paymentStatus: 'held' },
        after: { status: 'accepted', paymentStatus: 'captured' },
      }),
    ]);
    expect((await auditOf(declined.id)).data).toEqual([
      expect.objectContaining({ action: 'booking.decline', before: { status: 'requested' }, after: { status: 'declined' } }),
    ]);
  });

  it('answers 409 naming the status for a step it no longer allows, and what an admin can still do', async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(FLEET_CAR));
    await consoleStep(booking.id, 'accept');
    const again = await consoleStep(booking.id, 'decline');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This booking is accepted: you can only cancel it.' });
  });
});

describe('cancelling a booking', () => {
  it('cancels an accepted booking with the reason: refunded, shown to the renter and the owner, mailed to both, audited once', async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours());
    expect((await act(app, owner.cookie, booking.id, 'accept')).statusCode).toBe(200);
    expect((await send(app, 'POST', '/api/notifications/bookings-seen', renter.cookie)).statusCode).toBe(200);
    const ownerMailsBefore = (await mailTo(owner.email)).length;
    const reason = 'The owner reported the car unsafe to drive.';

    const response = await consoleStep(booking.id, 'cancel', { reason: `  ${reason}  ` });
    expect(response.statusCode).toBe(200);
    expect(response.json<AdminBooking>()).toMatchObject({
      status: 'cancelled',
      cancelReason: reason,
      payment: { status: 'refunded' },
      adminActions: [],
    });
    expect(intentOf(booking).refunded).toBe(true);

    for (const cookie of [renter.cookie, owner.cookie]) {
      expect(await seenBy(cookie, booking.id)).toMatchObject({ status: 'cancelled', cancelReason: reason });
      const receipt = await get<BookingReceipt>(`/api/bookings/${booking.id}`, cookie);
      expect(receipt).toMatchObject({ status: 'cancelled', cancelReason: reason, payment: { status: 'refunded' } });
      expect(receipt.history.map((event) => event.status)).toEqual(['requested', 'accepted', 'cancelled']);
    }
    // The renter did not cancel it: their badge counts it.
    expect(await get<NotificationSummary>('/api/notifications/summary', renter.cookie)).toEqual({
      requestsAwaitingAnswer: 0,
      bookingUpdates: 1,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });

    const toRenter = (await mailTo(renter.email)).at(-1);
    expect(toRenter?.subject).toBe(`Booking cancelled by WheelsOnWeb: Console Ertiga, ${formatIndiaTime(booking.from)}`);
    expect(toRenter?.textBody).toContain(`Cancelled by WheelsOnWeb: ${reason}`);
    expect(toRenter?.textBody).toContain('The ₹600.00 you paid is refunded in full.');
    const ownerMails = await mailTo(owner.email);
    expect(ownerMails).toHaveLength(ownerMailsBefore + 1);
    expect(ownerMails.at(-1)?.subject).toBe(`Booking cancelled by WheelsOnWeb: Console Ertiga, ${formatIndiaTime(booking.from)}`);
    expect(ownerMails.at(-1)?.textBody).toContain(`Cancelled by WheelsOnWeb: ${reason}`);
    expect(ownerMails.at(-1)?.textBody).toContain(`WheelsOnWeb cancelled ${renter.username}'s booking ${booking.number}`);

    const audit = await auditOf(booking.id);
    expect(audit.total).toBe(1);
    expect(audit.data[0]).toMatchObject({
      action: 'booking.cancel',
      reason,
      before: { status: 'accepted' },
      after: { status: 'cancelled' },
    });
  });

  it("cancels a request, letting the hold go, and tells a fleet car's admins as its owner", async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(FLEET_CAR));
    const response = await consoleStep(booking.id, 'cancel', { reason: 'Duplicate request.' });
    expect(response.json<AdminBooking>()).toMatchObject({ status: 'cancelled', payment: { status: 'released' } });
    expect(intentOf(booking).status).toBe('canceled');
    expect((await mailTo(renter.email)).at(-1)?.textBody).toContain(
      'You are not charged for it: the amount held for it is released.',
    );
    const toAdmin = (await mailTo(admin.email)).at(-1);
    expect(toAdmin?.textBody).toContain('Cancelled by WheelsOnWeb: Duplicate request.');
    expect(toAdmin?.textBody).toContain('You get this mail because you answer for the WheelsOnWeb fleet.');
  });

  it.each([
    ['no body', undefined, REASON_REQUIRED],
    ['no reason', {}, REASON_REQUIRED],
    ['a blank reason', { reason: '   ' }, REASON_REQUIRED],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }, 'Reason must be 1 to 500 characters.'],
  ])('refuses %s with 400, changing and telling nothing', async (_what, body, message) => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours());
    const response = await consoleStep(booking.id, 'cancel', body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(message);
    expect(await stored(booking.id)).toMatchObject({ status: 'requested', paymentStatus: 'held', cancelReason: null });
    expect((await auditOf(booking.id)).total).toBe(0);
    expect(await mailTo(renter.email)).toEqual([]);
  });

  it('may still cancel a trip under way, but not one whose period has ended (409)', async () => {
    const renter = await person(app, 'user');
    const [underway, ended] = [
      await requestBooking(app, renter.cookie, fourHours(car.id, false)),
      await requestBooking(app, renter.cookie, fourHours(car.id, false)),
    ];
    for (const booking of [underway, ended]) await act(app, owner.cookie, booking.id, 'accept');
    await shiftPeriod(underway.id, { startsHoursAgo: 1, endsHoursAgo: -3 });
    await shiftPeriod(ended.id, { startsHoursAgo: 6, endsHoursAgo: 2 });

    expect((await consoleList(`?q=${underway.number}`)).data[0]?.adminActions).toEqual(['cancel']);
    expect((await consoleList(`?q=${ended.number}`)).data[0]?.adminActions).toEqual([]);
    // The renter's own door is shut once the trip has begun.
    expect((await act(app, renter.cookie, underway.id, 'cancel')).statusCode).toBe(409);
    expect((await consoleStep(underway.id, 'cancel', { reason: 'The car broke down.' })).statusCode).toBe(200);

    const late = await consoleStep(ended.id, 'cancel', { reason: 'Too late.' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      message: 'This booking is accepted and its period has ended: it can no longer be cancelled.',
    });
    expect((await stored(ended.id)).status).toBe('accepted');
    expect((await auditOf(ended.id)).total).toBe(0);
  });

  it('answers 409 naming the status for a booking already over', async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours());
    await act(app, owner.cookie, booking.id, 'decline');
    const response = await consoleStep(booking.id, 'cancel', { reason: 'Cleaning up.' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This booking is declined: you cannot change it any more.' });
  });
});

describe.each(['accept', 'decline', 'cancel'] as const)('POST /api/admin/bookings/{id}/%s', (action) => {
  it('answers 404 for an unknown id and 400 for one that is not a uuid', async () => {
    const unknown = await consoleStep(NO_ID, action, { reason: 'Whatever.' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'No booking has this id.' });
    expect((await consoleStep('not-a-uuid', action, { reason: 'Whatever.' })).statusCode).toBe(400);
  });
});
