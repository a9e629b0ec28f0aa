import { and, count, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Booking, OwnerCar } from '#domain/contract';
import { bookingEvents, bookings, mailOutbox } from '../src/db/schema';
import { queueDueReminders } from '../src/mail/booking-notices';
import { queueMail } from '../src/mail/outbox';
import { sweepExpiredRequests } from '../src/bookings/sweep';
import { startCardProviderStandIn, type CardProviderStandIn } from '../src/payments/demo/card-provider-stand-in';
import { buildTestApp, closeTestApp, newPostgresDatabase, register, registerAndSignIn } from './helpers';
import { quickMail, startSmtp, type TestSmtp } from './mail-helpers';
import { act, bookingLinks, indiaTime, listCar, requestBooking, sweepAt } from './marketplace-helpers';

// Request expiry (and the money it lets go), the mail queue and the day-before reminders run in
// every instance, and each item must be taken by exactly one of them, or money moves and mail goes
// twice. Every instance's round here starts at the same moment, over many due items, as they would
// on a cluster's shared minute.

const serverUrl = process.env.TEST_DATABASE_URL;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const CARS = 4;
const REQUESTS = 40;

const cardPayments = (provider: CardProviderStandIn) => ({
  secretKey: provider.secretKey,
  publishableKey: 'pk_test_stand_in',
  apiBase: new URL(provider.url),
});

interface Marketplace {
  owner: string;
  cars: OwnerCar[];
  renters: string[];
}

async function openMarketplace(app: FastifyInstance): Promise<Marketplace> {
  const owner = await registerAndSignIn(app, 'owner');
  const cars: OwnerCar[] = [];
  for (let i = 0; i < CARS; i += 1) cars.push(await listCar(app, owner, `Swept Car ${i}`, 500));
  const renters = await Promise.all([1, 2, 3, 4].map(() => registerAndSignIn(app, 'user')));
  return { owner, cars, renters };
}

/** `count` four-hour requests from day `firstDay` on, paid by card, sent at once through every instance in turn. */
function requestsAtOnce(
  instances: FastifyInstance[],
  { cars, renters }: Marketplace,
  firstDay: number,
  payment: { paymentToken: string } | Record<string, never>,
  count = REQUESTS,
): Promise<Booking[]> {
  return Promise.all(
    Array.from({ length: count }, (_, i) => {
      const car = cars[i % cars.length] as OwnerCar;
      const day = firstDay + Math.floor(i / cars.length);
      return requestBooking(instances[i % instances.length] as FastifyInstance, renters[i % renters.length] as string, {
        carName: car.id,
        from: indiaTime(day, '10:00'),
        to: indiaTime(day, '14:00'),
        driver: false,
        ...payment,
      });
    }),
  );
}

const byCard = { paymentToken: 'tok_visa' };

/** Every instance's sweep at the same moment. */
function sweepAtOnce(instances: FastifyInstance[], now: Date): Promise<unknown> {
  return Promise.all(instances.map((app) => sweepAt(app, now)));
}

/** Each request is expired once (one history event, one mail to its renter) and its hold let go once at the provider. */
async function expectExpiredAndLetGoOnce(app: FastifyInstance, provider: CardProviderStandIn, made: Booking[]) {
  const ids = made.map((booking) => booking.id);
  const rows = await app.db.select().from(bookings).where(inArray(bookings.id, ids));
  const stored = new Map(rows.map((row) => [row.id, row]));
  expect(ids.map((id) => [stored.get(id)?.status, stored.get(id)?.paymentStatus])).toEqual(
    ids.map(() => ['expired', 'released']),
  );

  const events = await app.db
    .select({ bookingId: bookingEvents.bookingId, n: count() })
    .from(bookingEvents)
    .where(and(inArray(bookingEvents.bookingId, ids), eq(bookingEvents.status, 'expired')))
    .groupBy(bookingEvents.bookingId);
  const eventsOf = new Map(events.map(({ bookingId, n }) => [bookingId, n]));
  expect(ids.map((id) => eventsOf.get(id))).toEqual(ids.map(() => 1));

  const expiryMails = (
    await app.db.select({ subject: mailOutbox.subject, textBody: mailOutbox.textBody }).from(mailOutbox)
  ).filter((mail) => mail.subject.startsWith('Request expired:'));
  expect(ids.map((id) => expiryMails.filter((mail) => mail.textBody.includes(`/bookings/${id}`)).length)).toEqual(
    ids.map(() => 1),
  );

  const releasesOf = (booking: Booking) =>
    provider.calls.filter((call) => call.path === `/v1/payment_intents/${booking.payment.ref}/cancel`).length;
  expect(made.map(releasesOf)).toEqual(made.map(() => 1));
}

/**
 * Requests expired by a sweep that stopped before it let their holds go (its instance killed between
 * the two, as a rolling restart may), looked at again an hour later by sweeps running at once: the
 * money must be let go once, not once per sweep.
 */
async function expectLeftHoldsLetGoOnce(instances: FastifyInstance[], provider: CardProviderStandIn, made: Booking[]) {
  const [first] = instances as [FastifyInstance];
  const due = new Date(Math.max(...made.map((booking) => new Date(booking.to).getTime())));
  await sweepExpiredRequests(first.db, due, bookingLinks);
  const held = await first.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        inArray(
          bookings.id,
          made.map((booking) => booking.id),
        ),
        eq(bookings.paymentStatus, 'held'),
      ),
    );
  expect(held).toHaveLength(made.length);

  await sweepAtOnce(instances, new Date(due.getTime() + HOUR_MS));
  await expectExpiredAndLetGoOnce(first, provider, made);
}

describe('the expiry sweep run three times at once on one instance', () => {
  let provider: CardProviderStandIn;
  let app: FastifyInstance;
  let market: Marketplace;
  beforeAll(async () => {
    provider = await startCardProviderStandIn();
    app = await buildTestApp({ cardPayments: cardPayments(provider) });
    market = await openMarketplace(app);
  });
  afterAll(async () => {
    await closeTestApp(app);
    await provider.close();
  });

  it('expires each due request once and lets its hold go once', async () => {
    const made = await requestsAtOnce([app], market, 2, byCard);
    await sweepAtOnce([app, app, app], new Date(Date.now() + 14 * DAY_MS));
    await expectExpiredAndLetGoOnce(app, provider, made);
  });

  it('lets go once of each hold a stopped sweep left behind', async () => {
    const made = await requestsAtOnce([app], market, 16, byCard);
    await expectLeftHoldsLetGoOnce([app, app, app], provider, made);
  });
});

describe.each(serverUrl ? ['PostgreSQL'] : [])('background work on three instances of one %s database', () => {
  let provider: CardProviderStandIn;
  let smtp: TestSmtp;
  let database: Awaited<ReturnType<typeof newPostgresDatabase>>;
  let instances: FastifyInstance[] = [];
  let market: Marketplace;

  beforeAll(async () => {
    provider = await startCardProviderStandIn();
    smtp = await startSmtp();
    database = await newPostgresDatabase(String(serverUrl));
    // Every instance's mail worker runs on its own timer, each looking every 10 ms.
    for (let i = 0; i < 3; i += 1) {
      instances.push(
        await buildTestApp({
          databaseUrl: database.databaseUrl,
          cardPayments: cardPayments(provider),
          mail: quickMail({ smtpUrl: smtp.url, pollMs: 10 }),
        }),
      );
    }
    market = await openMarketplace(instances[0] as FastifyInstance);
  });
  afterAll(async () => {
    await Promise.all(instances.map((app) => closeTestApp(app)));
    await database?.drop();
    await provider?.close();
    await smtp?.close();
  });

  it('expires each due request once and lets its hold go once', async () => {
    const made = await requestsAtOnce(instances, market, 2, byCard);
    await sweepAtOnce(instances, new Date(Date.now() + 14 * DAY_MS));
    await expectExpiredAndLetGoOnce(instances[0] as FastifyInstance, provider, made);
  });

  it('lets go once of each hold a stopped sweep left behind', async () => {
    const made = await requestsAtOnce(instances, market, 16, byCard);
    await expectLeftHoldsLetGoOnce(instances, provider, made);
  });

  it('queues the day-before reminder of each accepted booking once', async () => {
    const { owner, cars, renters } = market;
    const day = 40;
    const slots = ['06', '08', '10', '12', '14', '16', '18', '20'];
    const made = await Promise.all(
      cars.flatMap((car, c) =>
        slots.map((hour, s) =>
          requestBooking(instances[(c + s) % 3] as FastifyInstance, renters[s % renters.length] as string, {
            carName: car.id,
            from: indiaTime(day, `${hour}:00`),
            to: indiaTime(day, `${String(Number(hour) + 1).padStart(2, '0')}:00`),
            driver: false,
            ...byCard,
          }),
        ),
      ),
    );
    const answers = await Promise.all(
      made.map((booking, i) => act(instances[i % 3] as FastifyInstance, owner, booking.id, 'accept')),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(made.map(() => 200));

    const now = new Date(new Date(indiaTime(day, '06:00')).getTime() - HOUR_MS);
    const counts = await Promise.all(instances.map((app) => queueDueReminders(app.db, bookingLinks, now)));
    const db = (instances[0] as FastifyInstance).db;
    const reminded = await db.$count(bookings, eq(bookings.reminderSentAt, now));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(reminded);

    const reminders = (await db.select({ textBody: mailOutbox.textBody, subject: mailOutbox.subject }).from(mailOutbox)).filter(
      (mail) => mail.subject.startsWith('Reminder:'),
    );
    // One to the renter and one to the owner.
    expect(made.map(({ id }) => reminders.filter((mail) => mail.textBody.includes(`/bookings/${id}`)).length)).toEqual(
      made.map(() => 2),
    );
  });

  it('counts sign-in failures made through every instance together', async () => {
    const account = await register(instances[0] as FastifyInstance, 'user');
    const signIn = (app: FastifyInstance, password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/session',
        payload: { login: account.email, password },
        remoteAddress: '10.18.0.1',
      });
    const failures: number[] = [];
    for (let i = 0; i < 10; i += 1) failures.push((await signIn(instances[i % 3] as FastifyInstance, `wrong-${i}`)).statusCode);
    expect(failures).toEqual(failures.map(() => 401));
    const refused = await Promise.all(instances.map((app) => signIn(app, account.password)));
    expect(refused.map((answer) => answer.statusCode)).toEqual([429, 429, 429]);
  });

  it('sends every queued mail once', async () => {
    const burst = Array.from({ length: 300 }, (_, i) => ({
      to: `reader${i % 7}@example.in`,
      subject: `Burst mail ${i}`,
      text: `Mail ${i} of the burst.`,
      html: `<p>Mail ${i} of the burst.</p>`,
    }));
    await queueMail((instances[0] as FastifyInstance).db, burst);
    const db = (instances[0] as FastifyInstance).db;
    await vi.waitFor(async () => expect(await db.$count(mailOutbox, ne(mailOutbox.status, 'sent'))).toBe(0), {
      timeout: 20_000,
      interval: 100,
    });
    const queued = await db.select({ to: mailOutbox.toAddress, subject: mailOutbox.subject }).from(mailOutbox);
    // Closing an instance waits for its worker's round under way, so every send that was to happen has.
    await Promise.all(instances.map((app) => closeTestApp(app)));
    instances = [];

    const received = smtp.received.map((mail) => ({
      to: mail.to && 'text' in mail.to ? mail.to.text : '',
      subject: mail.subject ?? '',
    }));
    const key = ({ to, subject }: { to: string; subject: string }) => `${to} ${subject}`;
    expect(received.map(key).sort()).toEqual(queued.map(key).sort());
    expect(received.filter((mail) => mail.subject.startsWith('Burst mail'))).toHaveLength(burst.length);
  });
});
