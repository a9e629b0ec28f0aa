import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { blogPosts as sampleBlogPosts } from '../../../src/data/blogs';
import { catalogueCars } from '../../../src/data/cars';
import { slugify } from '../../../src/domain/slug';
import { hashPassword } from '../auth/passwords';
import { email, password, username } from '../http/fields';
import type { Database } from './client';
import { accounts, blogPosts, cars } from './schema';

/**
 * The sample fleet and blog posts come from the same modules the app shows, keyed by their data
 * ids, so running this at every start-up inserts them once and afterwards keeps them in step with
 * the modules.
 */
export async function seedSampleData(db: Database): Promise<void> {
  await db
    .insert(cars)
    .values(
      catalogueCars.map(({ id, ...car }) => ({ kind: 'fleet' as const, catalogueId: id, ...car })),
    )
    .onConflictDoUpdate({
      target: cars.catalogueId,
      set: {
        carName: sql`excluded.car_name`,
        imgUrl: sql`excluded.img_url`,
        price: sql`excluded.price`,
        description: sql`excluded.description`,
        brand: sql`excluded.brand`,
        model: sql`excluded.model`,
        rating: sql`excluded.rating`,
        speed: sql`excluded.speed`,
        gps: sql`excluded.gps`,
        seatType: sql`excluded.seat_type`,
        automatic: sql`excluded.automatic`,
      },
    });

  await db
    .insert(blogPosts)
    .values(
      sampleBlogPosts.map((post, position) => ({
        catalogueId: post.id,
        slug: slugify(post.title),
        title: post.title,
        author: post.author,
        date: post.date,
        time: post.time,
        imgUrl: post.imgUrl,
        description: post.description,
        quote: post.quote,
        position,
      })),
    )
    .onConflictDoUpdate({
      target: blogPosts.catalogueId,
      set: {
        slug: sql`excluded.slug`,
        title: sql`excluded.title`,
        author: sql`excluded.author`,
        date: sql`excluded.date`,
        time: sql`excluded.time`,
        imgUrl: sql`excluded.img_url`,
        description: sql`excluded.description`,
        quote: sql`excluded.quote`,
        position: sql`excluded.position`,
      },
    });
}

const adminSchema = z.object({ email, username, password });

export interface AdminSeed {
  email: string;
  username: string;
  password: string;
}

/**
 * Creates the first admin from the configuration. An existing account with that email or username
 * is left as it is (its password is not reset at every start). Returns whether an admin was created.
 */
export async function seedAdmin(db: Database, admin: AdminSeed): Promise<boolean> {
  const parsed = adminSchema.safeParse(admin);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((issue) => `ADMIN_${String(issue.path[0]).toUpperCase()}`);
    throw new Error(`The first admin cannot be created: check ${[...new Set(fields)].join(', ')}.`);
  }
  const created = await db
    .insert(accounts)
    .values({
      email: parsed.data.email,
      username: parsed.data.username,
      passwordHash: await hashPassword(parsed.data.password),
      role: 'admin',
    })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  return created.length > 0;
}
