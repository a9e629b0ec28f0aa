import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking, NotificationSummary, OwnerCar } from '#domain/contract';
import { formatIndiaTime } from '#domain/india-time';
import { accounts, bookings, mailOutbox } from '../src/db/schema';
import { queueDueReminders } from '../src/mail/booking-notices';
import { sweepExpiredRequests } from '../src/bookings/sweep';
import { buildTestApp, closeTestApp, register, signIn } from './helpers';
import { quickMail, startSmtp } from './mail-helpers';
import { act, bookingLinks, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';
import { person, type Person } from './admin-helpers';

const HOUR_MS = 60 * 60 * 1000;
const admin = { email: 'admin@wheelsonweb.in', username: 'admin', password: 'admin-password-1' };
const APP_URL = 'http://localhost:4000';

let app: FastifyInstance;
/** Each test books its own days, so accepted bookings of one test never stand in another's way. */
let nextDay = 2;
const freshDay = () => nextDay++;

/** The mail queued for one address, oldest first, as the worker will send it. */
function mailTo(email: string) {
  return app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(asc(mailOutbox.id));
}

/** One whole day of `day`, 10:00 to 14:00 India time: four hours. */
function fourHours(car: OwnerCar | string, day = freshDay()) {
  return {
    carName: typeof car === 'string' ? car : car.id,
    from: indiaTime(day, '10:00'),
    to: indiaTime(day, '14:00'),
    driver: false,
  };
}

/** How every booking mail names the period: India's clock, both ends. */
const periodWords = (booking: Pick<Booking, 'from' | 'to'>) =>
  `from ${formatIndiaTime(booking.from)} to ${formatIndiaTime(booking.to)} India time`;

async function summary(cookie: string | undefined) {
  const response = await send(app, 'GET', '/api/notifications/summary', cookie);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<NotificationSummary>();
}

let owner: Person;
let car: OwnerCar;

beforeAll(async () => {
  app = await buildTestApp({ admin });
  owner = await person(app, 'owner');
  car = await listCar(app, owner.cookie, 'Honda City', 1200);
});
afterAll(() => closeTestApp(app));

describe('booking mails', () => {
  it("tells the car's owner of a new request: who, the car, India-time dates, the ₹ amount and the requests page", async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(car));

    const [mail, ...more] = await mailTo(owner.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`New rental request: Honda City, ${formatIndiaTime(booking.from)}`);
    expect(mail?.textBody).toContain(`Hello ${owner.username},`);
    expect(mail?.textBody).toContain(
      `${renter.username} asks to rent Honda City ${periodWords(booking)} (4 hours), for ₹4,800.00.`,
    );
    expect(mail?.textBody).toMatch(/ 10:00 to .+ 14:00 India time/);
    expect(mail?.textBody).toContain(`Answer the request: ${APP_URL}/get/requests`);
    expect(mail?.htmlBody).toContain(`href="${APP_URL}/get/requests"`);
    expect(await mailTo(renter.email)).toEqual([]);
    await act(app, owner.cookie, booking.id, 'decline');
  });

  it('asks every admin who is not disabled to answer a request for a fleet car', async () => {
    const [second, disabled] = await app.db
      .insert(accounts)
      .values([
        { username: 'second-admin', email: 'second-admin@wheelsonweb.in', passwordHash: 'unused', role: 'admin' },
        { username: 'gone-admin', email: 'gone-admin@wheelsonweb.in', passwordHash: 'unused', role: 'admin', disabled: true },
      ])
      .returning();
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours('Tata Nexon EV'));

    for (const email of [admin.email, second?.email ?? '']) {
      const mails = await mailTo(email);
      expect(mails.map((mail) => mail.subject)).toContain(`New rental request: Tata Nexon EV, ${formatIndiaTime(booking.from)}`);
      expect(mails.at(-1)?.textBody).toContain('You get this mail because you answer for the WheelsOnWeb fleet.');
    }
    expect(await mailTo(disabled?.email ?? '')).toEqual([]);
  });

  it('tells the renter of an accept with the receipt link, and the overlapping requests it declines with the reason', async () => {
    const [renter, overtaken] = await Promise.all([person(app, 'user'), person(app, 'user')]);
    const day = freshDay();
    const booking = await requestBooking(app, renter.cookie, { ...fourHours(car, day), driver: true });
    const other = await requestBooking(app, overtaken.cookie, { ...fourHours(car, day), from: indiaTime(day, '12:00') });
    const ownerMailsBefore = (await mailTo(owner.email)).length;

    expect((await act(app, owner.cookie, booking.id, 'accept')).statusCode).toBe(200);

    const [accepted, ...moreToRenter] = await mailTo(renter.email);
    expect(moreToRenter).toEqual([]);
    expect(accepted?.subject).toBe(`Booking accepted: Honda City, ${formatIndiaTime(booking.from)}`);
    // Four hours at ₹1,200 and ₹30 an hour for the driver.
    expect(accepted?.textBody).toContain(`your request to rent Honda City ${periodWords(booking)} is accepted.`);
    expect(accepted?.textBody).toMatch(/It is booking WOW-\d{5} \(4 hours, with a driver\), for ₹4,920\.00\./);
    expect(accepted?.textBody).toContain(`See your booking: ${APP_URL}/bookings/${booking.id}`);

    const [declined] = await mailTo(overtaken.email);
    expect(declined?.subject).toBe(`Request declined: Honda City, ${formatIndiaTime(other.from)}`);
    expect(declined?.textBody).toContain(`your request to rent Honda City ${periodWords(other)} was declined.`);
    expect(declined?.textBody).toContain('The reason: Another request for this period was accepted.');
    expect(declined?.textBody).toContain(`${APP_URL}/bookings/${other.id}`);
    // The owner took the step: nothing to tell them.
    expect(await mailTo(owner.email)).toHaveLength(ownerMailsBefore);
  });

  it("tells the renter of the owner's decline, without a reason, and queues nothing for a refused step", async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(car));
    await act(app, owner.cookie, booking.id, 'decline');
    expect((await act(app, owner.cookie, booking.id, 'decline')).statusCode).toBe(409);

    const mails = await mailTo(renter.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`Request declined: Honda City, ${formatIndiaTime(booking.from)}`]);
    expect(mails[0]?.textBody).not.toContain('The reason');
    expect(mails[0]?.textBody).toContain('You are not charged for it');
  });

  it("gives the renter the owner's reason for a decline, with the booking and in the mail; refuses a reason too long", async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(car));
    const tooLong = await send(app, 'POST', `/api/bookings/${booking.id}/decline`, owner.cookie, { reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toEqual({ message: 'Reason must be 1 to 500 characters.' });
    expect(await mailTo(renter.email)).toEqual([]);

    const reason = 'The car is in for servicing that week.';
    const declined = await send(app, 'POST', `/api/bookings/${booking.id}/decline`, owner.cookie, { reason: `  ${reason} ` });
    expect(declined.statusCode).toBe(200);
    expect(declined.json<Booking>()).toMatchObject({ status: 'declined', declineReason: reason });
    const renters = await send(app, 'GET', '/api/bookings', renter.cookie);
    expect(renters.json<{ data: Booking[] }>().data.find(({ id }) => id === booking.id)?.declineReason).toBe(reason);
    const [mail] = await mailTo(renter.email);
    expect(mail?.textBody).toContain(`The reason: ${reason}`);
  });

  it("tells the car's owner when the renter cancels, naming the renter and the booking", async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(car));
    await act(app, owner.cookie, booking.id, 'accept');
    expect((await act(app, renter.cookie, booking.id, 'cancel')).statusCode).toBe(200);

    const cancelled = (await mailTo(owner.email)).at(-1);
    expect(cancelled?.subject).toBe(`Booking cancelled: Honda City, ${formatIndiaTime(booking.from)}`);
    expect(cancelled?.textBody).toMatch(new RegExp(`${renter.username} cancelled booking WOW-\\d{5} of Honda City from `));
    expect(cancelled?.textBody).toContain(`See the booking: ${APP_URL}/bookings/${booking.id}`);
    // Accepted, then nothing more: the renter cancelled it themselves.
    expect((await mailTo(renter.email)).map((mail) => mail.subject)).toEqual([
      `Booking accepted: Honda City, ${formatIndiaTime(booking.from)}`,
    ]);
  });

  it('tells the renter when the sweep expires their unanswered request', async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(car));
    await sweepExpiredRequests(app.db, new Date(new Date(booking.from).getTime() + HOUR_MS), bookingLinks);

    const [expired, ...more] = await mailTo(renter.email);
    expect(more).toEqual([]);
    expect(expired?.subject).toBe(`Request expired: Honda City, ${formatIndiaTime(booking.from)}`);
    expect(expired?.textBody).toContain(
      `Your request to rent Honda City ${periodWords(booking)} was not answered in time, so it expired on ${formatIndiaTime(booking.from)} India time.`,
    );
  });

  it('does not ask the owner to answer a request already expired when made, and tells its renter when the next request expires it', async () => {
    const late = await person(app, 'user');
    const other = await person(app, 'user');
    const lateCar = await listCar(app, owner.cookie, 'Late Baleno', 500);
    const from = new Date(Date.now() - 60 * 1000);
    const booking = await requestBooking(app, late.cookie, {
      carName: lateCar.id,
      from: from.toISOString(),
      to: new Date(from.getTime() + 2 * HOUR_MS).toISOString(),
      driver: false,
    });
    expect(booking.status).toBe('expired');
    const ownerMails = await mailTo(owner.email);
    expect(ownerMails.map((mail) => mail.subject)).not.toContain(`New rental request: Late Baleno, ${formatIndiaTime(from)}`);

    // Made under the car's lock, the next request stores the expiry first: the late renter hears of it then.
    await requestBooking(app, other.cookie, fourHours(lateCar));
    expect((await mailTo(late.email)).map((mail) => mail.subject)).toEqual([
      `Request expired: Late Baleno, ${formatIndiaTime(from)}`,
    ]);
  });

  it('tells renters of open requests that the owner removed the car, with that reason', async () => {
    const renter = await person(app, 'user');
    const doomed = await listCar(app, owner.cookie, 'Retiring Alto', 300);
    const booking = await requestBooking(app, renter.cookie, fourHours(doomed));
    const removed = await send(app, 'POST', '/delete-cars', owner.cookie, [doomed.id]);
    expect(removed.statusCode).toBe(200);

    const [declined] = await mailTo(renter.email);
    expect(declined?.subject).toBe(`Request declined: Retiring Alto, ${formatIndiaTime(booking.from)}`);
    expect(declined?.textBody).toContain('The reason: The owner removed this car from the marketplace.');
  });

  it('delivers a booking mail through a real SMTP conversation', async () => {
    const smtp = await startSmtp();
    const mailing = await buildTestApp({ mail: quickMail({ smtpUrl: smtp.url }) });
    try {
      const ownerAccount = await register(mailing, 'owner');
      const ownerCookie = await signIn(mailing, ownerAccount.email, ownerAccount.password);
      const smtpCar = await listCar(mailing, ownerCookie, 'Mailed Creta', 2000);
      const renterAccount = await register(mailing, 'user');
      const renterCookie = await signIn(mailing, renterAccount.email, renterAccount.password);
      const day = freshDay();
      const request = await requestBooking(mailing, renterCookie, {
        carName: smtpCar.id,
        from: indiaTime(day, '09:00'),
        to: indiaTime(day, '11:00'),
        driver: false,
      });

      await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 10_000 });
      const [arrived] = smtp.received;
      expect(arrived?.to && 'text' in arrived.to ? arrived.to.text : '').toBe(ownerAccount.email);
      expect(arrived?.subject).toBe(`New rental request: Mailed Creta, ${formatIndiaTime(request.from)}`);
      expect(arrived?.text).toContain(
        `${renterAccount.username} asks to rent Mailed Creta ${periodWords(request)} (2 hours), for ₹4,000.00.`,
      );
      expect(arrived?.html).toContain(`href="${APP_URL}/get/requests"`);
    } finally {
      await closeTestApp(mailing);
      await smtp.close();
    }
  });
});

describe('the day-before reminder', () => {
  it('reminds the renter and the owner once, marking the booking, whoever runs the round and however often', async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(car));
    await act(app, owner.cookie, booking.id, 'accept');
    const starts = new Date(booking.from).getTime();
    const reminders = async (email: string) =>
      (await mailTo(email)).filter((mail) => mail.subject.startsWith('Reminder') && mail.textBody.includes(renter.username));

    // 30 hours ahead is too early; 20 hours ahead it is due.
    await queueDueReminders(app.db, bookingLinks, new Date(starts - 30 * HOUR_MS));
    expect(await reminders(renter.email)).toEqual([]);

    const now = new Date(starts - 20 * HOUR_MS);
    // Two rounds at once (on PostgreSQL, two connections, as two instances would be): one takes the booking.
    const counts = await Promise.all([
      queueDueReminders(app.db, bookingLinks, now),
      queueDueReminders(app.db, bookingLinks, now),
    ]);
    expect(counts.filter((count) => count > 0)).toHaveLength(1);
    await queueDueReminders(app.db, bookingLinks, new Date(starts - HOUR_MS));

    const [row] = await app.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.reminderSentAt).toEqual(now);
    const toRenter = await reminders(renter.email);
    expect(toRenter.map((mail) => mail.subject)).toEqual([
      `Reminder: your trip in Honda City begins ${formatIndiaTime(booking.from)}`,
    ]);
    expect(toRenter[0]?.textBody).toContain(`of Honda City runs ${periodWords(booking)} (4 hours), for ₹4,800.00.`);
    expect(toRenter[0]?.textBody).toContain(`${APP_URL}/bookings/${booking.id}`);
    const toOwner = await reminders(owner.email);
    expect(toOwner.map((mail) => mail.subject)).toEqual([`Reminder: Honda City is booked from ${formatIndiaTime(booking.from)}`]);
    expect(toOwner[0]?.textBody).toContain(`${renter.username} rents Honda City ${periodWords(booking)}`);
  });

  it('reminds of accepted bookings only', async () => {
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours(car));
    await queueDueReminders(app.db, bookingLinks, new Date(new Date(booking.from).getTime() - 2 * HOUR_MS));
    expect((await mailTo(renter.email)).map((mail) => mail.subject)).toEqual([]);
    await act(app, owner.cookie, booking.id, 'decline');
  });
});

describe('GET /api/notifications/summary', () => {
  it("counts an owner's open requests, dropping as they are answered; an expired request is not counted", async () => {
    const keeper = await person(app, 'owner');
    const ownCar = await listCar(app, keeper.cookie, 'Counted Verna', 800);
    const [first, second] = await Promise.all([person(app, 'user'), person(app, 'user')]);
    expect(await summary(keeper.cookie)).toEqual({
      requestsAwaitingAnswer: 0,
      bookingUpdates: 0,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });

    const day = freshDay();
    const a = await requestBooking(app, first.cookie, fourHours(ownCar, day));
    await requestBooking(app, second.cookie, { ...fourHours(ownCar, day), from: indiaTime(day, '13:00') });
    const late = new Date(Date.now() - 60 * 1000);
    await requestBooking(app, second.cookie, {
      carName: ownCar.id,
      from: late.toISOString(),
      to: new Date(late.getTime() + HOUR_MS).toISOString(),
      driver: false,
    });
    expect(await summary(keeper.cookie)).toEqual({
      requestsAwaitingAnswer: 2,
      bookingUpdates: 0,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });
    // Another owner's count is their own.
    const idle = await person(app, 'owner');
    expect((await summary(idle.cookie)).requestsAwaitingAnswer).toBe(0);

    // Accepting one declines the other, which overlaps it.
    await act(app, keeper.cookie, a.id, 'accept');
    expect(await summary(keeper.cookie)).toEqual({
      requestsAwaitingAnswer: 0,
      bookingUpdates: 0,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });
  });

  it("counts the fleet's open requests for an admin", async () => {
    const adminCookie = await signIn(app, admin.email, admin.password);
    const before = (await summary(adminCookie)).requestsAwaitingAnswer;
    const renter = await person(app, 'user');
    const booking = await requestBooking(app, renter.cookie, fourHours('Tata Nexon EV'));
    expect((await summary(adminCookie)).requestsAwaitingAnswer).toBe(before + 1);
    await act(app, adminCookie, booking.id, 'decline');
    expect((await summary(adminCookie)).requestsAwaitingAnswer).toBe(before);
  });

  it("counts a renter's bookings others changed since they last looked, and marking them seen clears it", async () => {
    const renter = await person(app, 'user');
    const one = await requestBooking(app, renter.cookie, fourHours(car));
    const two = await requestBooking(app, renter.cookie, fourHours(car));
    const three = await requestBooking(app, renter.cookie, fourHours(car));
    // Asking is the renter's own doing.
    expect(await summary(renter.cookie)).toEqual({
      requestsAwaitingAnswer: 0,
      bookingUpdates: 0,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });

    await act(app, owner.cookie, one.id, 'accept');
    await act(app, owner.cookie, two.id, 'decline');
    expect(await summary(renter.cookie)).toEqual({
      requestsAwaitingAnswer: 0,
      bookingUpdates: 2,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });

    const seen = await send(app, 'POST', '/api/notifications/bookings-seen', renter.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({ requestsAwaitingAnswer: 0, bookingUpdates: 0, unreadMessages: 0, unreadMessagesIn: null });
    expect(await summary(renter.cookie)).toEqual({
      requestsAwaitingAnswer: 0,
      bookingUpdates: 0,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });

    // Their own cancel is not news to them; the owner's accept is.
    await act(app, renter.cookie, one.id, 'cancel');
    expect((await summary(renter.cookie)).bookingUpdates).toBe(0);
    await act(app, owner.cookie, three.id, 'accept');
    expect((await summary(renter.cookie)).bookingUpdates).toBe(1);
  });

  it('answers 401 signed out, and marking seen is for renters only', async () => {
    expect((await send(app, 'GET', '/api/notifications/summary')).statusCode).toBe(401);
    expect((await send(app, 'POST', '/api/notifications/bookings-seen')).statusCode).toBe(401);
    expect((await send(app, 'POST', '/api/notifications/bookings-seen', owner.cookie)).statusCode).toBe(403);
  });
});
