import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthAnswer } from '#domain/schemas/health';
import { pingDatabase } from '../db/ping';
import { answer, errors } from '../http/answers';
import { HttpError } from '../http/errors';
import { t } from '../i18n';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Whether the database answers',
        response: { 200: answer(HealthAnswer, 'The database answered.'), ...errors([503]) },
      },
    },
    async (request) => {
      try {
        await pingDatabase(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        throw new HttpError(503, t('server.health.databaseAway'));
      }
      return { status: 'ok' as const, db: app.dbKind };
    },
  );
};
