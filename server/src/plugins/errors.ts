import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorBody } from '#domain/contract';
import { BODY_LIMIT_BYTES } from '#domain/limits';
import { isDatabaseUnavailable } from '../db/unavailable';
import { HttpError } from '../http/errors';

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
}

const NOT_JSON = 'Send the request body as JSON, with Content-Type: application/json.';
const TOO_LARGE = `The request body is larger than ${BODY_LIMIT_BYTES / 1024} KB.`;
const NOT_VALID = 'The request is not valid.';
const SERVER_FAULT = 'Something went wrong on our side. Please try again in a moment.';
const DATABASE_AWAY = 'The service is briefly unavailable. Please try again in a few seconds.';
/** Long enough for a restarting database, short enough that nobody waits on a recovered one. */
const DATABASE_RETRY_AFTER_SECONDS = '5';

const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: NOT_JSON },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: TOO_LARGE },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The request body is not valid JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    message: 'The request body does not match its Content-Length.',
  },
};

/** For client errors a plugin raises without a code listed above. */
const GENERIC_MESSAGES: Record<number, string> = {
  400: NOT_VALID,
  401: 'Please sign in first.',
  403: 'You are not allowed to do this.',
  404: 'Not found.',
  405: 'This method is not allowed here.',
  408: 'The request took too long. Please try again.',
  413: TOO_LARGE,
  415: NOT_JSON,
  429: 'Too many requests. Please try again later.',
};

function describe(error: FastifyError | HttpError | Error): Answer {
  if (error instanceof HttpError) return { status: error.statusCode, message: error.message, headers: error.headers };
  const fastifyError = error as FastifyError;
  if (fastifyError.code === 'FST_ERR_VALIDATION') return { status: 400, message: error.message, headers: {} };
  const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
  if (known) return { ...known, headers: {} };
  if (isDatabaseUnavailable(error))
    return { status: 503, message: DATABASE_AWAY, headers: { 'retry-after': DATABASE_RETRY_AFTER_SECONDS } };
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) return { status, message: GENERIC_MESSAGES[status] ?? NOT_VALID, headers: {} };
  return { status: status >= 500 && status < 600 ? status : 500, message: SERVER_FAULT, headers: {} };
}

/** The contract's error body; with `code` on the routes the spec reads it from. */
function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string): FastifyReply {
  const body: ErrorBody = request.routeOptions.config.coded ? { message, code: status } : { message };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** JSON 404 for any address no route answers. */
export function sendNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const path = request.url.split('?')[0] ?? '';
  return sendError(request, reply, 404, `Nothing answers ${request.method} ${path.slice(0, 200)} here.`);
}

/** What the client did wrong when Fastify refuses an address before any route is chosen. */
const ADDRESS_ERRORS: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address is not valid.',
  // A path segment longer than the router's maxParamLength: longer than any id or name a route takes.
  FST_ERR_MAX_PARAM_LENGTH: 'The address is too long.',
};

/** Errors Fastify meets before any route is chosen, such as a malformed percent-encoding in the address. */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const addressError = ADDRESS_ERRORS[error.code];
  if (!addressError) request.log.error({ err: error }, 'request failed before routing');
  const body: ErrorBody = { message: addressError ?? SERVER_FAULT };
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
      if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
      reply.headers(answer.headers);
      return sendError(request, reply, answer.status, answer.message);
    });
  },
  { name: 'errors', fastify: '5.x' },
);
