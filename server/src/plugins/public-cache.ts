import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { PublicTopic } from '../db/change-notices';
import {
  headerNames,
  headersSetSince,
  hookKeepingRoutes,
  isFresh,
  type KeepingHooks,
  type KeptAnswer,
  keptAnswer,
  writeKept,
} from '../http/kept-answer';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This GET answers the same to everyone, whoever asks: its answer is kept in memory, sent again
     * as it is, until the database says something of `topic` changed.
     */
    publicCache?: PublicTopic;
  }
  interface FastifyRequest {
    /** Set when this request's answer may be kept: what stood before its route ran. Null otherwise. */
    publicCacheMiss: PendingAnswer | null;
  }
  interface FastifyInstance {
    /**
     * Says how `topic`'s answers also change with the clock alone: `next` answers the first instant
     * after `now` at which one will (null when none will), and answers kept are not sent past it.
     */
    publicCacheTurns: (topic: PublicTopic, next: (now: Date) => Promise<Date | null>) => void;
  }
}

/**
 * A browser may show a public list again for a few seconds without asking: long enough to spare a
 * phone the trip back and forth between the list and a car, short enough not to matter. The app
 * asks again at once after a change of its own (src/lib/api-client.ts).
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=5';
/** Per topic: searches and calendars are as many answers as there are questions, so their memory is bounded. */
const MAX_BYTES_PER_TOPIC = 16 * 1024 * 1024;

/** What a request that may keep its answer saw before its route ran. */
interface PendingAnswer {
  /** The topic's generation when it started reading the database. */
  generation: number;
  /** The headers already set for every request (security, CORS): the route's own are those set after. */
  headersBefore: ReadonlySet<string>;
}

interface Entry extends KeptAnswer {
  /** The headers the route itself set (its content type, a list's X-Total-Count), sent again with every hit. */
  headers: Record<string, string>;
}

/**
 * Public answers from memory: the first request after a change builds the answer as ever, and the
 * ones after it get the same bytes (compressed once per encoding) without a query. Every answer
 * carries an ETag, and a client that sends it back gets 304. A request that read the database
 * while a change landed does not keep its answer: each topic counts its changes, and an answer is
 * kept only if none came between its start and its end.
 */
async function publicCache(app: FastifyInstance): Promise<void> {
  const caches = new Map<PublicTopic, LRUCache<string, Entry>>();
  const generations = new Map<PublicTopic, number>();
  const turns = new Map<PublicTopic, (now: Date) => Promise<Date | null>>();
  /** Per topic with turns, until when its kept answers hold (ms; Infinity when no turn is due); unknown after a change. */
  const keptUntil = new Map<PublicTopic, number>();
  app.decorate('publicCacheTurns', (topic: PublicTopic, next: (now: Date) => Promise<Date | null>) => {
    turns.set(topic, next);
  });

  const dropAll = (topic: PublicTopic) => {
    generations.set(topic, (generations.get(topic) ?? 0) + 1);
    keptUntil.delete(topic);
    caches.get(topic)?.clear();
  };

  /** Drops the topic's kept answers once the clock has reached its next turn, asking the database when that is when unknown. */
  async function dropIfTurned(topic: PublicTopic): Promise<void> {
    const next = turns.get(topic);
    if (!next) return;
    const now = app.clock.now();
    let until = keptUntil.get(topic);
    if (until === undefined) {
      const generation = generations.get(topic);
      until = (await next(now))?.getTime() ?? Number.POSITIVE_INFINITY;
      // A change meanwhile made the answer stale; the next request asks again.
      if (generations.get(topic) === generation) keptUntil.set(topic, until);
    }
    if (now.getTime() >= until) dropAll(topic);
  }

  const cacheOf = (topic: PublicTopic) => {
    const known = caches.get(topic);
    if (known) return known;
    const cache = new LRUCache<string, Entry>({
      maxSize: MAX_BYTES_PER_TOPIC,
      sizeCalculation: (entry, key) =>
        key.length + entry.body.length + (entry.compressed.br?.length ?? 0) + (entry.compressed.gzip?.length ?? 0),
    });
    caches.set(topic, cache);
    generations.set(topic, 0);
    app.changes.onTopic(topic, () => dropAll(topic));
    return cache;
  };

  app.decorateRequest('publicCacheMiss', null);

  const hooksOf = (topic: PublicTopic): KeepingHooks => {
    const cache = cacheOf(topic);
    const serveOrNote = (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
      const entry = cache.get(request.url);
      if (!entry) {
        request.publicCacheMiss = { generation: generations.get(topic) ?? 0, headersBefore: headerNames(reply) };
        done();
        return;
      }
      reply.headers(entry.headers).header('cache-control', PUBLIC_CACHE_CONTROL);
      // Set again once compressed, so the cache counts the new bytes against its bound.
      writeKept(request, reply, entry, () => cache.set(request.url, entry));
    };
    return {
      // The same address was valid when its answer was kept, and checking it again is most of a hit's cost.
      serveKept: (request, reply, done) => {
        if (request.method !== 'GET' || !app.changes.heard) {
          done();
          return;
        }
        dropIfTurned(topic).then(() => serveOrNote(request, reply, done), done);
      },
      keepAnswer: (request, reply, payload, done) => {
        if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') {
          done(null, payload);
          return;
        }
        const kept = keptAnswer(Buffer.from(payload));
        reply.header('etag', kept.etag).header('cache-control', PUBLIC_CACHE_CONTROL);
        const miss = request.publicCacheMiss;
        if (miss !== null && app.changes.heard && generations.get(topic) === miss.generation) {
          cache.set(request.url, { ...kept, headers: headersSetSince(reply, miss.headersBefore) });
        }
        if (!isFresh(request, kept.etag)) {
          done(null, payload);
          return;
        }
        reply.code(304);
        done(null, '');
      },
    };
  };
  hookKeepingRoutes(app, ({ publicCache: topic }) => (topic === undefined ? undefined : hooksOf(topic)));

  // Anything else may carry someone's own data, and is kept by no browser or proxy unless its route
  // says so. This runs before a public route's own onSend, which gives its answers theirs.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

export const publicCachePlugin = fp(publicCache, { name: 'public-cache', fastify: '5.x', dependencies: ['change-feed'] });
