import { postgresCode } from './db/errors';

/** What a log line may say about an error (a type alias, so pino's serializer signature accepts it). */
export type SafeError = {
  type: string;
  message: string;
  code?: string;
  stack: string;
  cause?: SafeError;
};

/**
 * An error reduced to what is safe to log. drizzle's query errors carry the bound values (password
 * and token hashes, emails, payment tokens) in `params` and on the second line of their message,
 * and PostgreSQL's own errors repeat values in `detail`; so only the type, the message's first
 * line, the error code and the stack frames are kept, for the error and each cause.
 */
export function toSafeError(error: unknown): SafeError {
  if (!(error instanceof Error)) {
    const message = firstLine(String(error));
    return { type: typeof error, message, stack: message };
  }
  const message = firstLine(error.message);
  const ownCode = (error as Error & { code?: unknown }).code;
  const code = postgresCode(error) ?? (typeof ownCode === 'string' ? ownCode : undefined);
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line)) ?? [];
  return {
    type: error.name,
    message,
    ...(code ? { code } : {}),
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
    ...(error.cause !== undefined ? { cause: toSafeError(error.cause) } : {}),
  };
}

/** One line for a person reading the console, with the same care as `toSafeError`. */
export function safeErrorLine(error: unknown): string {
  const safe = toSafeError(error);
  return safe.code ? `${safe.message} (${safe.code})` : safe.message;
}

function firstLine(text: string): string {
  return text.split('\n', 1)[0] ?? '';
}
