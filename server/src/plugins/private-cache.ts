import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import {
  headerNames,
  headersSetSince,
  hookKeepingRoutes,
  type KeepingHooks,
  type KeptAnswer,
  keptAnswer,
  sendCompressed,
} from '../http/kept-answer';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This GET answers a signed-in account with its own lists: its answer is kept in memory for that
     * account alone, and sent to it again until the database says that account's lists changed.
     */
    privateCache?: boolean;
  }
  interface FastifyRequest {
    /** Set when this request's answer may be kept for its account. Null otherwise. */
    privateCacheMiss: PendingPrivateAnswer | null;
  }
}

/** What a request that may keep its answer saw before its route ran, and what the route says of its answer. */
export interface PendingPrivateAnswer {
  /** The count of drops when it started reading the database. */
  drops: number;
  headersBefore: ReadonlySet<string>;
  /**
   * When the answer changes by the clock alone (a request expiring, a period ending), as its route
   * found: never sent again from then on. Null: only a change in the database changes it.
   */
  turnsAt: Date | null;
}

interface Entry extends KeptAnswer {
  headers: Record<string, string>;
  turnsAt: Date | null;
}

/** For all accounts together: an owner's hundred cars are about 60 KB. */
const MAX_BYTES = 32 * 1024 * 1024;

const sizeOf = (answers: Map<string, Entry>) => {
  let bytes = 0;
  for (const [url, entry] of answers) {
    bytes += url.length + entry.body.length + (entry.compressed.br?.length ?? 0) + (entry.compressed.gzip?.length ?? 0);
  }
  return Math.max(bytes, 1);
};

/**
 * Signed-in people's own lists from memory: the first request after a change builds the answer,
 * later ones get the same bytes without a query. Kept per account, and dropped when the database
 * names that account (migration 0017: a booking of theirs or of their car changed; 0015: their own
 * row or sessions) or names a table whose rows any list shows. The instance that wrote hears it
 * before it answers the write, so nobody reads past their own change; another instance hears it as
 * it hears the session lookups' changes, and keeps nothing while it cannot hear. An admin's lists
 * show every account's rows, which no account's notice names, so they are never kept. Answers are
 * still sent with `no-store` and no ETag: only the server keeps them.
 */
async function privateCache(app: FastifyInstance): Promise<void> {
  const cache = new LRUCache<string, Map<string, Entry>>({ maxSize: MAX_BYTES, sizeCalculation: sizeOf });
  // Counts drops: a request that read the database while one came does not keep what it read.
  let drops = 0;
  const drop = (accountId: string | undefined) => {
    drops += 1;
    if (accountId === undefined) cache.clear();
    else cache.delete(accountId);
  };
  app.changes.onPrivate(drop);
  app.changes.onAccount(drop);

  app.decorateRequest('privateCacheMiss', null);

  const serveKept: KeepingHooks['serveKept'] = (request, reply, done) => {
    const account = request.account;
    if (request.method !== 'GET' || !account || account.role === 'admin' || !app.changes.heard) {
      done();
      return;
    }
    const answers = cache.get(account.id);
    const entry = answers?.get(request.url);
    if (!answers || !entry || (entry.turnsAt !== null && app.clock.now() >= entry.turnsAt)) {
      request.privateCacheMiss = { drops, headersBefore: headerNames(reply), turnsAt: null };
      done();
      return;
    }
    reply.headers(entry.headers);
    // Set again once compressed, so the cache counts the new bytes against its bound.
    sendCompressed(request, reply, entry, () => cache.set(account.id, answers));
  };

  const keepAnswer: KeepingHooks['keepAnswer'] = (request, reply, payload, done) => {
    const miss = request.privateCacheMiss;
    const account = request.account;
    if (miss && account && reply.statusCode === 200 && typeof payload === 'string' && app.changes.heard && drops === miss.drops) {
      const answers = cache.get(account.id) ?? new Map<string, Entry>();
      const kept = keptAnswer(Buffer.from(payload));
      answers.set(request.url, { ...kept, headers: headersSetSince(reply, miss.headersBefore), turnsAt: miss.turnsAt });
      cache.set(account.id, answers);
    }
    done(null, payload);
  };

  hookKeepingRoutes(app, (config) => (config.privateCache ? { serveKept, keepAnswer } : undefined));
}

export const privateCachePlugin = fp(privateCache, {
  name: 'private-cache',
  fastify: '5.x',
  dependencies: ['change-feed', 'clock'],
});
