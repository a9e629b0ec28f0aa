import type { ErrorBooking, ErrorReason } from '../domain/contract';

/**
 * Every failed call comes back as this: the HTTP status (0 when the server was not reached) and a
 * sentence to show. Its own module, without axios, so the screens of the first bundle (the route
 * guards, the session) can tell failures apart without loading the HTTP client.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly serverMessage: string | undefined;
  /** Why the server refused, when it says so for a refusal the screen can do more about (the body's `reason`). */
  readonly reason: ErrorReason | undefined;
  /** The booking the refusal names, with the address of its page (the body's `booking`). */
  readonly booking: ErrorBooking | undefined;

  constructor(status: number, message: string, serverMessage?: string, reason?: ErrorReason, booking?: ErrorBooking) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.reason = reason;
    this.booking = booking;
  }
}

/** The HTTP status of a failed call; undefined for a failure that is not one (a bug, a missing chunk). */
export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}
