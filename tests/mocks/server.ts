import { setupServer, type SetupServer } from 'msw/node';

/**
 * The faked API: no answers of its own; each test serves the ones its screen needs (serve.ts).
 * One per worker, kept on the global object: the app project shares modules between test files
 * (isolate: false), and a file that loads the app's modules afresh (vi.resetModules, as the card
 * checkout tests do) must still serve through the server the setup file started.
 */
const worker = globalThis as typeof globalThis & { fakeApi?: SetupServer };
if (!worker.fakeApi) worker.fakeApi = setupServer();
export const server: SetupServer = worker.fakeApi;
