import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { API_URL } from '../config/env';
import { toApiError } from './api-failure';
import { ApiError } from './api-error';
import { randomId } from './random-id';

/**
 * The one axios instance every call goes through (base URL, cookies with every call), loaded by
 * ./api-client.ts with the first call a page makes.
 */
export const axiosClient = axios.create({
  baseURL: API_URL,
  withCredentials: true,
  timeout: 15_000,
  headers: { 'Content-Type': 'application/json' },
});

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

declare module 'axios' {
  interface AxiosRequestConfig {
    /** How many times this write has been sent again after a network failure. */
    writeRetries?: number;
  }
}

/**
 * A write that got no answer (the network failed, or it timed out) may have been done or not: it
 * is sent again, at most this many times, a little later each time. Every write carries an
 * Idempotency-Key (a new one per write, the same on its retries), so the server does a write it
 * already did only once and answers the retry with the first answer.
 */
const WRITE_RETRY_DELAYS_MS = [300, 1_000];

axiosClient.interceptors.request.use((config) => {
  if (!isRead(config)) {
    lastWriteAt = Date.now();
    // The draft's form of the key: a quoted string.
    if (!config.headers.has('Idempotency-Key')) config.headers.set('Idempotency-Key', `"${randomId()}"`);
  } else if (Date.now() - lastWriteAt < PUBLIC_REUSE_MS) config.headers.set('Cache-Control', 'max-age=0');
  return config;
});

/** A write's end counts too: what the browser kept while it ran is as old as the write. */
function noteWriteEnded(config: InternalAxiosRequestConfig | undefined): void {
  if (config && !isRead(config)) lastWriteAt = Date.now();
}

axiosClient.interceptors.response.use(
  (response) => {
    noteWriteEnded(response.config);
    return rejectNonJson(response);
  },
  (error: unknown) => {
    if (!axios.isAxiosError(error)) return Promise.reject(toApiError(error));
    const config = error.config;
    noteWriteEnded(config);
    const retries = config?.writeRetries ?? 0;
    const delay = WRITE_RETRY_DELAYS_MS[retries];
    if (config && !isRead(config) && !error.response && !axios.isCancel(error) && delay !== undefined) {
      return new Promise((resolve) => setTimeout(resolve, delay)).then(() =>
        axiosClient.request({ ...config, writeRetries: retries + 1 }),
      );
    }
    return Promise.reject(toApiError(error));
  },
);
