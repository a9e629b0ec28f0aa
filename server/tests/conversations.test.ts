import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Booking,
  BookingMessage,
  Conversation,
  NotificationSummary,
  OwnerCar,
  ReportedConversation,
} from '#domain/contract';
import { MASKED_CONTACT } from '#domain/contact-masking';
import { movableClock } from '../src/clock/clock';
import { mailWaitingSides } from '../src/conversations/conversations';
import { adminActions, bookingMessages, mailOutbox } from '../src/db/schema';
import { buildTestApp, closeTestApp, signIn, TEST_QUOTAS } from './helpers';
import { act, bookingLinks, indiaTime, listCar, requestBooking, send } from './marketplace-helpers';
import { person, type Person } from './admin-helpers';

const MINUTE_MS = 60 * 1000;
const admin = { email: 'admin@wheelsonweb.in', username: 'admin', password: 'admin-password-1' };
const MESSAGES_PER_MINUTE = 5;
const clock = movableClock(new Date(), { ticks: true });

let app: FastifyInstance;
let nextDay = 2;

function ask(renter: Person, car: OwnerCar | string): Promise<Booking> {
  const day = nextDay++;
  return requestBooking(app, renter.cookie, {
    carName: typeof car === 'string' ? car : car.id,
    from: indiaTime(day, '10:00'),
    to: indiaTime(day, '14:00'),
    driver: false,
  });
}

const say = (cookie: string | undefined, bookingId: string, text: unknown) =>
  send(app, 'POST', `/api/bookings/${bookingId}/messages`, cookie, { text });

async function sent(cookie: string, bookingId: string, text: string): Promise<BookingMessage> {
  const response = await say(cookie, bookingId, text);
  expect(response.statusCode).toBe(201);
  return response.json<BookingMessage>();
}

async function conversation(cookie: string, bookingId: string): Promise<Conversation> {
  const response = await send(app, 'GET', `/api/bookings/${bookingId}/messages`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json<Conversation>();
}

async function unread(cookie: string): Promise<number> {
  const response = await send(app, 'GET', '/api/notifications/summary', cookie);
  return response.json<NotificationSummary>().unreadMessages;
}

const storedIn = (bookingId: string) => app.db.$count(bookingMessages, eq(bookingMessages.bookingId, bookingId));

const mailTo = (email: string) =>
  app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email)).orderBy(asc(mailOutbox.id));

let owner: Person;
let renter: Person;
let car: OwnerCar;
let adminCookie: string;

beforeAll(async () => {
  app = await buildTestApp({ admin, quotas: { ...TEST_QUOTAS, bookingMessagesPerMinute: MESSAGES_PER_MINUTE } }, { clock });
  owner = await person(app, 'owner');
  renter = await person(app, 'user');
  car = await listCar(app, owner.cookie, 'Maruti Swift', 900);
  adminCookie = await signIn(app, admin.email, admin.password);
});
afterAll(() => closeTestApp(app));

describe("a booking's conversation", () => {
  it('carries messages both ways, newest at the bottom, with "seen" once the other side reads them', async () => {
    const booking = await ask(renter, car);
    await sent(renter.cookie, booking.id, 'Is the car clean?');
    clock.advance(1000);
    expect(await unread(owner.cookie)).toBe(1);

    const marked = await send(app, 'POST', `/api/bookings/${booking.id}/messages/seen`, owner.cookie);
    expect(marked.statusCode).toBe(200);
    expect(await unread(owner.cookie)).toBe(0);
    await sent(owner.cookie, booking.id, '  Spotless.  ');
    expect(await unread(renter.cookie)).toBe(1);

    const seen = await conversation(renter.cookie, booking.id);
    expect(seen.you).toBe('renter');
    expect(seen.messages.map(({ from, author, text }) => ({ from, author, text }))).toEqual([
      { from: 'renter', author: renter.username, text: 'Is the car clean?' },
      { from: 'carKeeper', author: owner.username, text: 'Spotless.' },
    ]);
    expect(seen.messages[0]?.seenAt).not.toBeNull();
    expect(seen.messages[1]?.seenAt).toBeNull();
  });

  it('masks phone numbers and emails for both sides until the booking is accepted, then shows them as sent', async () => {
    const booking = await ask(renter, car);
    const text = 'Call +91 98765 43210 or mail me at a.b@c.in, pincode 560001';
    const own = await sent(renter.cookie, booking.id, text);
    const hidden = `Call ${MASKED_CONTACT} or mail me at ${MASKED_CONTACT}, pincode 560001`;
    expect(own).toMatchObject({ text: hidden, masked: true });
    const before = await conversation(owner.cookie, booking.id);
    expect(before.contactsHidden).toBe(true);
    expect(before.messages[0]).toMatchObject({ text: hidden, masked: true });

    expect((await act(app, owner.cookie, booking.id, 'accept')).statusCode).toBe(200);
    for (const cookie of [owner.cookie, renter.cookie]) {
      const after = await conversation(cookie, booking.id);
      expect(after.contactsHidden).toBe(false);
      expect(after.messages[0]).toMatchObject({ text, masked: false });
    }
  });

  it.each([
    ['an empty message', '   ', 'Message must not be empty.'],
    ['a message over 2,000 characters', 'x'.repeat(2001), 'Message must be at most 2000 characters.'],
    ['no text', undefined, 'Message is required.'],
  ])('refuses %s with 400 in the form’s words, storing nothing', async (_case, text, words) => {
    const booking = await ask(renter, car);
    const response = await say(renter.cookie, booking.id, text);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain(words);
    expect(await storedIn(booking.id)).toBe(0);
  });

  it('takes exactly 2,000 characters', async () => {
    const booking = await ask(renter, car);
    expect((await say(renter.cookie, booking.id, 'y'.repeat(2000))).statusCode).toBe(201);
  });

  it(`refuses a sender's ${MESSAGES_PER_MINUTE + 1}th message in a minute with 429, storing nothing, and takes it after`, async () => {
    const chatty = await person(app, 'user');
    const booking = await ask(chatty, car);
    for (let i = 0; i < MESSAGES_PER_MINUTE; i += 1) await sent(chatty.cookie, booking.id, `Message ${i}`);
    const refused = await say(chatty.cookie, booking.id, 'One more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe(
      `You have sent ${MESSAGES_PER_MINUTE} messages in the last minute. Please try again in 1 minute.`,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await storedIn(booking.id)).toBe(MESSAGES_PER_MINUTE);
    // The owner answering is not held back by the renter's count.
    await sent(owner.cookie, booking.id, 'Slow down, please.');
    clock.advance(MINUTE_MS);
    await sent(chatty.cookie, booking.id, 'One more');
  });

  it("lets a fleet car's renter and the admins talk: any admin answers for the fleet", async () => {
    const booking = await ask(renter, 'Tata Nexon EV');
    await sent(renter.cookie, booking.id, 'Is there a charger?');
    expect(await unread(adminCookie)).toBeGreaterThanOrEqual(1);
    const answer = await sent(adminCookie, booking.id, 'Yes, a fast one.');
    expect(answer.from).toBe('carKeeper');
    expect((await conversation(adminCookie, booking.id)).you).toBe('carKeeper');
  });
});

describe('who may use a conversation', () => {
  let booking: Booking;
  let messageId: string;
  let others: Record<'the other renter' | 'the owner of another car' | 'a stranger', string>;

  beforeAll(async () => {
    booking = await ask(renter, car);
    messageId = (await sent(owner.cookie, booking.id, 'Hello')).id;
    const otherRenter = await person(app, 'user');
    const otherOwner = await person(app, 'owner');
    const otherCar = await listCar(app, otherOwner.cookie, 'Hyundai i20', 800);
    await ask(otherRenter, otherCar);
    others = {
      'the other renter': otherRenter.cookie,
      'the owner of another car': otherOwner.cookie,
      'a stranger': (await person(app, 'user')).cookie,
    };
  });

  const partyRoutes = () =>
    [
      ['GET', `/api/bookings/${booking.id}/messages`, undefined],
      ['POST', `/api/bookings/${booking.id}/messages`, { text: 'Let me in' }],
      ['POST', `/api/bookings/${booking.id}/messages/seen`, undefined],
      ['POST', `/api/bookings/${booking.id}/messages/${messageId}/report`, undefined],
    ] as const;

  it.each(['the other renter', 'the owner of another car', 'a stranger'] as const)(
    'answers %s 404 on every route, as if the booking did not exist, and changes nothing',
    async (who) => {
      for (const [method, url, body] of partyRoutes()) {
        const response = await send(app, method, url, others[who], body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json<{ message: string }>().message).toBe('There is no such booking among yours.');
      }
      const [message] = await app.db.select().from(bookingMessages).where(eq(bookingMessages.id, messageId));
      expect(message).toMatchObject({ seenAt: null, reportedAt: null });
      expect(await storedIn(booking.id)).toBe(1);
    },
  );

  it('answers 401 when signed out, on the admin routes too', async () => {
    for (const [method, url, body] of [
      ...partyRoutes(),
      ['GET', '/api/admin/conversations/reported', undefined] as const,
      ['POST', `/api/admin/bookings/${booking.id}/messages`, undefined] as const,
    ]) {
      expect((await send(app, method, url, undefined, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await storedIn(booking.id)).toBe(1);
  });

  it("sends an admin to the console for a listed car's conversation (403)", async () => {
    for (const [method, url, body] of partyRoutes()) {
      const response = await send(app, method, url, adminCookie, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json<{ message: string }>().message).toContain('admins read it from the booking in the console');
    }
    expect(await storedIn(booking.id)).toBe(1);
  });

  it.each(['the other renter', 'the owner of another car', 'a stranger'] as const)(
    'refuses the admin routes to %s (403)',
    async (who) => {
      expect((await send(app, 'GET', '/api/admin/conversations/reported', others[who])).statusCode).toBe(403);
      expect((await send(app, 'POST', `/api/admin/bookings/${booking.id}/messages`, others[who])).statusCode).toBe(403);
    },
  );
});

describe('reports and the console', () => {
  it('lets a party report the other side’s message; admins list it and read the conversation as sent, each reading audited', async () => {
    const booking = await ask(renter, car);
    const rude = await sent(owner.cookie, booking.id, 'Pay me in cash on 9876543210');
    const own = await sent(renter.cookie, booking.id, 'No.');

    const ownReport = await send(app, 'POST', `/api/bookings/${booking.id}/messages/${own.id}/report`, renter.cookie);
    expect(ownReport.statusCode).toBe(409);
    expect(ownReport.json<{ message: string }>().message).toBe("You can only report the other side's messages.");
    const unknown = await send(app, 'POST', `/api/bookings/${booking.id}/messages/${booking.id}/report`, renter.cookie);
    expect(unknown.statusCode).toBe(404);

    const reported = await send(app, 'POST', `/api/bookings/${booking.id}/messages/${rude.id}/report`, renter.cookie);
    expect(reported.statusCode).toBe(200);
    expect(reported.json<BookingMessage>()).toMatchObject({
      id: rude.id,
      reported: true,
      text: `Pay me in cash on ${MASKED_CONTACT}`,
    });

    const list = await send(app, 'GET', '/api/admin/conversations/reported', adminCookie);
    expect(list.statusCode).toBe(200);
    expect(list.json<ReportedConversation[]>()[0]).toMatchObject({
      bookingId: booking.id,
      bookingNumber: booking.number,
      carName: 'Maruti Swift',
      renter: renter.username,
      reportedMessages: 1,
    });

    const read = await send(app, 'POST', `/api/admin/bookings/${booking.id}/messages`, adminCookie);
    expect(read.statusCode).toBe(200);
    const asSent = read.json<Conversation>();
    expect(asSent.you).toBeNull();
    expect(asSent.messages.map(({ text, reported }) => ({ text, reported }))).toEqual([
      { text: 'Pay me in cash on 9876543210', reported: true },
      { text: 'No.', reported: false },
    ]);
    await send(app, 'POST', `/api/admin/bookings/${booking.id}/messages`, adminCookie);
    const audited = await app.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.objectId, booking.id), eq(adminActions.action, 'booking.read_messages')));
    expect(audited).toHaveLength(2);
    expect(audited[0]?.objectType).toBe('booking');
    // The admin's reading marks nothing seen for the owner.
    expect((await conversation(owner.cookie, booking.id)).messages[1]?.seenAt).toBeNull();
  });

  it('lets an admin close a conversation’s reports with a reason, audited, until another message is reported', async () => {
    const booking = await ask(renter, car);
    const first = await sent(owner.cookie, booking.id, 'Cash only.');
    const second = await sent(owner.cookie, booking.id, 'Or no car.');
    const later = await sent(owner.cookie, booking.id, 'Last warning.');
    const report = (message: BookingMessage) =>
      send(app, 'POST', `/api/bookings/${booking.id}/messages/${message.id}/report`, renter.cookie);
    await report(first);
    await report(second);
    const close = (body: unknown, cookie = adminCookie, id = booking.id) =>
      send(app, 'POST', `/api/admin/conversations/${id}/close-reports`, cookie, body);
    const listed = async () =>
      (await send(app, 'GET', '/api/admin/conversations/reported', adminCookie))
        .json<ReportedConversation[]>()
        .filter(({ bookingId }) => bookingId === booking.id);
    const closings = () =>
      app.db
        .select()
        .from(adminActions)
        .where(and(eq(adminActions.objectId, booking.id), eq(adminActions.action, 'booking.close_reports')));
    expect(await listed()).toMatchObject([{ reportedMessages: 2 }]);

    // Refused, nothing closed: no reason, not an admin, no such booking.
    expect((await close({})).statusCode).toBe(400);
    expect((await close({ reason: '   ' })).statusCode).toBe(400);
    expect((await close({ reason: 'Warned.' }, owner.cookie)).statusCode).toBe(403);
    expect((await close({ reason: 'Warned.' }, renter.cookie)).statusCode).toBe(403);
    expect((await close({ reason: 'Warned.' }, adminCookie, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect(await listed()).toHaveLength(1);
    expect(await closings()).toEqual([]);

    const closed = await close({ reason: 'Warned the owner by phone.' });
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toEqual({ closedReports: 2 });
    expect(await listed()).toEqual([]);
    expect(await closings()).toMatchObject([{ reason: 'Warned the owner by phone.', after: { closedReports: 2 } }]);
    const again = await close({ reason: 'Twice.' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'This conversation has no open reports: they were closed already, or none was made.',
    );
    // The messages stay marked reported for anyone reading it as sent.
    const read = await send(app, 'POST', `/api/admin/bookings/${booking.id}/messages`, adminCookie);
    expect(read.json<Conversation>().messages.map(({ reported }) => reported)).toEqual([true, true, false]);

    // A closed report stays closed when made again; a new message reported opens the conversation again.
    expect((await report(first)).statusCode).toBe(200);
    expect(await listed()).toEqual([]);
    expect((await report(later)).statusCode).toBe(200);
    expect(await listed()).toMatchObject([{ reportedMessages: 1 }]);
  });

  it('answers 404 for an admin reading a booking that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await send(app, 'POST', `/api/admin/bookings/${missing}/messages`, adminCookie)).statusCode).toBe(404);
  });
});

describe('mails about unread messages', () => {
  it('mails the other side at once, then at most every 15 minutes while messages stay unread', async () => {
    const quiet = await person(app, 'user');
    const booking = await ask(quiet, car);
    const mailsBefore = (await mailTo(owner.email)).length;
    const messageMails = async () =>
      (await mailTo(owner.email))
        .slice(mailsBefore)
        .filter((mail) => mail.subject.startsWith(`New message about booking ${booking.number}:`));

    await sent(quiet.cookie, booking.id, 'First, my number is 9876543210');
    const [first] = await messageMails();
    expect(first?.subject).toBe(`New message about booking ${booking.number}: Maruti Swift`);
    expect(first?.textBody).toContain(`A message about booking ${booking.number} of Maruti Swift`);
    expect(first?.textBody).toContain(`/bookings/${booking.id}`);
    expect(first?.textBody).not.toContain('9876543210');

    clock.advance(5 * MINUTE_MS);
    await sent(quiet.cookie, booking.id, 'Second');
    expect(await messageMails()).toHaveLength(1);
    clock.advance(9 * MINUTE_MS);
    await mailWaitingSides(app.db, bookingLinks, clock.now());
    expect(await messageMails()).toHaveLength(1);

    clock.advance(1 * MINUTE_MS + 1000);
    await mailWaitingSides(app.db, bookingLinks, clock.now());
    const [, second, ...more] = await messageMails();
    expect(more).toEqual([]);
    expect(second?.textBody).toContain(`2 messages about booking ${booking.number}`);

    // Told of everything: nothing new, nothing mailed however long it stays unread.
    clock.advance(30 * MINUTE_MS);
    await mailWaitingSides(app.db, bookingLinks, clock.now());
    expect(await messageMails()).toHaveLength(2);

    // Read, and a new message more than 15 minutes after the last mail goes out at once.
    await send(app, 'POST', `/api/bookings/${booking.id}/messages/seen`, owner.cookie);
    await sent(quiet.cookie, booking.id, 'Third');
    expect(await messageMails()).toHaveLength(3);
  });
});
