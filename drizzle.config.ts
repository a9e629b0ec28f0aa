import { defineConfig } from 'drizzle-kit';

/**
 * `npm run db:generate` writes a migration for whatever `schema.ts` changed; the server applies
 * them at start-up (server/src/db/migrate.ts). Changes Drizzle cannot declare (the bookings'
 * exclusion constraint) are custom migrations: `npx drizzle-kit generate --custom --name <what>`.
 */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/src/db/schema.ts',
  out: './server/src/db/migrations',
});
