import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_TYPES, CITIES } from '#domain/car-attributes';
import { type CarFilters, publicCarQueries } from '../src/cars/public-cars';
import { buildTestApp, closeTestApp } from './helpers';
import { type PlanNode, planOf } from './query-plans';

// How PostgreSQL plans the public list once the marketplace holds 10,000 cars: each page is read
// through an index, never by reading the whole cars table. On PGlite by default, and on the
// PostgreSQL server at TEST_DATABASE_URL when it is set; both are PostgreSQL's planner.

const CARS = 10_000;
const OWNERS = 500;
let app: FastifyInstance;

const CARS_INDEXES = /^cars_/;

/** How the plan reads the cars table: by reading all of it, and through which of its indexes. */
const carsReads = (plan: PlanNode[]) => ({
  seqScans: plan.filter((node) => node['Relation Name'] === 'cars' && node['Node Type'] === 'Seq Scan').length,
  indexes: plan.flatMap((node) => (node['Index Name'] && CARS_INDEXES.test(node['Index Name']) ? [node['Index Name']] : [])),
});

beforeAll(async () => {
  app = await buildTestApp();
  // Listed by 500 owners, as a marketplace's cars are; one of them disabled.
  await app.db.execute(sql`
    INSERT INTO accounts (username, email, password_hash, role, disabled)
    SELECT 'plan owner ' || n, 'plan-owner-' || n || '@example.com', 'not a hash', 'owner', n = 1
    FROM generate_series(1, ${OWNERS}) AS n`);
  const cities = sql.raw(`ARRAY[${CITIES.map((city) => `'${city}'`).join(', ')}]`);
  const bodyTypes = sql.raw(`ARRAY[${BODY_TYPES.map((type) => `'${type}'`).join(', ')}]`);
  // Spread over every city, body type and price, with a few paused and archived as on a live site.
  await app.db.execute(sql`
    INSERT INTO cars (kind, owner_id, car_name, img_url, price, description, city, body_type, transmission, seats, paused_at, archived_at, created_at)
    SELECT 'listed', (SELECT id FROM accounts WHERE email = 'plan-owner-' || (1 + n % ${OWNERS}) || '@example.com'), 'Plan car ' || n, '/images/cars/plan.svg', 1 + (n * 7919) % 5000, '',
      (${cities})[1 + n % ${CITIES.length}], (${bodyTypes})[1 + n % ${BODY_TYPES.length}],
      CASE WHEN n % 3 = 0 THEN 'automatic' ELSE 'manual' END, 4 + n % 4,
      CASE WHEN n % 50 = 0 THEN now() END, CASE WHEN n % 70 = 0 THEN now() END,
      now() - n * interval '1 minute'
    FROM generate_series(1, ${CARS}) AS n`);
  await app.db.execute(sql`ANALYZE`);
}, 120_000);
afterAll(() => closeTestApp(app));

const FIRST_PAGE = { limit: 24, offset: 0 };

describe('the public list of 10,000 cars', () => {
  // Which indexes serve each page well: a filter's own index, or, where the filter keeps many cars,
  // walking the list's order until a page is full.
  const cases: [string, CarFilters, string[]][] = [
    ['in its default order', {}, ['cars_public_order_idx']],
    ['in one city', { city: 'Pune' }, ['cars_city_idx', 'cars_public_order_idx']],
    ['in one city, cheapest first', { city: 'Pune', sort: 'price-asc' }, ['cars_city_idx']],
    ['of one body type within a budget', { bodyType: 'suv', maxPrice: 2000 }, ['cars_body_type_idx', 'cars_public_order_idx']],
    ['cheapest first', { sort: 'price-asc' }, ['cars_price_idx']],
    ['dearest first', { sort: 'price-desc' }, ['cars_price_idx']],
    ['within a narrow price range', { minPrice: 100, maxPrice: 120 }, ['cars_price_idx']],
  ];

  it.each(cases)('reads a page %s through an index, never the whole table', async (_name, filters, suited) => {
    const { page } = publicCarQueries(app.db, filters, FIRST_PAGE);
    const reads = carsReads(await planOf(app.db, page));
    expect(reads.seqScans).toBe(0);
    expect(
      reads.indexes.some((index) => suited.includes(index)),
      `read through ${reads.indexes.join(', ')}`,
    ).toBe(true);
  });

  it('counts a filtered list through an index too', async () => {
    const { total } = publicCarQueries(app.db, { city: 'Pune', bodyType: 'suv' }, FIRST_PAGE);
    const reads = carsReads(await planOf(app.db, total));
    expect(reads.seqScans).toBe(0);
    expect(reads.indexes.length).toBeGreaterThan(0);
  });

  it('still answers the right cars: Pune SUVs, paused, archived and a disabled owner’s left out', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/cars?city=Pune&bodyType=suv&pageSize=100' });
    const body = response.json<{ total: number; data: { city: string; bodyType: string }[] }>();
    const [expected] = (
      (await app.db.execute(
        sql`SELECT count(*)::int AS n FROM cars LEFT JOIN accounts ON accounts.id = cars.owner_id
        WHERE city = 'Pune' AND body_type = 'suv' AND paused_at IS NULL AND archived_at IS NULL AND NOT delisted AND accounts.disabled IS NOT TRUE`,
      )) as unknown as { rows: { n: number }[] }
    ).rows;
    expect(body.total).toBe(expected?.n);
    expect(body.data.every((car) => car.city === 'Pune' && car.bodyType === 'suv')).toBe(true);
  });
});
