import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { BookingStatus, CarKind, Role } from '#domain/contract';

/**
 * The tables as Drizzle sees them. The migrations in ./migrations are the source of truth for the
 * database (checks, partial indexes, the bookings exclusion constraint); this file mirrors their
 * columns so queries are typed.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const accounts = pgTable('accounts', {
  id: uuid('id').primaryKey().defaultRandom(),
  username: text('username').notNull(),
  /** Stored in lower case, so the unique index compares emails in lower case. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role').$type<Role>().notNull(),
  phoneNumber: text('phone_number'),
  country: text('country'),
  disabled: boolean('disabled').notNull().default(false),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's token, hex: the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('sessions_account_idx').on(table.accountId)],
);

/** One row per failed sign-in, kept for the rate-limit window so every API instance counts the same failures. */
export const signInFailures = pgTable('sign_in_failures', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  /** `account:<id>` when the login named an account, else `login:<the login in lower case>`. */
  subject: text('subject').notNull(),
  address: text('address').notNull(),
  failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The platform's fleet (seeded from the catalogue) and every owner's listed cars, in one table so bookings refer to either. */
export const cars = pgTable('cars', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind').$type<CarKind>().notNull(),
  ownerId: uuid('owner_id').references(() => accounts.id),
  /** The catalogue's id for fleet cars, so seeding finds them again. */
  catalogueId: text('catalogue_id').unique(),
  carName: text('car_name').notNull(),
  imgUrl: text('img_url').notNull(),
  price: integer('price').notNull(),
  description: text('description').notNull(),
  brand: text('brand'),
  model: text('model'),
  rating: integer('rating'),
  speed: text('speed'),
  gps: text('gps'),
  seatType: text('seat_type'),
  automatic: text('automatic'),
  delisted: boolean('delisted').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

const tstzrange = customType<{ data: string }>({ dataType: () => 'tstzrange' });

export const bookings = pgTable('bookings', {
  id: uuid('id').primaryKey().defaultRandom(),
  carId: uuid('car_id')
    .notNull()
    .references(() => cars.id),
  renterId: uuid('renter_id')
    .notNull()
    .references(() => accounts.id),
  startsAt: timestamp('starts_at', { withTimezone: true, mode: 'date' }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true, mode: 'date' }).notNull(),
  /** `[starts_at, ends_at)`: the exclusion constraint refuses two accepted bookings of one car whose periods overlap. */
  period: tstzrange('period').generatedAlwaysAs(sql`tstzrange(starts_at, ends_at, '[)')`),
  hours: integer('hours').notNull(),
  driver: boolean('driver').notNull(),
  pricePerDay: integer('price_per_day').notNull(),
  total: integer('total').notNull(),
  amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
  status: text('status').$type<BookingStatus>().notNull().default('requested'),
  paymentRef: text('payment_ref'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const blogPosts = pgTable('blog_posts', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The sample data's id, so seeding finds a post again even if its title changes. */
  catalogueId: text('catalogue_id').notNull().unique(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  author: text('author').notNull(),
  /** Display text as the sample data writes it ("12 Dec, 2022"), not an instant. */
  date: text('date').notNull(),
  time: text('time').notNull(),
  imgUrl: text('img_url').notNull(),
  description: text('description').notNull(),
  quote: text('quote').notNull(),
  /** The post's place in the sample data, so lists keep the app's order. */
  position: integer('position').notNull(),
});

/** Comments and their replies: a reply has a parent and no post of its own. */
export const comments = pgTable('comments', {
  id: uuid('id').primaryKey().defaultRandom(),
  postId: uuid('post_id').references(() => blogPosts.id),
  parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
  accountId: uuid('account_id').references(() => accounts.id),
  author: text('author').notNull(),
  content: text('content').notNull(),
  createdAt: createdAt(),
});

export const contactMessages = pgTable('contact_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  address: text('address').notNull(),
  createdAt: createdAt(),
});

export const newsletterSignups = pgTable('newsletter_signups', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  createdAt: createdAt(),
});

export const schema = {
  accounts,
  sessions,
  signInFailures,
  cars,
  bookings,
  blogPosts,
  comments,
  contactMessages,
  newsletterSignups,
};

/** A row as queries return it: what the routes turn into the contract's shapes. */
export type AccountRow = typeof accounts.$inferSelect;
export type CarRow = typeof cars.$inferSelect;
export type BookingRow = typeof bookings.$inferSelect;
export type BlogPostRow = typeof blogPosts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
