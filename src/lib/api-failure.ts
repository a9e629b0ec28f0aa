import type { AxiosError } from 'axios';
import type { ErrorBody } from '../domain/contract';
import { ApiError } from './api-error';

/**
 * How a failed call becomes an ApiError. Its own module because both sides need it: the client
 * (./api-client.ts) for a call whose code could not be fetched, and the axios instance it loads
 * (./axios-client.ts) for every failed answer. Kept in either one, the two imported each other.
 */

const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

/** The failure of a call, or of fetching the code a call needs, that never reached the server. */
export function unreachable(): ApiError {
  return new ApiError(0, UNREACHABLE);
}

/** A call made with `responseType: 'text'` (the add-car call) gets its JSON error body as a string. */
function errorBody(data: unknown): Partial<ErrorBody> | undefined {
  if (typeof data !== 'string') return data as Partial<ErrorBody> | undefined;
  try {
    return JSON.parse(data) as Partial<ErrorBody>;
  } catch {
    return undefined;
  }
}

/** axios marks its errors; checked by the mark, so telling them apart does not load axios. */
function isAxiosError(error: unknown): error is AxiosError {
  return typeof error === 'object' && error !== null && (error as Partial<AxiosError>).isAxiosError === true;
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (isAxiosError(error)) {
    const status = error.response?.status ?? 0;
    const body = errorBody(error.response?.data);
    const serverMessage = typeof body?.message === 'string' ? body.message : undefined;
    if (status === 0) return unreachable();
    return new ApiError(
      status,
      serverMessage ?? `The server answered with an error (${status}). Please try again.`,
      serverMessage,
      body?.reason,
      body?.booking,
    );
  }
  // Not an HTTP failure at all: a bug of ours, which must not be blamed on the network.
  return new ApiError(0, 'Something went wrong on this page. Please reload it and try again.');
}
