import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { HealthAnswer } from '#domain/contract';
import { HttpError } from '../http/errors';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/health', async (request): Promise<HealthAnswer> => {
    try {
      await app.db.execute(sql`SELECT 1`);
    } catch (error) {
      request.log.error({ err: error }, 'database health check failed');
      throw new HttpError(503, 'The database is not answering. Please try again in a moment.');
    }
    return { status: 'ok', db: app.dbKind };
  });
}
