import type { FastifyInstance, FastifySchema, onSendHookHandler, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ErrorBody } from '#domain/schemas/errors';
import { startSignedIn } from '../auth/answer-sign-in';
import { addressKey } from '../auth/client-address';
import { answer } from '../http/answers';
import { HttpError } from '../http/errors';
import { headerNames, headersSetSince } from '../http/kept-answer';
import { claimKey, fingerprintOf, keepAnswer, parseKey, releaseKey, sweepKeys } from '../idempotency/keys';
import { t } from '../i18n';
import { runInRounds } from './rounds';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * This write takes no Idempotency-Key: a sign-in or sign-out (doing it again is harmless, and
     * a replay would hand out a session), a provider's webhook (which has its own event ids) or the
     * demo's stand-ins of the providers' checkout APIs.
     */
    ignoresIdempotencyKey?: boolean;
  }
  interface FastifyRequest {
    /** The Idempotency-Key the write came with; null without one. */
    idempotencyKey: string | null;
    /** The key this request claimed, until its answer is kept or the key released. */
    claimedKey: ClaimedKey | null;
  }
}

interface ClaimedKey {
  scope: string;
  key: string;
  /** The headers set before the route ran (security, CORS): not the answer's own, so not kept. */
  headersBefore: ReadonlySet<string>;
}

const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
/** How often keys past their 24 hours are swept, by every instance. */
const SWEEP_ROUND_MS = 60 * 60 * 1000;
/** A retry while the first request runs: it has usually answered a second later. */
const RUNNING_RETRY_AFTER = '1';

/**
 * Writes are safe to retry with an Idempotency-Key: the first request with a key claims it in the
 * database before the route runs; its answer, when the route succeeded (2xx), is kept 24 hours and
 * a retry with the same key and the same request gets it again (`Idempotent-Replayed: true`)
 * without the work being done twice. The same key with another request is a 422, and a retry while
 * the first runs a 409. A 4xx or 5xx releases the key: those answers change nothing (a 503 says
 * nothing was done), so the retry is free to do the work, and a refusal that may not hold a minute
 * later (a 429, a taken period) is not pinned to the key for a day. Keys are per account, or per
 * client address for someone signed out. Registered before @fastify/compress, whose onSend comes
 * after this one's, so the answer kept is the serialized text.
 */
async function idempotency(app: FastifyInstance): Promise<void> {
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('claimedKey', null);

  const claim: preValidationHookHandler = async (request, reply) => {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return;
    const key = parseKey(header);
    request.idempotencyKey = key;
    // The route's own hooks have run: its account, when it asks for one, is known here.
    const scope = request.account ? `account:${request.account.id}` : `address:${addressKey(request.ip)}`;
    const fingerprint = fingerprintOf(request.method, request.url, request.body);
    const found = await claimKey(app.db, scope, key, fingerprint, app.clock.now());
    switch (found.kind) {
      case 'claimed':
        request.claimedKey = { scope, key, headersBefore: headerNames(reply) };
        return;
      case 'running':
        throw new HttpError(409, t('server.idempotency.running'), { 'retry-after': RUNNING_RETRY_AFTER });
      case 'otherRequest':
        throw new HttpError(422, t('server.idempotency.otherRequest'));
      case 'replay': {
        const { answer } = found;
        // A cookie is never kept: whoever the first answer signed in gets a session of their own.
        if (answer.signedInAccountId) await startSignedIn(reply, answer.signedInAccountId);
        return reply.code(answer.status).headers(answer.headers).header('idempotent-replayed', 'true').send(answer.body);
      }
    }
  };

  const keep: onSendHookHandler = async (request, reply, payload) => {
    const claimed = request.claimedKey;
    if (!claimed) return payload;
    request.claimedKey = null;
    const { scope, key } = claimed;
    const kept = payload === null || payload === undefined ? '' : typeof payload === 'string' ? payload : undefined;
    try {
      if (reply.statusCode >= 200 && reply.statusCode < 300 && kept !== undefined) {
        await keepAnswer(app.db, scope, key, {
          status: reply.statusCode,
          headers: headersSetSince(reply, claimed.headersBefore),
          body: kept,
          signedInAccountId: request.signedInNow,
        });
      } else {
        await releaseKey(app.db, scope, key);
      }
    } catch (error) {
      // The write is done and its answer goes out; the key stays claimed until it counts as abandoned.
      request.log.error({ err: error }, 'idempotency key not recorded');
    }
    return payload;
  };

  app.addHook('onRoute', (route) => {
    const writes = [route.method].flat().some((method) => WRITE_METHODS.includes(method));
    if (!writes || route.config?.ignoresIdempotencyKey) return;
    route.preValidation = [...[route.preValidation ?? []].flat(), claim];
    route.onSend = [...[route.onSend ?? []].flat(), keep];
    if (route.schema && !route.schema.hide) route.schema = documented(route.schema);
  });

  const stop = runInRounds(app, 'idempotency key sweep', SWEEP_ROUND_MS, () => sweepKeys(app.db, app.clock.now()));
  app.addHook('onClose', stop);
}

const KEY_HEADER = z.object({
  'idempotency-key': z
    .string()
    .optional()
    .describe(
      'Any 1 to 255 printable characters, quoted as the IETF draft writes it ("…") or bare; a new one for each write, the same for its retries. A retry with the same key and request within 24 hours gets the first answer again (with `Idempotent-Replayed: true`) instead of the write being done twice.',
    ),
});

const KEY_ERRORS = {
  400: 'The Idempotency-Key header is empty, longer than 255 characters or not printable.',
  409: 'A request with the same Idempotency-Key is still being processed: Retry-After (1 second) says when to ask again for its answer.',
  422: 'The Idempotency-Key was already used, within 24 hours, for another request (another method, address or body).',
} as const;

/**
 * A write route's documentation, with the Idempotency-Key header and the answers it may bring; the
 * header's schema takes any string, since the claim hook checks the key in words of its own.
 */
function documented(schema: FastifySchema): FastifySchema {
  const response = (schema.response ?? {}) as Record<string, { description?: string } | undefined>;
  const added = Object.fromEntries(
    Object.entries(KEY_ERRORS).map(([status, meaning]) => {
      const own = response[status]?.description;
      return [status, answer(ErrorBody, own ? `${own} Or, with an Idempotency-Key: ${meaning.toLowerCase()}` : meaning)];
    }),
  );
  return { ...schema, headers: KEY_HEADER, response: { ...response, ...added } };
}

export const idempotencyPlugin = fp(idempotency, {
  name: 'idempotency',
  fastify: '5.x',
  dependencies: ['database', 'clock', 'session'],
});
