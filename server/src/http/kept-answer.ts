import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type {
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preValidationHookHandler,
} from 'fastify';

// An answer kept in memory and sent again as it is (a public API answer, a page's HTML): with an
// ETag a client revalidates with, and compressed once per encoding instead of once per request.

/** @fastify/compress's own threshold: smaller answers go out as they are. */
export const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip';

export interface KeptAnswer {
  body: Buffer;
  etag: string;
  compressed: Partial<Record<Encoding, Buffer>>;
}

const COMPRESS: Record<Encoding, (body: Buffer) => Buffer> = {
  // Quality 5: a tenth of brotli's default time for nearly its size, paid once per answer.
  br: (body) => brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }),
  gzip: (body) => gzipSync(body),
};
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip'] });

/** Weak: the same answer compressed or not is the same representation to a cache. */
function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

export function keptAnswer(body: Buffer): KeptAnswer {
  return { body, etag: etagOf(body), compressed: {} };
}

/** The headers a reply carries now: taken before a route runs, so `headersSetSince` can tell the route's own. */
export function headerNames(reply: FastifyReply): ReadonlySet<string> {
  return new Set(Object.keys(reply.getHeaders()));
}

/**
 * The headers set since `before` (the route's content type, a list's X-Total-Count), to send again
 * with every kept copy; those set for every request (security, CORS) are set afresh for each. A
 * cookie is one person's and is never kept, whoever set it (the cookie plugin writes its header
 * before a route's own onSend runs).
 */
export function headersSetSince(reply: FastifyReply, before: ReadonlySet<string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(reply.getHeaders()).flatMap(([name, value]) =>
      before.has(name) || value === undefined || name === 'set-cookie' ? [] : [[name, String(value)]],
    ),
  );
}

export interface KeepingHooks {
  /** Before validation: sends the kept answer, or notes what stood before the route ran. */
  serveKept: preValidationHookHandler;
  /** Keeps a fresh answer. */
  keepAnswer: onSendHookHandler;
}

/**
 * Gives each GET route for which `hooksFor` has hooks (from its config) those hooks, after any of
 * its own. Bound to the route when it is registered, they read nothing of its config per request
 * (Fastify builds `request.routeOptions` anew on each read), and on every other route they cost
 * nothing. Called from a plugin registered before @fastify/compress, whose own onRoute adds its
 * onSend after this one, so the answer is still the serialized text when it is kept.
 */
export function hookKeepingRoutes(
  app: FastifyInstance,
  hooksFor: (config: FastifyContextConfig) => KeepingHooks | undefined,
): void {
  app.addHook('onRoute', (route) => {
    const hooks = route.config && [route.method].flat().includes('GET') ? hooksFor(route.config) : undefined;
    if (!hooks) return;
    route.preValidation = [...[route.preValidation ?? []].flat(), hooks.serveKept];
    route.onSend = [...[route.onSend ?? []].flat(), hooks.keepAnswer];
  });
}

/** If-None-Match names this answer (or any), so the client's copy is current. */
export function isFresh(request: FastifyRequest, etag: string): boolean {
  const asked = request.headers['if-none-match'];
  if (!asked) return false;
  const bare = etag.slice(2);
  return asked.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === bare || trimmed.slice(2) === bare;
  });
}

/**
 * Sends `kept` with its ETag: 304 when the client's copy is current, else compressed as the client
 * accepts. `onCompressed` hears when an encoding was made for the first time (the answer grew).
 */
export function sendKept(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: KeptAnswer,
  onCompressed?: () => void,
): FastifyReply {
  reply.header('etag', kept.etag);
  if (isFresh(request, kept.etag)) return reply.code(304).send();
  return sendCompressed(request, reply, kept, onCompressed);
}

/** Sends `kept` compressed as the client accepts, each encoding made once; `onCompressed` as for `sendKept`. */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  kept: KeptAnswer,
  onCompressed?: () => void,
): FastifyReply {
  return reply.send(encodedBody(request, reply, kept, onCompressed));
}

/**
 * As `sendKept`, but written to the socket here, past Fastify's send and the onSend hooks (the
 * cookie plugin's, compression's, the caches' own), which have nothing left to do for an answer
 * kept whole: skipping them took a kept car from 30 to 26 µs of the server's CPU under load, and
 * its rate from 52% to 63% of the bare twin's (npm run bench:api). Only for routes no hook of which
 * sets a cookie, since the cookie plugin writes its header in onSend. The reply's headers so far
 * (security, CORS, the route's kept ones) go out with it; the request is still logged and its
 * onResponse hooks still run.
 */
export function writeKept(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer, onCompressed?: () => void): void {
  reply.hijack();
  reply.header('etag', kept.etag);
  if (isFresh(request, kept.etag)) {
    writeHead(reply, 304).end();
    return;
  }
  const body = encodedBody(request, reply, kept, onCompressed);
  writeHead(reply.header('content-length', body.length), 200).end(body);
}

/** Writes the status line and the reply's headers to its hijacked response. */
function writeHead(reply: FastifyReply, statusCode: number): FastifyReply['raw'] {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
  return reply.raw.writeHead(statusCode);
}

/**
 * The bytes to send for `kept`: compressed as the client accepts when large enough, each encoding
 * made once, with the reply told which. Vary keeps what it named (CORS's Origin).
 */
function encodedBody(request: FastifyRequest, reply: FastifyReply, kept: KeptAnswer, onCompressed?: () => void): Buffer {
  const encoding = kept.body.length < COMPRESS_FROM_BYTES ? null : negotiator.negotiate(request.headers['accept-encoding'] ?? '');
  if (!encoding) return kept.body;
  let compressed = kept.compressed[encoding];
  if (!compressed) {
    compressed = COMPRESS[encoding](kept.body);
    kept.compressed[encoding] = compressed;
    onCompressed?.();
  }
  const vary = reply.getHeader('vary');
  reply.header('content-encoding', encoding).header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  return compressed;
}
