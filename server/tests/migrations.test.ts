import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql, type SQL } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords';
import type { ServerConfig } from '../src/config';
import { openDatabase, type Database, type DatabaseClient } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { accounts, bookingEvents, bookings, reviews } from '../src/db/schema';
import { postJournal } from '../src/ledger/journal';
import { legacyMigrate } from './fixtures/legacy/migrate';
import { legacySeed } from './fixtures/legacy/seed';
import { buildTestApp, closeTestApp, pgliteDump, signIn, TEST_SCRYPT_COST } from './helpers';
import { balanceOf, journalsOf, unbalancedJournals } from './ledger-readers';
import { sweepAt } from './marketplace-helpers';
import { withAdminClient } from './postgres-admin';

const projectDir = fileURLToPath(new URL('../../', import.meta.url));
const migrationsDir = path.join(projectDir, 'server/src/db/migrations');
const serverUrl = process.env.TEST_DATABASE_URL;

/** Where a database lives: a PGlite data folder, or a database of its own on the TEST_DATABASE_URL server. */
interface Place {
  /** What the server is started with to use it. */
  config: Partial<ServerConfig>;
  open: () => Promise<DatabaseClient>;
  remove: () => Promise<void>;
}

// PGlite databases start as a copy of a new, empty one the run made once (global-setup.ts), which
// is the same as making one and much quicker.

async function pgliteFolder(): Promise<Place> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wow-migrations-'));
  let made = false;
  return {
    config: { dataDir },
    open: async () => {
      const initialData = made ? undefined : await pgliteDump('empty');
      made = true;
      return openDatabase({ databaseUrl: undefined, dataDir, initialData });
    },
    remove: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/** A new, empty database at each `open`: for checks that never reopen it. */
async function pgliteInMemory(): Promise<Place> {
  return {
    config: { dataDir: 'memory://' },
    open: async () => openDatabase({ databaseUrl: undefined, dataDir: 'memory://', initialData: await pgliteDump('empty') }),
    remove: async () => undefined,
  };
}

async function postgresDatabase(url: string): Promise<Place> {
  const name = `wow_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`CREATE DATABASE ${name}`));
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return {
    config: { databaseUrl: databaseUrl.toString() },
    open: () => openDatabase({ databaseUrl: databaseUrl.toString(), dataDir: '' }),
    remove: () =>
      withAdminClient(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

type MakePlace = () => Promise<Place>;
const onPostgres = (places: Array<[string, MakePlace]>): Array<[string, MakePlace]> =>
  serverUrl ? [...places, ['a PostgreSQL database', () => postgresDatabase(serverUrl)]] : places;

async function withClient<T>(place: Place, work: (client: DatabaseClient) => Promise<T>): Promise<T> {
  const client = await place.open();
  try {
    return await work(client);
  } finally {
    await client.close();
  }
}

/** node-postgres and PGlite both answer a raw query with `{ rows }`. */
async function rows<T>(db: Database, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * Everything about the app's tables that a query or a later migration could notice: columns with
 * their types, defaults, generation and identity; every constraint and index by name with its
 * definition as PostgreSQL prints it; sequences and extensions. The migrators' own tables are left out.
 */
async function describeSchema(db: Database): Promise<Record<string, string[]>> {
  const texts = async (query: SQL) => (await rows<{ line: string }>(db, query)).map((row) => row.line).sort();
  return {
    columns: await texts(sql`
      SELECT concat_ws(' | ', table_name, ordinal_position, column_name, data_type, udt_name, is_nullable, column_default,
        is_generated, generation_expression, is_identity, identity_generation, identity_start, identity_increment,
        identity_minimum, identity_maximum, identity_cycle) AS line
      FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> 'schema_migrations'`),
    constraints: await texts(sql`
      SELECT concat_ws(' | ', conrelid::regclass::text, conname, pg_get_constraintdef(oid)) AS line
      FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> 'schema_migrations'`),
    indexes: await texts(sql`
      SELECT concat_ws(' | ', tablename, indexname, indexdef) AS line
      FROM pg_indexes WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`),
    sequences: await texts(sql`
      SELECT concat_ws(' | ', sequencename, data_type, start_value, min_value, max_value, increment_by, cycle, cache_size) AS line
      FROM pg_sequences WHERE schemaname = 'public'`),
    extensions: await texts(sql`SELECT extname AS line FROM pg_extension`),
  };
}

describe.each(onPostgres([['PGlite', pgliteInMemory]]))('the generated migrations on %s', (_label, makePlace) => {
  it('make the same schema as the hand-written SQL of the earlier release, every check and index included', async () => {
    const [legacy, generated] = [await makePlace(), await makePlace()];
    try {
      const before = await withClient(legacy, async (client) => {
        await legacyMigrate(client.db);
        // Adopted as the two generated migrations it equals; the later ones then run on it as on any database.
        expect(await migrate(client)).toEqual({
          adopted: ['0000_initial', '0001_bookings_no_overlap'],
          applied: [
            '0002_bookings_decline_reason',
            '0003_bookings_expired',
            '0004_bookings_per_hour_payments_history',
            '0005_registration_limit_comment_quota',
            '0006_razorpay_gst_invoices',
            '0007_cars_location_attributes',
            '0008_car_photos_reviews_pause_archive',
            '0009_accounts_mail_notifications',
            '0010_comments_author_is_account',
            '0011_admin_actions_console_columns',
            '0012_admin_actions_append_only',
            '0013_bookings_reminder_due_index',
            '0014_admin_removals_and_cancel_reason',
            '0015_public_change_notices',
            '0016_hot_query_indexes',
            '0017_private_change_notices',
            '0018_bookings_accepting',
            '0019_cars_drop_rating',
            '0020_password_reset_handled',
            '0021_photo_uploads',
            '0022_cars_pay_at_pickup',
            '0023_sign_in_warning',
            '0024_idempotency_keys',
            '0025_ledger',
            '0026_payouts',
            '0027_payout_details',
            '0028_payout_admin_actions',
            '0029_earnings_change_notices',
            '0030_route_transfers',
            '0031_booking_messages',
            '0032_phone_verification',
            '0033_cancellation_policy',
            '0034_instant_booking',
            '0035_licences',
            '0036_route_link_retries',
            '0037_close_reports',
            '0038_bookings_completed',
            '0039_trip_reviews_both_ways',
            '0040_car_trip_prices',
            '0041_bookings_no_show',
            '0042_trip_records',
          ],
        });
        return describeSchema(client.db);
      });
      const after = await withClient(generated, async (client) => {
        expect(await migrate(client)).toEqual({
          adopted: [],
          applied: [
            '0000_initial',
            '0001_bookings_no_overlap',
            '0002_bookings_decline_reason',
            '0003_bookings_expired',
            '0004_bookings_per_hour_payments_history',
            '0005_registration_limit_comment_quota',
            '0006_razorpay_gst_invoices',
            '0007_cars_location_attributes',
            '0008_car_photos_reviews_pause_archive',
            '0009_accounts_mail_notifications',
            '0010_comments_author_is_account',
            '0011_admin_actions_console_columns',
            '0012_admin_actions_append_only',
            '0013_bookings_reminder_due_index',
            '0014_admin_removals_and_cancel_reason',
            '0015_public_change_notices',
            '0016_hot_query_indexes',
            '0017_private_change_notices',
            '0018_bookings_accepting',
            '0019_cars_drop_rating',
            '0020_password_reset_handled',
            '0021_photo_uploads',
            '0022_cars_pay_at_pickup',
            '0023_sign_in_warning',
            '0024_idempotency_keys',
            '0025_ledger',
            '0026_payouts',
            '0027_payout_details',
            '0028_payout_admin_actions',
            '0029_earnings_change_notices',
            '0030_route_transfers',
            '0031_booking_messages',
            '0032_phone_verification',
            '0033_cancellation_policy',
            '0034_instant_booking',
            '0035_licences',
            '0036_route_link_retries',
            '0037_close_reports',
            '0038_bookings_completed',
            '0039_trip_reviews_both_ways',
            '0040_car_trip_prices',
            '0041_bookings_no_show',
            '0042_trip_records',
          ],
        });
        return describeSchema(client.db);
      });
      expect(after).toEqual(before);
      // The first schema's 17 checks and 11 indexes besides the keys (0000) and the exclusion constraint
      // (0001); then the payment status check and history index (0004), the registration and comment quota
      // indexes (0005), the tax and payment provider checks (0006), the eight checks of a car's city and
      // attributes and its city and body type indexes (0007), the reviews' three checks and the photo,
      // review, price and public-order indexes (0008), the two mail outbox checks and the outbox, reset
      // token and reset request indexes (0009), the reminder round's due index (0013), and the audit log's
      // action, object type and reason checks and its newest-first, by-admin and by-object indexes (0011,
      // 0014), the reset requests still to be mailed (0020), the photo uploads' index (0021) and the
      // idempotency keys' age index (0024), the ledger's seven checks and six indexes (0025: its
      // accounts, amounts, owners and causes, the bookings' stored rates and the document series; the
      // entries by journal, owner and account, the journals by booking and date, the release's due
      // bookings), the payouts' five checks and five indexes (0026), and the payout details' four
      // checks and the account log's check and index (0027). (0016 widened four of them with the id
      // that breaks their order's ties, and added none; 0028 wrote the audit log's action and object
      // type checks anew), and the Route linked accounts' state check, the Route transfers' amount and
      // reversed-amount checks and their open-transfers index (0030); the booking messages' side and
      // length checks, their mail times' side check, and the messages' four indexes (0031); the phone
      // codes' attempts check and by-account and by-number indexes, with the SMS outbox's two checks
      // and due index (0032); the bookings' cancellation policy, canceller and refund checks (0033); the cars' instant
      // booking never with pay at pickup (0034); the licences' status and rejection reason checks and their
      // by-account and queue indexes (0035, which also wrote the audit log's action and object type checks anew);
      // a message's report closed only once reported (0037, which narrowed the reports' index to open ones);
      // the bookings' completion-due index (0038, which also wrote the bookings' status check anew and moved
      // the release's due index onto the completion time); the renters' ratings' rating and comment checks
      // and by-renter index, and the reviews' by-showing-time index (0039, which also wrote the audit log's
      // action check anew); the cars' deposit and three trip prices in their bounds, and a price
      // per extra km wherever a km limit is set (0040); none of its own for the no-shows (0041, which wrote
      // the bookings' status check and the audit log's action check anew); the trip records' kind, side,
      // odometer and fuel checks and their one-per-kind index, the trip photos' slot check and by-record
      // index (0042, which also wrote the bookings' status check and completion-due index anew).
      expect(after.constraints.filter((line) => line.includes('| CHECK '))).toHaveLength(83);
      expect(after.indexes.filter((line) => line.includes('_idx |'))).toHaveLength(58);
      expect(after.constraints.some((line) => line.startsWith('bookings | bookings_no_overlap | EXCLUDE USING gist'))).toBe(true);
    } finally {
      await legacy.remove();
      await generated.remove();
    }
  });
});

describe.each(onPostgres([['a PGlite data folder', pgliteFolder]]))(
  'a database the earlier release made, as %s',
  (_label, makePlace) => {
    let place: Place;
    const owner = { username: 'earlyowner', email: 'early-owner@example.in', password: 'early-password-1' };
    /** An accepted day's booking of the owner's car; a second one is refused by the exclusion constraint. */
    let acceptedBooking: typeof bookings.$inferInsert;

    /** The earlier release's start: its runner's migration and seed, then a person's rows. */
    beforeAll(async () => {
      place = await makePlace();
      await withClient(place, async ({ db }) => {
        expect(await legacyMigrate(db)).toEqual(['0001_initial']);
        await legacySeed(db);
        const passwordHash = await hashPassword(owner.password, TEST_SCRYPT_COST);
        const added = (rows: Array<{ id: string }>) => {
          if (!rows[0]) throw new Error('the insert returned no row');
          return rows[0].id;
        };
        // In the earlier release's columns, as the cars and bookings below: Drizzle's insert would name today's too.
        const addAccount = async (values: Pick<typeof accounts.$inferInsert, 'username' | 'email' | 'passwordHash' | 'role'>) =>
          added(
            await rows<{ id: string }>(
              db,
              sql`INSERT INTO accounts (username, email, password_hash, role)
                VALUES (${values.username}, ${values.email}, ${values.passwordHash}, ${values.role}) RETURNING id`,
            ),
          );
        const ownerId = await addAccount({ username: owner.username, email: owner.email, passwordHash, role: 'owner' });
        const renterId = await addAccount({
          username: 'earlyrenter',
          email: 'early-renter@example.in',
          passwordHash,
          role: 'user',
        });
        // In the earlier release's columns, as the bookings below.
        const carId = added(
          await rows<{ id: string }>(
            db,
            sql`INSERT INTO cars (kind, owner_id, car_name, img_url, price, description)
              VALUES ('listed', ${ownerId}, 'Early car', '/images/cars/bmw-x3.svg', 1500, 'Listed before the upgrade.') RETURNING id`,
          ),
        );
        const startsAt = new Date('2030-01-10T04:30:00Z');
        const endsAt = new Date('2030-01-11T04:30:00Z');
        acceptedBooking = {
          carId,
          renterId,
          startsAt,
          endsAt,
          hours: 24,
          driver: false,
          pricePerHour: 1500,
          total: 1500,
          amountPaise: 150_000,
          status: 'accepted',
          expiresAt: startsAt,
        };
        // Only the earlier release's columns: Drizzle's insert would name today's too, which that schema lacks.
        await db.execute(sql`
          INSERT INTO bookings (car_id, renter_id, starts_at, ends_at, hours, driver, price_per_day, total, amount_paise, status)
          VALUES (${carId}, ${renterId}, ${startsAt.toISOString()}, ${endsAt.toISOString()}, 24, false, 1500, 1500, 150000, 'accepted')`);
        await db.execute(sql`
          INSERT INTO comments (author, content, post_id)
          VALUES ('Early reader', 'Written before the upgrade.', (SELECT id FROM blog_posts ORDER BY position LIMIT 1))`);
        // The earlier release stored whatever name the form sent, even from a signed-in account.
        await db.execute(sql`
          INSERT INTO comments (author, content, post_id, account_id)
          VALUES ('WheelsOnWeb Support', 'Posted under a name not the account''s.', (SELECT id FROM blog_posts ORDER BY position LIMIT 1), ${ownerId})`);
      });
    });
    afterAll(() => place.remove());

    async function start() {
      const lines: string[] = [];
      const app = await buildTestApp(
        { ...place.config, logLevel: 'info' },
        { logStream: { write: (line) => void lines.push(line) } },
      );
      const logged = lines.map((line) => JSON.parse(line) as { msg: string; migrations?: string[] });
      return { app, migrationLines: logged.filter((entry) => entry.migrations) };
    }

    it('is adopted at the first start: the migrations it equals are recorded as applied, only later ones run, and every row is still there', async () => {
      const { app, migrationLines } = await start();
      try {
        expect(migrationLines).toEqual([
          expect.objectContaining({
            msg: 'adopted a database made by the earlier migration runner',
            migrations: ['0000_initial', '0001_bookings_no_overlap'],
          }),
          expect.objectContaining({
            msg: 'database migrated',
            migrations: [
              '0002_bookings_decline_reason',
              '0003_bookings_expired',
              '0004_bookings_per_hour_payments_history',
              '0005_registration_limit_comment_quota',
              '0006_razorpay_gst_invoices',
              '0007_cars_location_attributes',
              '0008_car_photos_reviews_pause_archive',
              '0009_accounts_mail_notifications',
              '0010_comments_author_is_account',
              '0011_admin_actions_console_columns',
              '0012_admin_actions_append_only',
              '0013_bookings_reminder_due_index',
              '0014_admin_removals_and_cancel_reason',
              '0015_public_change_notices',
              '0016_hot_query_indexes',
              '0017_private_change_notices',
              '0018_bookings_accepting',
              '0019_cars_drop_rating',
              '0020_password_reset_handled',
              '0021_photo_uploads',
              '0022_cars_pay_at_pickup',
              '0023_sign_in_warning',
              '0024_idempotency_keys',
              '0025_ledger',
              '0026_payouts',
              '0027_payout_details',
              '0028_payout_admin_actions',
              '0029_earnings_change_notices',
              '0030_route_transfers',
              '0031_booking_messages',
              '0032_phone_verification',
              '0033_cancellation_policy',
              '0034_instant_booking',
              '0035_licences',
              '0036_route_link_retries',
              '0037_close_reports',
              '0038_bookings_completed',
              '0039_trip_reviews_both_ways',
              '0040_car_trip_prices',
              '0041_bookings_no_show',
              '0042_trip_records',
            ],
          }),
        ]);
        const recorded = await rows<{ hash: string; created_at: string }>(
          app.db,
          sql`SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id`,
        );
        const files = readMigrationFiles({ migrationsFolder: migrationsDir });
        expect(recorded.map((row) => [row.hash, Number(row.created_at)])).toEqual(
          files.map((file) => [file.hash, file.folderMillis]),
        );

        const cookie = await signIn(app, owner.email, owner.password);
        const listed = await app.inject({ method: 'GET', url: '/get-cars', headers: { cookie } });
        // Entered as ₹1,500 a day, the price is per hour now: ₹1,500 ÷ 24 = ₹62.5, rounded to ₹63.
        // Listed before cars had a city and attributes, it takes the defaults; the catalogue's are seeded.
        expect(listed.json<{ data: unknown[] }>().data).toEqual([
          expect.objectContaining({
            carname: 'Early car',
            price: 63,
            city: 'Bengaluru',
            pickupArea: '',
            ac: true,
            bodyType: 'hatchback',
            seats: 5,
            transmission: 'manual',
            fuel: 'petrol',
          }),
        ]);
        const fleetCar = await app.inject({ method: 'GET', url: '/api/cars/Kia%20Seltos' });
        expect(fleetCar.json()).toMatchObject({ city: 'Delhi NCR', bodyType: 'suv', seats: 5, fuel: 'diesel', year: 2024 });
        const [booked] = await rows<{ number: string; price_per_hour: number; expires_at: Date; payment_status: string }>(
          app.db,
          sql`SELECT number, price_per_hour, expires_at, payment_status FROM bookings`,
        );
        // The booking keeps the rate it was charged at; it is numbered, unpaid, and its history is what is known of it.
        expect(booked).toMatchObject({ price_per_hour: 1500, payment_status: 'none' });
        expect(Number(booked?.number)).toBe(1);
        expect(new Date(String(booked?.expires_at)).toISOString()).toBe(acceptedBooking.startsAt.toISOString());
        const history = await rows<{ status: string }>(app.db, sql`SELECT status FROM booking_events ORDER BY at, id`);
        expect(history.map((event) => event.status)).toEqual(['requested', 'accepted']);
        const post = await app.inject({ method: 'GET', url: '/api/comments/get-comment' });
        // A comment posted from an account now carries the account's name; one with no account keeps its own.
        expect(post.json<Array<{ author: string; content: string }>>().map(({ author, content }) => [author, content])).toEqual(
          expect.arrayContaining([
            ['Early reader', 'Written before the upgrade.'],
            [owner.username, "Posted under a name not the account's."],
          ]),
        );
        expect(post.body).not.toContain('WheelsOnWeb Support');
        // The old schema's exclusion constraint still refuses a second accepted booking over the same hours.
        await expect(app.db.insert(bookings).values(acceptedBooking)).rejects.toMatchObject({
          cause: expect.objectContaining({ code: '23P01' }),
        });
      } finally {
        await closeTestApp(app);
      }
    });

    it("starts again adopting and applying nothing, and keeps the earlier runner's record for a rollback", async () => {
      const { app, migrationLines } = await start();
      try {
        expect(migrationLines).toEqual([]);
        expect(await rows(app.db, sql`SELECT version FROM schema_migrations`)).toEqual([{ version: '0001_initial' }]);
        expect(await rows(app.db, sql`SELECT count(*)::int AS count FROM bookings`)).toEqual([{ count: 1 }]);
      } finally {
        await closeTestApp(app);
      }
    });
  },
);

// Only PostgreSQL takes connections from two servers at once.
describe.each(onPostgres([]))('two servers starting together on %s', (_label, makePlace) => {
  it("apply each migration once: the second waits for the first's lock, then finds nothing to do", async () => {
    const place = await makePlace();
    try {
      const started = await Promise.allSettled([buildTestApp(place.config), buildTestApp(place.config)]);
      await Promise.all(started.map((result) => (result.status === 'fulfilled' ? closeTestApp(result.value) : undefined)));
      expect(started.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual([
        'started',
        'started',
      ]);
      const recorded = await withClient(place, ({ db }) => rows(db, sql`SELECT hash FROM drizzle.__drizzle_migrations`));
      expect(recorded).toHaveLength(readMigrationFiles({ migrationsFolder: migrationsDir }).length);
    } finally {
      await place.remove();
    }
  });
});

describe('schema.ts and the migrations', () => {
  const drizzleKit = (args: string[]) =>
    spawnSync(process.execPath, [path.join(projectDir, 'node_modules/drizzle-kit/bin.cjs'), ...args, '--dialect', 'postgresql'], {
      cwd: projectDir,
      encoding: 'utf8',
      timeout: 60_000,
    });
  let out: string;

  beforeAll(async () => {
    out = await mkdtemp(path.join(tmpdir(), 'wow-migrations-copy-'));
    await cp(migrationsDir, out, { recursive: true });
  });
  afterAll(() => rm(out, { recursive: true, force: true }));

  it('agree: drizzle-kit generates nothing new from the schema into a copy of the migrations', async () => {
    const listing = async () => [...(await readdir(out)), ...(await readdir(path.join(out, 'meta')))].sort();
    const before = { files: await listing(), journal: await readFile(path.join(out, 'meta/_journal.json'), 'utf8') };
    // drizzle-kit reads paths relative to where it runs, and exits 0 even when it fails.
    const generated = drizzleKit(['generate', '--schema', './server/src/db/schema.ts', '--out', path.relative(projectDir, out)]);
    expect(generated.stdout, generated.stderr).toContain('No schema changes, nothing to migrate');
    expect({ files: await listing(), journal: await readFile(path.join(out, 'meta/_journal.json'), 'utf8') }).toEqual(before);
  });

  it('have a consistent history: drizzle-kit check finds no snapshot collisions', () => {
    const checked = drizzleKit(['check', '--out', path.relative(projectDir, migrationsDir)]);
    expect(checked.status, checked.stderr).toBe(0);
    expect(checked.stdout).toContain("Everything's fine");
  });
});

/** A copy of the migrations before `number` (such as `0038`), as the release before it shipped them. */
async function migrationsBefore(number: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), `wow-migrations-before-${number}-`));
  await cp(migrationsDir, folder, { recursive: true });
  for (const file of await readdir(folder)) if (file >= number && file.endsWith('.sql')) await rm(path.join(folder, file));
  for (const file of await readdir(path.join(folder, 'meta'))) {
    if (file >= `${number}_snapshot.json` && file.endsWith('_snapshot.json')) await rm(path.join(folder, 'meta', file));
  }
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  journal.entries = journal.entries.filter(({ tag }) => tag < number);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

describe.each(onPostgres([['a PGlite database', pgliteInMemory]]))(
  '0040_car_trip_prices on a database with cars listed before, as %s',
  (_label, makePlace) => {
    it("gives each car its body type's deposit and prices, and a price per extra km where it has a limit", async () => {
      const place = await makePlace();
      const folder = await migrationsBefore('0040');
      try {
        await withClient(place, async (client) => {
          await client.withConnection(({ migrate: runMigrator }) =>
            runMigrator({ migrationsFolder: folder, migrationsSchema: 'drizzle', migrationsTable: '__drizzle_migrations' }),
          );
          // In 0039's columns: Drizzle's insert would name the new ones too.
          await client.db.execute(sql`INSERT INTO cars (kind, catalogue_id, car_name, img_url, price, description, body_type, km_per_day_limit)
            VALUES ('fleet', 'old-hatch', 'Old hatch', '/x.svg', 40, '', 'hatchback', NULL),
                   ('fleet', 'old-sedan', 'Old sedan', '/x.svg', 60, '', 'sedan', 250),
                   ('fleet', 'old-muv', 'Old MUV', '/x.svg', 80, '', 'muv', NULL),
                   ('fleet', 'old-luxury', 'Old luxury', '/x.svg', 200, '', 'luxury', 150)`);
          await migrate(client);
          const prices = await rows<Record<string, string | number | null>>(
            client.db,
            sql`SELECT car_name, deposit_paise, extra_km_price, fuel_eighth_price, battery_tenth_price FROM cars ORDER BY price`,
          );
          expect(prices).toEqual([
            {
              car_name: 'Old hatch',
              deposit_paise: 300_000,
              extra_km_price: null,
              fuel_eighth_price: 50_000,
              battery_tenth_price: 20_000,
            },
            {
              car_name: 'Old sedan',
              deposit_paise: 500_000,
              extra_km_price: 1_200,
              fuel_eighth_price: 60_000,
              battery_tenth_price: 25_000,
            },
            {
              car_name: 'Old MUV',
              deposit_paise: 700_000,
              extra_km_price: null,
              fuel_eighth_price: 80_000,
              battery_tenth_price: 30_000,
            },
            {
              car_name: 'Old luxury',
              deposit_paise: 1_000_000,
              extra_km_price: 3_000,
              fuel_eighth_price: 100_000,
              battery_tenth_price: 50_000,
            },
          ]);
        });
      } finally {
        await place.remove();
        await rm(folder, { recursive: true, force: true });
      }
    });
  },
);

describe.each(onPostgres([['a PGlite data folder', pgliteFolder]]))(
  '0038_bookings_completed and 0039_trip_reviews_both_ways on a database with trips already over, as %s',
  (_label, makePlace) => {
    const HOUR_MS = 60 * 60 * 1000;
    // 3 hours at ₹200: ₹600, the platform's fifth ₹120, the owner's ₹480.
    const OWNER_PAISE = 48_000;
    let place: Place;
    let folderBefore: string;
    const ids = { owner: '', releasedLong: '', endedYesterday: '', endedToday: '', cancelled: '', car: '', review: '' };

    beforeAll(async () => {
      place = await makePlace();
      folderBefore = await migrationsBefore('0038');
      await withClient(place, async (client) => {
        await client.withConnection(({ migrate: runMigrator }) =>
          runMigrator({ migrationsFolder: folderBefore, migrationsSchema: 'drizzle', migrationsTable: '__drizzle_migrations' }),
        );
        const { db } = client;
        const [owner, renter] = await db
          .insert(accounts)
          .values([
            { username: 'tripowner', email: 'trip-owner@example.in', passwordHash: 'x', role: 'owner' },
            { username: 'triprenter', email: 'trip-renter@example.in', passwordHash: 'x', role: 'user' },
          ])
          .returning({ id: accounts.id });
        // In 0037's columns: Drizzle's insert would name the cars' later ones too.
        const [car] = await rows<{ id: string }>(
          db,
          sql`INSERT INTO cars (kind, owner_id, car_name, img_url, price, description)
            VALUES ('listed', ${owner?.id}, 'Trip car', '/x.svg', 200, 'Listed.') RETURNING id`,
        );
        ids.owner = owner?.id ?? '';
        const now = Date.now();
        // In 0037's columns: Drizzle's insert would name completes_at too.
        const trip = async (endedHoursAgo: number, status: string, released: boolean) => {
          const endsAt = new Date(now - endedHoursAgo * HOUR_MS);
          const startsAt = new Date(endsAt.getTime() - 3 * HOUR_MS);
          const [row] = await rows<{ id: string }>(
            db,
            sql`INSERT INTO bookings (car_id, renter_id, starts_at, ends_at, hours, driver, price_per_hour, total, amount_paise,
                status, expires_at, payment_status, payment_provider, payment_ref, commission_bps, tds_bps, earnings_released_at)
              VALUES (${car?.id}, ${renter?.id}, ${startsAt.toISOString()}, ${endsAt.toISOString()}, 3, false, 200, 600, 60000,
                ${status}, ${startsAt.toISOString()}, 'captured', 'razorpay', ${`pay_${endedHoursAgo}`}, 2000, 0,
                ${released ? new Date(endsAt.getTime() + 48 * HOUR_MS).toISOString() : null})
              RETURNING id`,
          );
          const id = row?.id ?? '';
          await db.insert(bookingEvents).values([
            { bookingId: id, status: 'requested', at: new Date(startsAt.getTime() - 48 * HOUR_MS) },
            { bookingId: id, status: 'accepted', at: new Date(startsAt.getTime() - 24 * HOUR_MS) },
          ]);
          await db.transaction(async (tx) => {
            await postJournal(tx, {
              key: `capture:${id}`,
              cause: 'booking',
              bookingId: id,
              memo: 'Booking paid',
              postedAt: startsAt,
              entries: [
                { account: 'received.razorpay', amountPaise: 60_000 },
                { account: 'platform.revenue', amountPaise: -12_000 },
                { account: 'owner.pending', ownerId: ids.owner, amountPaise: -OWNER_PAISE },
              ],
            });
            if (released) {
              await postJournal(tx, {
                key: `release:${id}`,
                cause: 'booking',
                bookingId: id,
                memo: 'Earnings available',
                postedAt: new Date(endsAt.getTime() + 48 * HOUR_MS),
                entries: [
                  { account: 'owner.pending', ownerId: ids.owner, amountPaise: OWNER_PAISE },
                  { account: 'owner.available', ownerId: ids.owner, amountPaise: -OWNER_PAISE },
                ],
              });
            }
          });
          return id;
        };
        // Released by the former rule, 48 hours after its end; past the default window, not yet released; within it.
        ids.releasedLong = await trip(72, 'accepted', true);
        ids.endedYesterday = await trip(30, 'accepted', false);
        ids.endedToday = await trip(2, 'accepted', false);
        ids.cancelled = await trip(100, 'cancelled', false);
        await db.update(bookings).set({ paymentStatus: 'refunded' }).where(eq(bookings.id, ids.cancelled));
        ids.car = car?.id ?? '';
        // Written yesterday, when a review showed at once; 0037's columns again.
        const [review] = await rows<{ id: string }>(
          db,
          sql`INSERT INTO reviews (booking_id, car_id, renter_id, rating, comment, created_at)
            VALUES (${ids.releasedLong}, ${car?.id}, ${renter?.id}, 4, 'Written before.', ${new Date(now - 24 * HOUR_MS).toISOString()})
            RETURNING id`,
        );
        ids.review = review?.id ?? '';
      });
    });
    afterAll(async () => {
      await place.remove();
      await rm(folderBefore, { recursive: true, force: true });
    });

    it('completes the accepted trips past the default claim window, in their history, and the sweep releases only what the former rule had not', async () => {
      const stored = async (db: Database) =>
        Object.fromEntries(
          (await db.select().from(bookings)).map((row) => [
            row.id,
            { status: row.status, completesAt: row.completesAt?.getTime(), released: row.earningsReleasedAt },
          ]),
        );
      const before = await withClient(place, async (client) => {
        expect(await migrate(client)).toEqual({
          adopted: [],
          applied: [
            '0038_bookings_completed',
            '0039_trip_reviews_both_ways',
            '0040_car_trip_prices',
            '0041_bookings_no_show',
            '0042_trip_records',
          ],
        });
        const { db } = client;
        const migrated = await stored(db);
        for (const id of [ids.releasedLong, ids.endedYesterday, ids.endedToday, ids.cancelled]) {
          const [row] = await db.select({ endsAt: bookings.endsAt }).from(bookings).where(eq(bookings.id, id));
          expect(migrated[id]?.completesAt).toBe((row?.endsAt.getTime() ?? 0) + 24 * HOUR_MS);
        }
        expect(migrated[ids.releasedLong]?.status).toBe('completed');
        expect(migrated[ids.endedYesterday]?.status).toBe('completed');
        expect(migrated[ids.endedToday]?.status).toBe('accepted');
        expect(migrated[ids.cancelled]?.status).toBe('cancelled');
        const history = await db
          .select({ bookingId: bookingEvents.bookingId, at: bookingEvents.at })
          .from(bookingEvents)
          .where(eq(bookingEvents.status, 'completed'));
        expect(history.map(({ bookingId, at }) => [bookingId, at.getTime()]).sort()).toEqual(
          [ids.releasedLong, ids.endedYesterday].map((id) => [id, migrated[id]?.completesAt]).sort(),
        );
        // The migration itself releases nothing.
        expect(await balanceOf(db, ids.owner)).toMatchObject({ pendingPaise: 3 * OWNER_PAISE, availablePaise: OWNER_PAISE });
        return migrated;
      });
      // The server's start sweeps once; a second sweep finds nothing left to do.
      const app = await buildTestApp(place.config);
      try {
        await sweepAt(app, new Date());
        await sweepAt(app, new Date());
        const after = await stored(app.db);
        // The one the former rule released keeps its release; yesterday's is released now, once; today's waits.
        expect(after[ids.releasedLong]).toEqual(before[ids.releasedLong]);
        expect(after[ids.endedYesterday]?.released).not.toBeNull();
        expect(after[ids.endedToday]).toEqual(before[ids.endedToday]);
        expect(Object.keys(await journalsOf(app.db, ids.releasedLong)).sort()).toEqual(['capture', 'release']);
        expect(Object.keys(await journalsOf(app.db, ids.endedYesterday)).sort()).toEqual(['capture', 'release']);
        expect(Object.keys(await journalsOf(app.db, ids.endedToday))).toEqual(['capture']);
        expect(await balanceOf(app.db, ids.owner)).toMatchObject({
          pendingPaise: 2 * OWNER_PAISE,
          availablePaise: 2 * OWNER_PAISE,
        });
        expect(await unbalancedJournals(app.db)).toEqual([]);

        // A review written before a trip's reviews waited for each other stays shown, and counts.
        const [review] = await app.db.select().from(reviews).where(eq(reviews.id, ids.review));
        expect(review?.visibleFrom).toEqual(review?.createdAt);
        const listed = await app.inject({ method: 'GET', url: `/api/cars/${ids.car}/reviews` });
        expect(listed.json<{ data: Array<{ id: string }> }>().data.map((item) => item.id)).toEqual([ids.review]);
        const car = await app.inject({ method: 'GET', url: `/api/cars/${ids.car}` });
        expect(car.json()).toMatchObject({ ratingCount: 1, ratingAverage: 4 });
      } finally {
        await closeTestApp(app);
      }
    });
  },
);
