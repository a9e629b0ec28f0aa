import type { AxiosError, AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import type { ErrorBody } from '../domain/contract';
import { ApiError } from './api-error';
import { API_URL } from '../config/env';

/**
 * axios (about 16 KB over the wire) is fetched with the first call a page makes rather than with the
 * page: a visitor's first screen often makes none (issue 17's JavaScript budgets), and the footer's
 * forms need only the error mapping below until they are sent.
 */
let loaded: Promise<AxiosInstance> | undefined;
function loadAxiosClient(): Promise<AxiosInstance> {
  loaded ??= import('./axios-client').then(
    (module) => module.axiosClient,
    () => {
      // A chunk that could not be fetched is the network's failure; the next call tries again.
      loaded = undefined;
      throw unreachable();
    },
  );
  return loaded;
}

const withoutBody =
  (method: 'get' | 'delete') =>
  async <T>(url: string, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadAxiosClient())[method]<T>(url, config);
const withBody =
  (method: 'post' | 'put' | 'patch') =>
  async <T>(url: string, data?: unknown, config?: AxiosRequestConfig): Promise<AxiosResponse<T>> =>
    (await loadAxiosClient())[method]<T>(url, data, config);

/** The one HTTP client of the app: axios's calls, made once axios has loaded. */
export const client = {
  get: withoutBody('get'),
  delete: withoutBody('delete'),
  post: withBody('post'),
  put: withBody('put'),
  patch: withBody('patch'),
};

/** The address of an API path, for a link the browser follows itself (a download). */
export function apiUrl(path: string): string {
  return `${API_URL}${path}`;
}

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
    );
  }
  // Not an HTTP failure at all: a bug of ours, which must not be blamed on the network.
  return new ApiError(0, 'Something went wrong on this page. Please reload it and try again.');
}
