import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock/clock';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every rule reads the time: the machine's clock, or the one a test gave the app. */
    clock: Clock;
  }
}

async function clock(app: FastifyInstance, options: { clock: Clock }): Promise<void> {
  app.decorate('clock', options.clock);
}

export const clockPlugin = fp(clock, { name: 'clock', fastify: '5.x' });
