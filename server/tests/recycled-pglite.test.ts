import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { accounts, bookingEvents, bookings, cars, mailOutbox } from '../src/db/schema';
import { buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { indiaTime, listCar, requestBooking } from './marketplace-helpers';

// The suite's apps on PGlite reuse databases earlier apps closed (recycled-pglite.ts): each must
// still start on exactly the template, or one file's writes would decide another's outcome.

/** Which PGlite instance (or PostgreSQL pool) an app runs on: the same object when its database was recycled. */
function pgliteOf(app: FastifyInstance): object {
  return (app.db as unknown as { $client: object }).$client;
}

async function rowCounts(app: FastifyInstance): Promise<Record<string, number>> {
  const tables = { accounts, cars, bookings, bookingEvents, mailOutbox };
  const counts = await Promise.all(
    Object.entries(tables).map(async ([name, table]) => [name, await app.db.$count(table)] as const),
  );
  return Object.fromEntries(counts);
}

/** Lists a car and books it: two accounts, a car, a booking with its number, its event and its mail. */
async function bookSomething(app: FastifyInstance): Promise<string> {
  const owner = await registerAndSignIn(app, 'owner');
  const renter = await registerAndSignIn(app, 'user');
  const car = await listCar(app, owner, 'Recycled Swift', 1500);
  const booking = await requestBooking(app, renter, {
    carName: car.id,
    from: indiaTime(3, '10:00'),
    to: indiaTime(3, '18:00'),
    driver: false,
  });
  return booking.number;
}

/** With TEST_DATABASE_URL every test app has a new database of its own on that server, and none is recycled. */
const recycles = !process.env.TEST_DATABASE_URL;

describe('a test app', () => {
  it('starts on the template even when its database was an earlier app’s, numbering bookings afresh', async () => {
    const first = await buildTestApp();
    const template = await rowCounts(first);
    const firstNumber = await bookSomething(first);
    expect(await rowCounts(first)).not.toEqual(template);
    const firstDatabase = pgliteOf(first);
    await closeTestApp(first);

    const second = await buildTestApp();
    try {
      if (recycles) expect(pgliteOf(second)).toBe(firstDatabase);
      expect(await rowCounts(second)).toEqual(template);
      expect(await bookSomething(second)).toBe(firstNumber);
    } finally {
      await closeTestApp(second);
    }
  });

  it('never gets a database whose schema an earlier app’s test changed', async () => {
    const first = await buildTestApp();
    await first.db.execute(sql`ALTER TABLE accounts ADD CONSTRAINT refuse_new_accounts CHECK (false) NOT VALID`);
    const changed = pgliteOf(first);
    await closeTestApp(first);

    const second = await buildTestApp();
    try {
      expect(pgliteOf(second)).not.toBe(changed);
      await expect(registerAndSignIn(second, 'user')).resolves.toMatch(/^session=/);
    } finally {
      await closeTestApp(second);
    }
  });
});
