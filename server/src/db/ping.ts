import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The cheapest question the database can answer: it throws when the database does not answer. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
