import { onTestFinished } from 'vitest';
import type { Account } from '../../src/domain/contract';
import { endpoint, routeHandler, type Call, type Resolver, type Route } from './routes';
import { server } from './server';
import { serverSays } from './server-says';

/**
 * Answers one endpoint for the rest of the test (or once) and returns the calls it receives, so a
 * test states the one answer its screen needs. Later `serve`s of the same endpoint win.
 */
export function serve<R extends Route>(route: R, resolver: Resolver<R>, options?: { once?: boolean }): Call[] {
  const calls: Call[] = [];
  server.use(routeHandler(route, resolver, calls, options));
  return calls;
}

/** Who the browser's session cookie belongs to, as far as the app can ask: null when signed out. */
export interface FakeSession {
  holder: Account | null;
}

/** `GET /api/session` answers whoever holds the session (`user: null` for nobody); signing out (`DELETE`) ends it. */
export function session(holder: Account | null): FakeSession {
  const state: FakeSession = { holder };
  serve('GET /api/session', () => ({ user: state.holder }));
  serve('DELETE /api/session', () => {
    state.holder = null;
    return undefined;
  });
  return state;
}

type SignInRoute = 'POST /' | 'POST /carsSchema' | 'POST /ownerloginSchema' | 'POST /api/session';

/** A sign-in endpoint that lets `account` in: it then holds the session. */
export function acceptSignIn(state: FakeSession, route: SignInRoute, account: Account): Call[] {
  return serve(route, () => {
    state.holder = account;
    return { message: serverSays.signedIn, user: account };
  });
}

/** A registration endpoint that registers `account` and, as the server does, signs it in. */
export function acceptRegistration(
  state: FakeSession,
  route: 'POST /register/user' | 'POST /register/owner',
  account: Account,
): Call[] {
  return serve(route, () => {
    state.holder = account;
    return { message: route === 'POST /register/owner' ? serverSays.registeredOwner : serverSays.registeredUser, user: account };
  });
}

/** Holds every call to one endpoint until `release()` (then the endpoint's `serve` answers), so a test can look at the screen while it waits. */
export function hold(route: Route): () => void {
  const { on, url } = endpoint(route);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    on(url, async () => {
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
