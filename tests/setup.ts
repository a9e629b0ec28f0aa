import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { fleetCities, paged } from './mocks/answers';
import { server } from './mocks/server';
import { serve, session } from './mocks/serve';

/* jsdom has no matchMedia, and react-slick's responsive settings need it: here no query matches, as on a wide screen. A file
 * that renders as the build's prerender does runs in Node, with no window. */
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
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

/* jsdom's Blob cannot answer its bytes as a promise, as every browser's does; its FileReader can. */
if (typeof Blob !== 'undefined' && typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as ArrayBuffer);
      reader.onerror = () => reject(reader.error);
      reader.readAsArrayBuffer(this);
    });
  };
}

// Screens load lazily; the first import of a page (its chunk transformed for the first time in the
// worker) took over 5 s on a two-core machine running two suites at once. Waiting longer changes no
// outcome, it only stops a slow first load from reading as a missing element.
configure({ asyncUtilTimeout: 15_000 });

/** The calls the running test makes and does not serve; undefined between tests. */
let unserved: string[] | undefined;

/**
 * Below every answer a test serves: a call nobody serves fails as if the network were down, and
 * fails its test at the end. Between tests (a screen that was just closed may still ask for
 * something) it only fails the call.
 */
const notServed = http.all('*', ({ request }) => {
  unserved?.push(`${request.method} ${new URL(request.url).pathname}`);
  return HttpResponse.error();
});

/**
 * A faked answer that does not fit the contract throws inside its handler, which MSW turns into a
 * 500 the app shows like any server fault: a test expecting an error screen would pass on a broken
 * fake. Collected here, such a throw fails its test instead.
 */
let handlerFaults: string[] = [];

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  server.resetHandlers(notServed);
  server.events.on('unhandledException', ({ request, error }) => {
    handlerFaults.push(`${request.method} ${new URL(request.url).pathname}: ${error.message}`);
  });
});
// Every test starts with a signed-out visitor, cars in the fleet's cities with nothing booked and no reviews, a
// server that takes no card payments, and nothing for the header's badges to count; a test that needs someone
// signed in, a booked day, card payments or a count says so. No booking's conversation has a message yet.
beforeEach(() => {
  unserved = [];
  session(null);
  serve('GET /api/cars/:carName/availability', { busy: [] });
  serve('GET /api/car-cities', { cities: fleetCities });
  serve('GET /api/cars/:carName/reviews', paged([]));
  serve('GET /api/reviews/latest', []);
  serve('GET /api/config', { payments: {}, cancellation: { freeCancelHours: 24, lateRefundBps: 5000 } });
  serve('GET /api/account/licence', { licence: null });
  serve('GET /api/notifications/summary', {
    requestsAwaitingAnswer: 0,
    bookingUpdates: 0,
    unreadMessages: 0,
    unreadMessagesIn: null,
  });
  serve('GET /api/bookings/:id/messages', ({ params }) => ({
    bookingId: String(params.id),
    you: 'renter' as const,
    contactsHidden: true,
    messages: [],
  }));
  // No trip record is made yet, and the handover's checklist is still far off.
  serve('GET /api/bookings/:id/trip', {
    fuelKind: 'eighths' as const,
    side: 'renter' as const,
    handoverOpensAt: '2099-01-01T00:00:00.000Z',
    handover: null,
    return: null,
  });
  serve('POST /api/notifications/bookings-seen', {
    requestsAwaitingAnswer: 0,
    bookingUpdates: 0,
    unreadMessages: 0,
    unreadMessagesIn: null,
  });
});
afterEach(() => {
  cleanup();
  globalThis.sessionStorage?.clear();
  server.resetHandlers();
  const calls = unserved ?? [];
  unserved = undefined;
  const faults = handlerFaults;
  handlerFaults = [];
  if (calls.length > 0) throw new Error(`The app called ${calls.join(', ')}, which this test does not serve.`);
  if (faults.length > 0) throw new Error(`A faked answer broke the contract:\n${faults.join('\n')}`);
});
// Test files share loaded modules (isolate: false). A screen can start loading a part of itself (the car
// page's checkout) after its test has seen what it looked for; if the file ends first, Vitest refuses that
// load and keeps the refusal, so every later file showing that screen got the app's error page.
afterAll(async () => {
  await vi.dynamicImportSettled();
  server.close();
});
