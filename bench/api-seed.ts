import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { blogPosts as sampleBlogPosts } from '#data/blogs';
import { catalogueCars } from '#data/cars';
import { bookingTotal } from '#domain/booking-total';
import { expiresAt } from '#domain/booking-states';
import { BODY_TYPES, CITIES, FUELS, TRANSMISSIONS } from '#domain/car-attributes';
import type { BookingStatus } from '#domain/contract';
import { slugify } from '#domain/slug';
import { hashPassword } from '../server/src/auth/passwords';
import { hashToken, SESSION_TTL_SECONDS } from '../server/src/auth/session-token';
import { openDatabase } from '../server/src/db/client';
import { accounts, blogPosts, bookingEvents, bookings, cars, comments, licences, sessions } from '../server/src/db/schema';
import { BOOKINGS_PER_EARNING_OWNER, EARNING_OWNERS, seedMoney } from './api-seed-money';

/**
 * The data bench/api.ts loads the API over, written straight into the database with the server's own
 * schema, before the server starts on it (PGlite's folder is one process's at a time). The server's
 * first start has already migrated the database and seeded the sample fleet and posts.
 */

/** The most cars one owner may list (the server's carsPerOwner quota): more cars mean more owners. */
const CARS_PER_OWNER = 100;
const COMMENTERS = 4;
const RENTER_BOOKINGS = 50;
/** Owner cars the renter's bookings are spread over, every one of them `BOOKING_SPACING_DAYS` apart on its car. */
const BOOKED_CARS = 5;
const BOOKING_SPACING_DAYS = 5;
/** One top-level comment in this many gets a reply, so the comments' replies are read too. */
const REPLY_EVERY = 10;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const INSERT_BATCH = 500;

export const BENCH_PASSWORD = 'bench-password-1';

/**
 * The server's own write quotas (DEFAULT_QUOTAS, which have no setting but registrations'): each
 * writer stays under them, so the load is spread over as many signed-in accounts as the writes need.
 */
export const COMMENTS_PER_WRITER = 20;
export const BOOKING_REQUESTS_PER_WRITER = 30;
/**
 * The owner whose requests the accept load answers has cars of its own, so the read routes' owner
 * keeps its lists; as many as one owner may list, because a request or an accept locks its car and
 * reads the car's open requests, and the writes' thousands crowded on a few cars would measure that.
 */
const ACCEPTING_OWNER_CARS = CARS_PER_OWNER;

export interface Seeded {
  owner: { email: string };
  renter: { email: string };
  /** An owner with a year of earnings, among EARNING_OWNERS such (bench/api-seed-money.ts), and an admin. */
  earner: { email: string };
  admin: { email: string };
  /** One of the signed-in owner's cars, with accepted bookings in the coming weeks. */
  carName: string;
  /** The post the comments are on. */
  postSlug: string;
  counts: {
    ownerCars: number;
    owners: number;
    comments: number;
    replies: number;
    renterBookings: number;
    earningOwners: number;
    earningBookings: number;
  };
  writes: SeededWrites;
}

/** What the write routes spend: each write takes items no other write took, so none is refused as a repeat. */
export interface SeededWrites {
  /** Session tokens of renters, `COMMENTS_PER_WRITER` comments and `BOOKING_REQUESTS_PER_WRITER` requests each. */
  writerTokens: string[];
  /** The post the comments go to: another than the one whose comments are read. */
  postSlug: string;
  /** Cars the writers ask for, not the read routes' owner's. */
  carNames: string[];
  /** The accepting owner's session token and its open requests, none overlapping another on its car. */
  ownerToken: string;
  openRequestIds: string[];
  /** The first hour after the open requests: the writers ask for periods from there on, which no accept makes busy. */
  freeFrom: Date;
}

export interface SeedOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  scale: number;
  /** Writes each write route may make over the whole run. */
  writes: number;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) await insert(rows.slice(start, start + INSERT_BATCH));
}

const pick = <T>(values: readonly T[], index: number): T => values[index % values.length] as T;

/** Bookings' statuses in turn: most trips asked for get accepted; some are declined or cancelled. */
const STATUS_CYCLE: readonly BookingStatus[] = ['accepted', 'requested', 'accepted', 'declined', 'accepted', 'cancelled'];

export async function seedBenchData({ databaseUrl, dataDir, scale, writes }: SeedOptions): Promise<Seeded> {
  const client = await openDatabase({ databaseUrl, dataDir });
  try {
    const { db } = client;
    const now = Date.now();
    // Hashed at the server's own cost: the two sign-ins check these as a real sign-in does.
    const passwordHash = await hashPassword(BENCH_PASSWORD);
    const carCount = CARS_PER_OWNER * scale;
    const ownerCount = Math.ceil(carCount / CARS_PER_OWNER);
    const owners = await db
      .insert(accounts)
      .values(
        Array.from({ length: ownerCount }, (_, index) => ({
          username: index === 0 ? 'benchowner' : `benchowner${index}`,
          email: index === 0 ? 'owner@bench.in' : `owner${index}@bench.in`,
          passwordHash,
          role: 'owner' as const,
          phoneNumber: `98765${String(43210 + index).padStart(5, '0')}`,
          country: 'India',
        })),
      )
      .returning({ id: accounts.id });
    const [renter] = await db
      .insert(accounts)
      .values({ username: 'benchrenter', email: 'renter@bench.in', passwordHash, role: 'user' })
      .returning({ id: accounts.id, username: accounts.username });
    const commenters = await db
      .insert(accounts)
      .values(
        Array.from({ length: COMMENTERS }, (_, index) => ({
          username: `reader${index + 1}`,
          email: `reader${index + 1}@bench.in`,
          passwordHash,
          role: 'user' as const,
        })),
      )
      .returning({ id: accounts.id, username: accounts.username });
    if (!renter || owners.length === 0) throw new Error('the bench accounts were not created');

    // Newest first in the owner's list and the public one: the first car made is the oldest.
    const carRows = Array.from({ length: carCount }, (_, index) => {
      const model = pick(catalogueCars, index);
      const created = new Date(now - (carCount - index) * HOUR_MS);
      return {
        kind: 'listed' as const,
        ownerId: pick(owners, Math.floor(index / CARS_PER_OWNER)).id,
        carName: `${model.carName} ${String(index + 1).padStart(4, '0')}`,
        imgUrl: model.imgUrl,
        price: 80 + (index % 40) * 10,
        description: `A well-kept ${model.carName}, serviced every six months, with a full tank at pickup and a clean interior.`,
        city: pick(CITIES, index),
        pickupArea: `Sector ${(index % 60) + 1}, near the metro station`,
        ac: index % 7 !== 0,
        bodyType: pick(BODY_TYPES, index),
        seats: 4 + (index % 4),
        transmission: pick(TRANSMISSIONS, index),
        fuel: pick(FUELS, index),
        year: 2012 + (index % 13),
        kmPerDayLimit: index % 3 === 0 ? null : 250 + (index % 5) * 50,
        extraKmPrice: index % 3 === 0 ? null : 1_000 + (index % 5) * 200,
        createdAt: created,
        updatedAt: created,
      };
    });
    const ownCars: { id: string; carName: string; price: number; ownerId: string | null }[] = [];
    await insertInBatches(carRows, async (batch) => {
      ownCars.push(
        ...(await db
          .insert(cars)
          .values(batch)
          .returning({ id: cars.id, carName: cars.carName, price: cars.price, ownerId: cars.ownerId })),
      );
    });
    const signedInOwner = owners[0]?.id;
    const bookedCars = ownCars.filter((car) => car.ownerId === signedInOwner).slice(-BOOKED_CARS);
    const carWithBookings = bookedCars.at(-1);
    if (!carWithBookings) throw new Error('the bench cars were not created');

    // Each booked car holds one booking every BOOKING_SPACING_DAYS days, from 20 days ago on, each at
    // most 3 days long, so no two of a car's accepted bookings overlap (the exclusion constraint).
    const bookingRows = Array.from({ length: RENTER_BOOKINGS }, (_, index) => {
      const car = pick(bookedCars, index);
      const slot = Math.floor(index / BOOKED_CARS);
      const startsAt = new Date(now - 20 * DAY_MS + slot * BOOKING_SPACING_DAYS * DAY_MS + (index % BOOKED_CARS) * HOUR_MS);
      const endsAt = new Date(startsAt.getTime() + (24 + (index % 3) * 24) * HOUR_MS);
      const driver = index % 4 === 0;
      const requestedAt = new Date(Math.min(now, startsAt.getTime()) - 2 * DAY_MS);
      const price = bookingTotal(startsAt, endsAt, car.price, driver);
      return {
        carId: car.id,
        renterId: renter.id,
        startsAt,
        endsAt,
        hours: price.hours,
        driver,
        pricePerHour: car.price,
        total: price.total,
        taxPaise: price.taxPaise,
        taxLines: price.taxLines,
        amountPaise: price.amountPaise,
        status: pick(STATUS_CYCLE, index),
        expiresAt: expiresAt(startsAt, requestedAt, false),
        createdAt: requestedAt,
        updatedAt: new Date(requestedAt.getTime() + HOUR_MS),
      };
    });
    const stored = await db
      .insert(bookings)
      .values(bookingRows)
      .returning({ id: bookings.id, status: bookings.status, createdAt: bookings.createdAt, updatedAt: bookings.updatedAt });
    // The receipt's history: asked for, then answered.
    await db
      .insert(bookingEvents)
      .values(
        stored.flatMap((booking) => [
          { bookingId: booking.id, status: 'requested' as const, at: booking.createdAt },
          ...(booking.status === 'requested' ? [] : [{ bookingId: booking.id, status: booking.status, at: booking.updatedAt }]),
        ]),
      );

    const firstPost = sampleBlogPosts[0];
    if (!firstPost) throw new Error('there is no sample blog post');
    const postSlug = slugify(firstPost.title);
    const [post] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, postSlug));
    if (!post) throw new Error(`the blog post ${postSlug} is not in the database: did the server's first start seed it?`);
    const commentCount = 200 * scale;
    const commentRows = Array.from({ length: commentCount }, (_, index) => {
      const author = pick(commenters, index);
      return {
        postId: post.id,
        accountId: author.id,
        author: author.username,
        content: `Comment ${index + 1}: a smooth drive starts before the engine does. Check the mirrors, the tyres and the fuel, and plan the route.`,
        createdAt: new Date(now - (commentCount - index) * 10 * 60 * 1000),
      };
    });
    const topLevel: { id: string; createdAt: Date }[] = [];
    await insertInBatches(commentRows, async (batch) => {
      topLevel.push(...(await db.insert(comments).values(batch).returning({ id: comments.id, createdAt: comments.createdAt })));
    });
    const replyRows = topLevel
      .filter((_, index) => index % REPLY_EVERY === 0)
      .map((parent, index) => ({
        parentId: parent.id,
        accountId: renter.id,
        author: renter.username,
        content: `Agreed: reply ${index + 1}.`,
        createdAt: new Date(parent.createdAt.getTime() + 60 * 1000),
      }));
    await insertInBatches(replyRows, (batch) => db.insert(comments).values(batch));

    const writePost = sampleBlogPosts[1];
    if (!writePost) throw new Error('there is no second sample blog post for the comments written');

    const money = await seedMoney(db, { now, passwordHash });
    return {
      writes: await seedWrites(db, { writes, passwordHash, now, postSlug: slugify(writePost.title) }),
      owner: { email: 'owner@bench.in' },
      renter: { email: 'renter@bench.in' },
      earner: { email: money.earnerEmail },
      admin: { email: money.adminEmail },
      carName: carWithBookings.carName,
      postSlug,
      counts: {
        ownerCars: carCount,
        owners: ownerCount,
        comments: commentCount,
        replies: replyRows.length,
        renterBookings: stored.length,
        earningOwners: EARNING_OWNERS,
        earningBookings: EARNING_OWNERS * BOOKINGS_PER_EARNING_OWNER,
      },
    };
  } finally {
    await client.close();
  }
}

type SeedDatabase = Awaited<ReturnType<typeof openDatabase>>['db'];

/** A session for each account, as signing in makes one, without a password hash per account. */
async function sessionsFor(db: SeedDatabase, accountIds: string[], now: number): Promise<string[]> {
  const tokens = accountIds.map(() => randomBytes(32).toString('base64url'));
  const expiresAt = new Date(now + SESSION_TTL_SECONDS * 1000);
  await insertInBatches(
    accountIds.map((accountId, index) => ({ accountId, tokenHash: hashToken(tokens[index] ?? ''), expiresAt })),
    (batch) => db.insert(sessions).values(batch),
  );
  return tokens;
}

/** An approved driving licence as an admin's review leaves it, for a renter who books: a booking request needs one. */
function approvedLicence(accountId: string, now: number) {
  return {
    accountId,
    number: 'KA0120190012345',
    dateOfBirth: '1990-01-01',
    expiresOn: '9999-12-31',
    olderFormat: false,
    status: 'approved' as const,
    frontKey: randomBytes(16).toString('hex'),
    backKey: randomBytes(16).toString('hex'),
    submittedAt: new Date(now),
    reviewedAt: new Date(now),
  };
}

/**
 * Accounts and rows for the write routes: renters enough that neither comment nor booking-request
 * quota refuses one, and an owner with `writes` open requests, one hour each, back to back on its
 * cars from tomorrow on, so every one can be accepted.
 */
async function seedWrites(
  db: SeedDatabase,
  { writes, passwordHash, now, postSlug }: { writes: number; passwordHash: string; now: number; postSlug: string },
): Promise<SeededWrites> {
  const writerCount = Math.ceil(writes / Math.min(COMMENTS_PER_WRITER, BOOKING_REQUESTS_PER_WRITER));
  const writers: { id: string }[] = [];
  await insertInBatches(
    Array.from({ length: writerCount }, (_, index) => ({
      username: `writer${index + 1}`,
      email: `writer${index + 1}@bench.in`,
      passwordHash,
      role: 'user' as const,
    })),
    async (batch) => {
      const made = await db.insert(accounts).values(batch).returning({ id: accounts.id });
      writers.push(...made);
      await db.insert(licences).values(made.map(({ id }) => approvedLicence(id, now)));
    },
  );
  const [owner] = await db
    .insert(accounts)
    .values({
      username: 'acceptingowner',
      email: 'accepting-owner@bench.in',
      passwordHash,
      role: 'owner',
      phoneNumber: '9123456789',
      country: 'India',
    })
    .returning({ id: accounts.id });
  if (!owner) throw new Error('the accepting owner was not created');
  const ownerCars = await db
    .insert(cars)
    .values(
      Array.from({ length: ACCEPTING_OWNER_CARS }, (_, index) => {
        const model = pick(catalogueCars, index);
        return {
          kind: 'listed' as const,
          ownerId: owner.id,
          carName: `${model.carName} for requests ${index + 1}`,
          imgUrl: model.imgUrl,
          price: 100 + index * 10,
          description: `A ${model.carName} whose owner answers booking requests all day long.`,
          city: pick(CITIES, index),
          pickupArea: `Block ${index + 1}, by the bus depot`,
          ac: true,
          bodyType: pick(BODY_TYPES, index),
          seats: 5,
          transmission: pick(TRANSMISSIONS, index),
          fuel: pick(FUELS, index),
          year: 2020,
          kmPerDayLimit: null,
        };
      }),
    )
    .returning({ id: cars.id, carName: cars.carName, price: cars.price });

  const tomorrow = Math.ceil(now / DAY_MS) * DAY_MS + DAY_MS;
  // Before the booking-request quota's hour: the writers' own requests count from the bench's first one.
  const requestedAt = new Date(now - 2 * HOUR_MS);
  const requestRows = Array.from({ length: writes }, (_, index) => {
    const car = pick(ownerCars, index);
    const startsAt = new Date(tomorrow + Math.floor(index / ownerCars.length) * HOUR_MS);
    const endsAt = new Date(startsAt.getTime() + HOUR_MS);
    const price = bookingTotal(startsAt, endsAt, car.price, false);
    return {
      carId: car.id,
      renterId: pick(writers, index).id,
      startsAt,
      endsAt,
      hours: price.hours,
      driver: false,
      pricePerHour: car.price,
      total: price.total,
      taxPaise: price.taxPaise,
      taxLines: price.taxLines,
      amountPaise: price.amountPaise,
      status: 'requested' as const,
      expiresAt: expiresAt(startsAt, requestedAt, false),
      createdAt: requestedAt,
      updatedAt: requestedAt,
    };
  });
  const openRequestIds: string[] = [];
  await insertInBatches(requestRows, async (batch) => {
    const stored = await db.insert(bookings).values(batch).returning({ id: bookings.id, createdAt: bookings.createdAt });
    await db
      .insert(bookingEvents)
      .values(stored.map((booking) => ({ bookingId: booking.id, status: 'requested' as const, at: booking.createdAt })));
    openRequestIds.push(...stored.map((booking) => booking.id));
  });

  const [ownerToken = '', ...writerTokens] = await sessionsFor(db, [owner.id, ...writers.map((writer) => writer.id)], now);
  const freeFrom = new Date(tomorrow + Math.ceil(writes / ownerCars.length) * HOUR_MS + DAY_MS);
  return { writerTokens, postSlug, carNames: ownerCars.map((car) => car.carName), ownerToken, openRequestIds, freeFrom };
}
