import axios, { type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { API_URL } from '../config/env';
import { toApiError } from './api-failure';
import { ApiError } from './api-error';

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

axiosClient.interceptors.request.use((config) => {
  if (!isRead(config)) lastWriteAt = Date.now();
  else if (Date.now() - lastWriteAt < PUBLIC_REUSE_MS) config.headers.set('Cache-Control', 'max-age=0');
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
    if (axios.isAxiosError(error)) noteWriteEnded(error.config);
    return Promise.reject(toApiError(error));
  },
);
