import type { AxiosInstance, AxiosRequestConfig, AxiosResponse } from 'axios';
import { API_URL } from '../config/env';
import { unreachable } from './api-failure';

// The screens read a failed call's ApiError through the client they call with.
export { toApiError } from './api-failure';

/**
 * axios (about 16 KB over the wire) is fetched with the first call a page makes rather than with the
 * page: a visitor's first screen often makes none (the pages' JavaScript budgets), and the footer's
 * forms need only the error mapping (./api-failure.ts) until they are sent.
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
