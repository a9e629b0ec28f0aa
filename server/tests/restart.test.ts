import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodedAnswer, OwnerCar } from '#domain/contract';
import { catalogueCars } from '#data/cars';
import { blogPosts as sampleBlogPosts } from '#data/blogs';
import { blogPosts, cars } from '../src/db/schema';
import { buildTestApp, closeTestApp, register, signIn } from './helpers';

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'wow-data-'));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe('the embedded database on disk', () => {
  it('keeps accounts, cars and the sample data across a restart, seeding them only once', async () => {
    const first = await buildTestApp({ dataDir });
    const owner = await register(first, 'owner');
    const cookie = await signIn(first, owner.email, owner.password);
    const added = await first.inject({
      method: 'POST',
      url: '/add-cars',
      headers: { cookie },
      payload: { url: '/images/cars/bmw-x3.svg', carname: 'Persistent', description: 'Survives restarts.', price: 999 },
    });
    expect(added.statusCode).toBe(201);
    await closeTestApp(first);

    const second = await buildTestApp({ dataDir });
    try {
      // The session, stored in the database, outlives the process too.
      const list = await second.inject({ method: 'GET', url: '/get-cars', headers: { cookie } });
      expect(list.statusCode).toBe(200);
      expect(list.json<CodedAnswer<OwnerCar[]>>().data).toMatchObject([{ carname: 'Persistent', price: 999 }]);

      const again = await second.inject({
        method: 'POST',
        url: '/ownerloginSchema',
        payload: { email: owner.email, password: owner.password },
      });
      expect(again.statusCode).toBe(200);

      const fleet = await second.db.select({ catalogueId: cars.catalogueId }).from(cars);
      expect(fleet.filter((car) => car.catalogueId !== null)).toHaveLength(catalogueCars.length);
      expect(await second.db.select({ id: blogPosts.id }).from(blogPosts)).toHaveLength(sampleBlogPosts.length);
    } finally {
      await closeTestApp(second);
    }
  });

  it('brings the sample fleet and posts back in step with the data modules at the next start', async () => {
    const first = await buildTestApp({ dataDir });
    // As a database seeded before the fleet took real models' names holds its first car.
    await first.db
      .update(cars)
      .set({ price: 1, carName: 'Tesla Malibu', brand: 'Tesla', model: 'Model-2022', speed: '20kmpl' })
      .where(eq(cars.catalogueId, catalogueCars[0]!.id));
    await first.db
      .update(blogPosts)
      .set({ title: 'Stale title', quote: 'Stale' })
      .where(eq(blogPosts.catalogueId, sampleBlogPosts[0]!.id));
    await closeTestApp(first);

    const second = await buildTestApp({ dataDir });
    try {
      const [car] = await second.db.select().from(cars).where(eq(cars.catalogueId, catalogueCars[0]!.id));
      const { price, carName, brand, model, speed } = catalogueCars[0]!;
      expect(car).toMatchObject({ price, carName, brand, model, speed });
      const [post] = await second.db.select().from(blogPosts).where(eq(blogPosts.catalogueId, sampleBlogPosts[0]!.id));
      expect(post).toMatchObject({ title: sampleBlogPosts[0]!.title, quote: sampleBlogPosts[0]!.quote });
    } finally {
      await closeTestApp(second);
    }
  });
});
