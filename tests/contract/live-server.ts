import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { axiosClient as client } from '../../src/lib/axios-client';
import type { ServerConfig } from '../../server/src/config';
import { buildTestApp, closeTestApp } from '../../server/tests/helpers';

/**
 * The app's own HTTP client pointed at the real server on a real (in-memory) database, listening
 * on a free port, so the app's API functions meet the server's real answers and messages.
 *
 * Node's HTTP adapter keeps no cookies, so this stands in for the browsers: each named browser
 * keeps the cookies the server set for it and sends them back. `live.browser('owner')` switches
 * to the owner's browser (a new one starts with no cookies), as two people at two machines would;
 * the tests start in the 'visitor' browser.
 */
export interface LiveServer {
  readonly app: FastifyInstance;
  browser(name: string): void;
}

/** Cookies a `Set-Cookie` header list sets (value) or clears (undefined), by name. */
function cookieChanges(setCookie: readonly string[]): Map<string, string | undefined> {
  const changes = new Map<string, string | undefined>();
  for (const header of setCookie) {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    const value = pair.slice(separator + 1);
    const expired = attributes.some((attribute) => /^max-age=0$/i.test(attribute));
    changes.set(name, value === '' || expired ? undefined : value);
  }
  return changes;
}

let running: FastifyInstance | undefined;

/** The file's live server, for set-up no app call makes (a verified phone number); inside a test only. */
export function liveApp(): FastifyInstance {
  if (!running) throw new Error('the live server starts in beforeAll: use it inside a test');
  return running;
}

/** Starts the server before the file's tests and stops it after them. */
export function startLiveServer(overrides: Partial<ServerConfig> = {}): LiveServer {
  const jars = new Map<string, Map<string, string>>();
  let current = new Map<string, string>();
  const browser = (name: string) => {
    current = jars.get(name) ?? new Map();
    jars.set(name, current);
  };
  browser('visitor');
  let app: FastifyInstance | undefined;
  const interceptors: { request?: number; response?: number } = {};

  beforeAll(async () => {
    app = await buildTestApp(overrides);
    running = app;
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    client.defaults.baseURL = `http://127.0.0.1:${port}`;
    interceptors.request = client.interceptors.request.use((config) => {
      if (current.size > 0) {
        config.headers.set('Cookie', [...current].map(([name, value]) => `${name}=${value}`).join('; '));
      }
      return config;
    });
    interceptors.response = client.interceptors.response.use((response) => {
      const setCookie = response.headers['set-cookie'];
      for (const [name, value] of cookieChanges(setCookie ?? [])) {
        if (value === undefined) current.delete(name);
        else current.set(name, value);
      }
      return response;
    });
  });

  afterAll(async () => {
    if (interceptors.request !== undefined) client.interceptors.request.eject(interceptors.request);
    if (interceptors.response !== undefined) client.interceptors.response.eject(interceptors.response);
    await closeTestApp(app);
  });

  return {
    get app() {
      return liveApp();
    },
    browser,
  };
}
