import { http } from 'msw';
import { onTestFinished } from 'vitest';
import { API } from './mocks/api';
import { server } from './mocks/server';

type Method = 'get' | 'post';

/**
 * Watches the calls to one endpoint without answering them (the fake behind still does): returns
 * the list of JSON bodies received, one entry per call (`undefined` for a GET).
 */
export function watchRequests(method: Method, path: string): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http[method](`${API}${path}`, async ({ request }) => {
      bodies.push(method === 'get' ? undefined : await request.clone().json());
    }),
  );
  return bodies;
}

/** Holds every call to one endpoint until `release()`, so a test can look at the screen while it waits. */
export function holdRequests(method: Method, path: string): () => void {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http[method](`${API}${path}`, async () => {
      await released;
    }),
  );
  return release;
}

/** Every call the app makes from now until the test ends, as "METHOD /path". */
export function recordAllRequests(): string[] {
  const seen: string[] = [];
  const listener = ({ request }: { request: Request }) => {
    seen.push(`${request.method} ${new URL(request.url).pathname}`);
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return seen;
}
