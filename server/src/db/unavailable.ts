/**
 * Errors that say the database is away (down, restarting, unreachable, or not answering in time)
 * rather than that the request was wrong: the server answers them 503 with Retry-After, and the next
 * request tries again on a fresh connection.
 */

/** The operating system's codes for a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** PostgreSQL's SQLSTATEs for the same, and for statements it cancelled at statement_timeout. */
const SQLSTATE_CLASSES = ['08' /* connection exception */, '53' /* insufficient resources */];
const SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '25P03', // idle_in_transaction_session_timeout
  '55P03', // lock_not_available
]);

/**
 * node-postgres and its pool raise these with no code at all, so their messages are all there is to
 * go by: a connection that ended under a query, a connect (the client's own 'timeout expired') or
 * a pool wait that took too long, a
 * query the client stopped waiting for, and a pool already closed (the server stopping).
 */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^timeout expired$/,
  /^timeout exceeded when trying to connect$/,
  /^Query read timeout$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || SQLSTATES.has(code)) return true;
      if (/^[0-9A-Z]{5}$/.test(code) && SQLSTATE_CLASSES.some((prefix) => code.startsWith(prefix))) return true;
    }
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(current.message))) return true;
  }
  return false;
}
