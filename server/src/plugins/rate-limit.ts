import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { HttpError } from '../http/errors';

/**
 * A per-address ceiling on every route registered after it, against floods. It is counted in this
 * process's memory; the limits the contract names (sign-in failures) are counted in the database
 * instead, so that every instance sees the same count. Its 429 is an HttpError, which the errors
 * plugin's handler turns into the contract's body.
 */
async function requestCeiling(app: FastifyInstance, config: Pick<ServerConfig, 'requestsPerMinute'>): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: config.requestsPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests from your address. Please try again in ${context.after}.`),
  });
}

export const rateLimitPlugin = fp(requestCeiling, { name: 'rate-limit', fastify: '5.x', dependencies: ['errors'] });
