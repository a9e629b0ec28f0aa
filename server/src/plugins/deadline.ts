import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { Deadline, PastDeadlineError, runUnderDeadline } from '../db/deadline';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's deadline starts inside its handler (`startDeadline`), once its body is in: a photo
     * may take minutes to arrive from a slow phone, and only the work after that is bounded.
     */
    deadlineStartsInHandler?: boolean;
  }
}

/**
 * Every route's work is bounded by `requestDeadlineMs`: past it the client is answered 503 with
 * Retry-After (the errors plugin words it) and the line is logged, well before a proxy or the app
 * gives up on the socket. The handler is not stopped, since nothing can stop it from outside; its
 * transactions check the deadline before they commit (db/deadline.ts) and roll back, so the 503 is
 * true: nothing was done. When the handler finally ends, that is logged too.
 */
async function deadline(app: FastifyInstance, config: Pick<ServerConfig, 'requestDeadlineMs'>): Promise<void> {
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    const startsInHandler = route.config?.deadlineStartsInHandler === true;
    const bounded: RouteHandlerMethod = async function (this: FastifyInstance, request, reply) {
      let answered = false;
      const bound = new Deadline(config.requestDeadlineMs, () => {
        if (reply.sent || reply.raw.headersSent) return;
        answered = true;
        logPastDeadline(request, reply, bound, false);
        void reply.send(new PastDeadlineError());
      });
      if (!startsInHandler) bound.start();
      try {
        const result: unknown = await runUnderDeadline(bound, () => handler.call(this, request, reply));
        if (answered) logLateEnd(request, bound, 'finished');
        return answered ? undefined : result;
      } catch (error) {
        if (answered) {
          logLateEnd(request, bound, error instanceof PastDeadlineError ? 'rolled back' : 'failed', error);
          return undefined;
        }
        // On PGlite the work held the event loop past the deadline; its transaction saw it first and rolled back.
        if (error instanceof PastDeadlineError) logPastDeadline(request, reply, bound, true);
        throw error;
      } finally {
        bound.end();
      }
    };
    route.handler = bounded;
  });
}

/** `rolledBack`: the work has ended, its transaction rolled back; otherwise it still runs, and its end is logged when it comes. */
function logPastDeadline(request: FastifyRequest, reply: FastifyReply, bound: Deadline, rolledBack: boolean): void {
  reply.log.warn(
    { method: request.method, route: request.routeOptions.url, elapsedMs: bound.elapsedMs(), rolledBack },
    'request past its deadline: answered 503, its writes roll back',
  );
}

/** The end of work whose client was already answered 503: rolled back, finished (a read, or no transaction to roll back), or failed. */
function logLateEnd(request: FastifyRequest, bound: Deadline, outcome: string, error?: unknown): void {
  const line = { method: request.method, route: request.routeOptions.url, elapsedMs: bound.elapsedMs(), outcome };
  if (outcome === 'failed') request.log.error({ ...line, err: error }, 'work of a request answered 503 at its deadline failed');
  else request.log.info(line, 'work of a request answered 503 at its deadline ended');
}

export const deadlinePlugin = fp(deadline, { name: 'deadline', fastify: '5.x', dependencies: ['errors'] });
