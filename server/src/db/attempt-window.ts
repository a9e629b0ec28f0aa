import { and, count, desc, gt, type ColumnBaseConfig, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** At most `limit` attempts within any `windowMs`, counted as rows in a table. */
export interface AttemptLimit {
  limit: number;
  windowMs: number;
}

/** Where one kind of attempt is stored: its table, the column saying when, and which rows count. */
export interface AttemptRows {
  table: PgTable;
  at: PgColumn<ColumnBaseConfig<'date', string> & { data: Date; notNull: true }>;
  where: SQL | undefined;
}

/**
 * Seconds until fewer than `limit` attempts remain in the window, or 0 when under the limit. With
 * `limit` or more, the `limit`-th newest is the one whose expiry brings the count below it.
 */
export async function secondsUntilAllowed(
  db: Database,
  rows: AttemptRows,
  { limit, windowMs }: AttemptLimit,
  now: Date,
): Promise<number> {
  const [blocking] = await db
    .select({ at: rows.at })
    .from(rows.table)
    .where(and(rows.where, gt(rows.at, new Date(now.getTime() - windowMs))))
    .orderBy(desc(rows.at))
    .offset(limit - 1)
    .limit(1);
  if (!blocking) return 0;
  return Math.max(1, Math.ceil((blocking.at.getTime() + windowMs - now.getTime()) / 1000));
}

/** Attempts within the window, counted up to `atMost` (beyond which the caller does not care how many). */
export async function countAttempts(
  db: Database,
  rows: AttemptRows,
  windowMs: number,
  now: Date,
  atMost: number,
): Promise<number> {
  const recent = db
    .select({ at: rows.at })
    .from(rows.table)
    .where(and(rows.where, gt(rows.at, new Date(now.getTime() - windowMs))))
    .limit(atMost)
    .as('recent');
  const [counted] = await db.select({ n: count() }).from(recent);
  return counted?.n ?? 0;
}
