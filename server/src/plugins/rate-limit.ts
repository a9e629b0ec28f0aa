import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { addressKey } from '../auth/client-address';
import type { ServerConfig } from '../config';
import { HttpError } from '../http/errors';
import type { WriteQuotas } from '../limits/quotas';
import { t } from '../i18n';

/**
 * A per-address ceiling on every route registered after it, against floods; an IPv6 address counts
 * as its /64. It is counted in this process's memory; the limits the contract names (sign-in
 * failures, registrations, the per-account quotas of limits/quotas.ts) are counted in the database
 * instead, so that every instance sees the same count. Its 429 is an HttpError, which the errors
 * plugin's handler turns into the contract's body.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The limits on writes the routes enforce (limits/quotas.ts). */
    quotas: WriteQuotas;
  }
}

async function requestCeiling(app: FastifyInstance, config: Pick<ServerConfig, 'requestsPerMinute' | 'quotas'>): Promise<void> {
  app.decorate('quotas', config.quotas);
  await app.register(rateLimit, {
    global: true,
    max: config.requestsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => addressKey(request.ip),
    // The count left is told once it runs out (429 with Retry-After), not on every answer below the
    // ceiling: three headers no client of ours reads, on each API call.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (_request, context) => new HttpError(429, t('server.rateLimit.tooMany', { after: context.after })),
  });
}

export const rateLimitPlugin = fp(requestCeiling, { name: 'rate-limit', fastify: '5.x', dependencies: ['errors'] });
