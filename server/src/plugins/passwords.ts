import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { HashQueue } from '../auth/hash-queue';
import { passwords as passwordsAt, type Passwords } from '../auth/passwords';
import type { ServerConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Password hashing at the configured scrypt cost. */
    passwords: Passwords;
  }
}

async function passwords(
  app: FastifyInstance,
  config: Pick<ServerConfig, 'scryptCost'> & { queue?: HashQueue | undefined },
): Promise<void> {
  app.decorate('passwords', passwordsAt(config.scryptCost, config.queue));
}

export const passwordsPlugin = fp(passwords, { name: 'passwords', fastify: '5.x' });
