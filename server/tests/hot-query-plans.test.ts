import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commentThreadQuery } from '../src/comments/threads';
import { ownerCarsWithPhotos, ownersCarsInUse } from '../src/cars/owner-cars';
import { type AccountRow, accounts, blogPosts, comments } from '../src/db/schema';
import { bookingListQueries } from '../src/bookings/lists';
import { buildTestApp, closeTestApp } from './helpers';
import { type PlanNode, planOf } from './query-plans';

// How PostgreSQL plans the signed-in lists and a post's comments once the site holds 1,000 cars,
// 5,000 bookings and 4,000 comments: each is read through its indexes, never by reading a whole
// table, and a page in the list's order is read in that order instead of sorting everything first.
// On PGlite by default, and on the PostgreSQL server at TEST_DATABASE_URL when it is set.

/** The plan's own path, without the subqueries it runs beside it (the count, a row's replies). */
function mainPath(plan: PlanNode[]): PlanNode[] {
  const [root] = plan;
  const walk = (node: PlanNode): PlanNode[] => [
    node,
    ...(node.Plans ?? []).filter((child) => !['SubPlan', 'InitPlan'].includes(child['Parent Relationship'] ?? '')).flatMap(walk),
  ];
  return root ? walk(root) : [];
}

const seqScans = (plan: PlanNode[]) =>
  plan.flatMap((node) => (node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : []));
const indexes = (plan: PlanNode[]) => plan.flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []));
const sorts = (plan: PlanNode[]) =>
  plan.filter((node) => node['Node Type'] === 'Sort' || node['Node Type'] === 'Incremental Sort');

const OWNERS = 10;
const CARS_PER_OWNER = 100;
const RENTERS = 490;
const BOOKINGS = 20_000;
const COMMENTS = 2_000;
const WINDOW = { limit: 24, offset: 0 };

let app: FastifyInstance;
let owner: AccountRow;
let renter: AccountRow;
let postId: string;

beforeAll(async () => {
  app = await buildTestApp();
  await app.db.execute(sql`
    INSERT INTO accounts (username, email, password_hash, role)
    SELECT 'hot owner ' || n, 'hot-owner-' || n || '@example.com', 'not a hash', 'owner' FROM generate_series(1, ${OWNERS}) AS n
    UNION ALL
    SELECT 'hot renter ' || n, 'hot-renter-' || n || '@example.com', 'not a hash', 'user' FROM generate_series(1, ${RENTERS}) AS n`);
  // Every owner lists as many cars as one owner may, each with three photos.
  await app.db.execute(sql`
    INSERT INTO cars (kind, owner_id, car_name, img_url, price, description, created_at)
    SELECT 'listed', owner.id, 'Hot car ' || n, '/images/cars/plan.svg', 100 + n % 900, '', now() - n * interval '1 minute'
    FROM generate_series(1, ${OWNERS * CARS_PER_OWNER}) AS n
    JOIN accounts owner ON owner.email = 'hot-owner-' || (1 + n % ${OWNERS}) || '@example.com'`);
  await app.db.execute(sql`
    INSERT INTO car_photos (car_id, position, file_key, width, height)
    SELECT cars.id, position, md5(cars.id::text || position), 1600, 1200
    FROM cars, generate_series(0, 2) AS position WHERE cars.kind = 'listed'`);
  // Spread over the cars and the renters, a third accepted, each in a period of its own.
  await app.db.execute(sql`
    WITH car AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM cars WHERE kind = 'listed'),
         renter AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM accounts WHERE role = 'user')
    INSERT INTO bookings (car_id, renter_id, starts_at, ends_at, hours, driver, price_per_hour, total, amount_paise, status, expires_at, created_at)
    SELECT car.id, renter.id, now() + n * interval '3 hours', now() + n * interval '3 hours' + interval '2 hours', 2, false, 100, 200, 20000,
      CASE WHEN n % 3 = 0 THEN 'accepted' ELSE 'requested' END, now() + n * interval '3 hours', now() - n * interval '1 minute'
    FROM generate_series(1, ${BOOKINGS}) AS n
    JOIN car ON car.k = 1 + n % ${OWNERS * CARS_PER_OWNER}
    JOIN renter ON renter.k = 1 + n % ${RENTERS}`);
  await app.db.execute(sql`
    INSERT INTO reviews (booking_id, car_id, renter_id, rating, visible_from)
    SELECT id, car_id, renter_id, 4, now() FROM bookings WHERE status = 'accepted'`);
  const posts = await app.db.select({ id: blogPosts.id }).from(blogPosts).orderBy(blogPosts.position);
  const [post] = posts;
  if (!post || posts.length < 2) throw new Error('the seeded blog posts are missing');
  postId = post.id;
  // 2,000 comments on one post and as many over the others, every third with two replies.
  await app.db.execute(sql`
    INSERT INTO comments (post_id, author, content, created_at)
    SELECT ${post.id}::uuid, 'reader', 'Comment ' || n, now() - n * interval '1 minute' FROM generate_series(1, ${COMMENTS}) AS n
    UNION ALL
    SELECT (SELECT id FROM blog_posts WHERE id <> ${post.id}::uuid ORDER BY position OFFSET n % ${posts.length - 1} LIMIT 1),
      'reader', 'Comment ' || n, now() - n * interval '1 minute' FROM generate_series(1, ${COMMENTS}) AS n`);
  await app.db.execute(sql`
    INSERT INTO comments (parent_id, author, content, created_at)
    SELECT comments.id, 'reader', 'Reply ' || r, comments.created_at + r * interval '1 second'
    FROM comments, generate_series(1, 2) AS r WHERE comments.parent_id IS NULL AND abs(hashtext(comments.id::text)) % 3 = 0`);
  // As autovacuum leaves a table: statistics gathered and its pages marked all-visible.
  await app.db.execute(sql`VACUUM ANALYZE`);
  const account = (email: string) =>
    app.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, email))
      .then(([row]) => {
        if (!row) throw new Error(`no account ${email}`);
        return row;
      });
  [owner, renter] = await Promise.all([account('hot-owner-1@example.com'), account('hot-renter-1@example.com')]);
}, 120_000);
afterAll(() => closeTestApp(app));

const postComments = () => eq(comments.postId, postId);

describe("the owner's cars", () => {
  it('reads the owner’s cars and their photos through their indexes, never a whole table', async () => {
    const plan = await planOf(app.db, ownerCarsWithPhotos(app.db, ownersCarsInUse(owner.id)));
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan)).toEqual(expect.arrayContaining(['cars_owner_idx', 'car_photos_car_idx']));
  });
});

describe('GET /api/bookings', () => {
  it("reads a renter's page in its order off bookings_renter_idx, sorting nothing", async () => {
    const { page } = bookingListQueries(app.db, renter, {}, WINDOW, new Date());
    const plan = await planOf(app.db, page);
    expect(seqScans(plan)).not.toContain('bookings');
    expect(indexes(mainPath(plan))).toContain('bookings_renter_idx');
    expect(sorts(mainPath(plan))).toEqual([]);
  });

  it("counts a renter's bookings off the same index", async () => {
    const plan = await planOf(app.db, bookingListQueries(app.db, renter, {}, WINDOW, new Date()).counted);
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan)).toContain('bookings_renter_idx');
  });

  it("reads and counts the bookings of an owner's cars through the owner's cars, never the whole bookings table", async () => {
    const { page, counted } = bookingListQueries(app.db, owner, {}, WINDOW, new Date());
    for (const plan of [await planOf(app.db, page), await planOf(app.db, counted)]) {
      expect(seqScans(plan)).not.toContain('bookings');
      expect(indexes(plan)).toEqual(expect.arrayContaining(['cars_owner_idx', 'bookings_car_idx']));
    }
  });
});

describe("a post's comments", () => {
  it('reads a page newest first off comments_post_idx, sorting nothing, and the replies off comments_parent_idx', async () => {
    const plan = await planOf(app.db, commentThreadQuery(app.db, postComments(), { limit: 200, offset: 0 }).page);
    expect(seqScans(plan)).not.toContain('comments');
    expect(indexes(mainPath(plan))).toContain('comments_post_idx');
    expect(sorts(mainPath(plan))).toEqual([]);
    expect(indexes(plan)).toContain('comments_parent_idx');
  });

  it('counts them off comments_post_idx', async () => {
    const plan = await planOf(app.db, commentThreadQuery(app.db, postComments(), { limit: 200, offset: 0 }).counted);
    expect(seqScans(plan)).toEqual([]);
    expect(indexes(plan)).toContain('comments_post_idx');
  });
});
