import { setupServer } from 'msw/node';

/** The faked API: no answers of its own; each test serves the ones its screen needs (serve.ts). */
export const server = setupServer();
