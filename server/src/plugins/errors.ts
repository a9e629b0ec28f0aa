import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody, ErrorBooking, ErrorReason } from '#domain/contract';
import { BODY_LIMIT_BYTES } from '#domain/limits';
import { PastDeadlineError } from '../db/deadline';
import { isDatabaseUnavailable } from '../db/unavailable';
import { HttpError } from '../http/errors';
import { t } from '../i18n';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The spec reads `code` from this route's answers, so its errors carry it too. */
    coded?: boolean;
  }
}

interface Answer {
  status: number;
  message: string;
  headers: Readonly<Record<string, string>>;
  reason?: ErrorReason | undefined;
  booking?: ErrorBooking | undefined;
}

const NOT_JSON = 'server.errors.notJson';
const TOO_LARGE = () => t('server.errors.tooLarge', { kilobytes: BODY_LIMIT_BYTES / 1024 });
const NOT_VALID = 'server.errors.notValid';
const SERVER_FAULT = 'server.errors.serverFault';
const DATABASE_AWAY = 'server.errors.databaseAway';
/** Long enough for a restarting database, short enough that nobody waits on a recovered one. */
const DATABASE_RETRY_AFTER_SECONDS = '5';
/** A request cut at its deadline met a busy server or database: a moment's wait, as for one away. */
const DEADLINE_RETRY_AFTER_SECONDS = '5';

/** Each code's status and words, worded when the answer is made. */
const FRAMEWORK_ERRORS: Record<string, { status: number; message: () => string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: () => t(NOT_JSON) },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: TOO_LARGE },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: () => t('server.errors.invalidJson') },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, message: () => t('server.errors.contentLength') },
};

/** For client errors a plugin raises without a code listed above. */
const GENERIC_MESSAGES: Record<number, () => string> = {
  400: () => t(NOT_VALID),
  401: () => t('server.errors.signInFirst'),
  403: () => t('server.errors.forbidden'),
  404: () => t('server.errors.notFound'),
  405: () => t('server.errors.methodNotAllowed'),
  408: () => t('server.errors.tooLong'),
  413: TOO_LARGE,
  415: () => t(NOT_JSON),
  429: () => t('server.errors.tooMany'),
};

function describe(error: FastifyError | HttpError | Error): Answer {
  if (error instanceof HttpError) {
    return {
      status: error.statusCode,
      message: error.message,
      headers: error.headers,
      reason: error.reason,
      booking: error.booking,
    };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_ERR_VALIDATION') return { status: 400, message: error.message, headers: {} };
  const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (known) return { status: known.status, message: known.message(), headers: {} };
  if (error instanceof PastDeadlineError)
    return { status: 503, message: t('server.errors.pastDeadline'), headers: { 'retry-after': DEADLINE_RETRY_AFTER_SECONDS } };
  if (isDatabaseUnavailable(error))
    return { status: 503, message: t(DATABASE_AWAY), headers: { 'retry-after': DATABASE_RETRY_AFTER_SECONDS } };
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: GENERIC_MESSAGES[status]?.() ?? t(NOT_VALID), headers: {} };
  return { status: status >= 500 && status < 600 ? status : 500, message: t(SERVER_FAULT), headers: {} };
}

/** The contract's error body; with `code` on the routes the spec reads it from, and `reason` when the refusal has one. */
function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
  reason?: ErrorReason,
  booking?: ErrorBooking,
): FastifyReply {
  const body: ErrorBody = {
    message,
    ...(request.routeOptions.config.coded ? { code: status } : {}),
    ...(reason ? { reason } : {}),
    ...(booking ? { booking } : {}),
  };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** JSON 404 for any address no route answers. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '';
  return sendError(request, reply, 404, t('server.errors.noRoute', { method: request.method, path: path.slice(0, 200) }));
}

/** What the client did wrong when Fastify refuses an address before any route is chosen. */
const ADDRESS_ERRORS: Record<string, 'server.errors.badAddress' | 'server.errors.addressTooLong'> = {
  FST_ERR_BAD_URL: 'server.errors.badAddress',
  // A path segment longer than the router's maxParamLength: longer than any id or name a route takes.
  FST_ERR_MAX_PARAM_LENGTH: 'server.errors.addressTooLong',
};

/** Errors Fastify meets before any route is chosen, such as a malformed percent-encoding in the address. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const addressError = ADDRESS_ERRORS[error.code];
  if (!addressError) request.log.error({ err: error }, 'request failed before routing');
  const body: ErrorBody = { message: t(addressError ?? SERVER_FAULT) };
  void reply
    .code(addressError ? 400 : 500)
    .type('application/json; charset=utf-8')
    .send(body);
}

/**
 * Every error leaves as `{message}` with a real status. Server faults are logged with their stack
 * and answered with a plain sentence: no stack, no SQL.
 */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      const answer = describe(error);
      // The deadline plugin logs its own 503s, with the route and the time taken.
      if (answer.status >= 500 && !(error instanceof PastDeadlineError)) request.log.error({ err: error }, 'request failed');
      reply.headers(answer.headers);
      return sendError(request, reply, answer.status, answer.message, answer.reason, answer.booking);
    });
  },
  { name: 'errors', fastify: '5.x' },
);
