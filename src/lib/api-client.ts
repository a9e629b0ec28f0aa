import axios, { AxiosError, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { ErrorBody } from '../domain/contract';
import { ApiError } from './api-error';
import { API_URL } from '../config/env';

/** The one HTTP client of the app: base URL, cookies with every call. */
export const client = axios.create({
  baseURL: API_URL,
  withCredentials: true,
  timeout: 15_000,
  headers: { 'Content-Type': 'application/json' },
});

const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

/** A call made with `responseType: 'text'` (the add-car call) gets its JSON error body as a string. */
function errorBody(data: unknown): Partial<ErrorBody> | undefined {
  if (typeof data !== 'string') return data as Partial<ErrorBody> | undefined;
  try {
    return JSON.parse(data) as Partial<ErrorBody>;
  } catch {
    return undefined;
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof AxiosError) {
    const status = error.response?.status ?? 0;
    const body = errorBody(error.response?.data);
    const serverMessage = typeof body?.message === 'string' ? body.message : undefined;
    if (status === 0) return new ApiError(0, UNREACHABLE);
    return new ApiError(
      status,
      serverMessage ?? `The server answered with an error (${status}). Please try again.`,
      serverMessage,
    );
  }
  // Not an HTTP failure at all: a bug of ours, which must not be blamed on the network.
  return new ApiError(0, 'Something went wrong on this page. Please reload it and try again.');
}

const NOT_THE_API =
  'The server gave an answer the app does not understand. The API may not be running at this address; please try again later.';

/**
 * Every call except the text one expects JSON. An HTML page in its place (a proxy, or a static
 * server with no API behind it) is a failure, not data a screen should try to read.
 */
function rejectNonJson(response: AxiosResponse): AxiosResponse {
  const expectsJson = (response.config.responseType ?? 'json') === 'json';
  const type = String(response.headers['content-type'] ?? '');
  if (expectsJson && response.status !== 204 && !type.includes('json')) {
    throw new ApiError(response.status, NOT_THE_API);
  }
  return response;
}

/**
 * The server lets a browser reuse a public answer (the car list, a car, a post's comments) for this
 * long (PUBLIC_CACHE_CONTROL, server/src/plugins/public-cache.ts). After this tab changed
 * something, its reads must not show the answer from before: for as long, they ask the browser to
 * check with the server first, which costs a 304 when nothing changed.
 */
const PUBLIC_REUSE_MS = 5_000;
let lastWriteAt = Number.NEGATIVE_INFINITY;

const isRead = (config: InternalAxiosRequestConfig) => ['get', 'head'].includes((config.method ?? 'get').toLowerCase());

client.interceptors.request.use((config) => {
  if (!isRead(config)) lastWriteAt = Date.now();
  else if (Date.now() - lastWriteAt < PUBLIC_REUSE_MS) config.headers.set('Cache-Control', 'max-age=0');
  return config;
});

/** A write's end counts too: what the browser kept while it ran is as old as the write. */
function noteWriteEnded(config: InternalAxiosRequestConfig | undefined): void {
  if (config && !isRead(config)) lastWriteAt = Date.now();
}

client.interceptors.response.use(
  (response) => {
    noteWriteEnded(response.config);
    return rejectNonJson(response);
  },
  (error: unknown) => {
    if (error instanceof AxiosError) noteWriteEnded(error.config);
    return Promise.reject(toApiError(error));
  },
);
