import type { ErrorBooking, ErrorReason } from '#domain/schemas/errors';
import { t } from '../i18n';
/**
 * An answer the client should see: its status and one sentence a person can act on. Routes and
 * hooks throw these; the error handler turns them into `{message}` bodies.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;
  /** Why, for a refusal a client can act on beyond showing the message (the body's `reason`). */
  readonly reason: ErrorReason | undefined;
  /** The booking the refusal is about, when it names one (the body's `booking`). */
  readonly booking: ErrorBooking | undefined;

  constructor(
    statusCode: number,
    message: string,
    headers: Record<string, string> = {},
    reason?: ErrorReason,
    booking?: ErrorBooking,
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.headers = headers;
    this.reason = reason;
    this.booking = booking;
  }
}

/** The 429 answer: why, then when to try again, in minutes for people and seconds in Retry-After. */
export function tooManyAttempts(reason: string, waitSeconds: number): HttpError {
  const minutes = Math.ceil(waitSeconds / 60);
  return new HttpError(429, t('server.errors.tryAgainIn', { reason, minutes }), {
    'retry-after': String(waitSeconds),
  });
}
