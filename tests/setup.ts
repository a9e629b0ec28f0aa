import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './mocks/server';
import { session } from './mocks/serve';

/* jsdom has no matchMedia, and react-slick's responsive settings need it: here no query matches, as on a wide screen. */
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// Screens load lazily; the first import of a page can take over a second on a busy two-core machine.
configure({ asyncUtilTimeout: 5000 });

/** Calls no test served: each fails at once in the app, and fails its test at the end. */
const unserved: string[] = [];

beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unserved.push(`${request.method} ${new URL(request.url).pathname}`);
      print.error();
    },
  }),
);
// Every test starts with a signed-out visitor; a test that needs someone signed in says who.
beforeEach(() => {
  session(null);
});
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  server.resetHandlers();
  const calls = unserved.splice(0);
  if (calls.length > 0) throw new Error(`The app called ${calls.join(', ')}, which this test does not serve.`);
});
afterAll(() => server.close());
