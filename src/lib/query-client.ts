import { MutationCache, QueryCache, QueryClient, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { SESSION_KEY } from './auth/session-key';

/** A failure worth one more try: the server was not reached, or failed (5xx). A refusal (4xx) would only be refused again. */
function mayPassOnRetry(failureCount: number, error: Error): boolean {
  return failureCount < 1 && error instanceof ApiError && (error.status === 0 || error.status >= 500);
}

/**
 * The app's one cache of server state. Tests pass `retry: false` so a failure they fake shows at once.
 * - networkMode 'always': the screens have their own answer to an unreachable server (the saved fleet,
 *   the saved post, an error with Retry); the library's default would wait for the browser to say it
 *   is online and show a spinner meanwhile.
 * - No reload on window focus: the app never did, and a list reloading as someone comes back to the
 *   tab would jump under their pointer.
 * Queries hand their AbortSignal to the API calls, so a screen left before its answer came stops
 * waiting for it (the library aborts a query that nothing shows any more).
 */
export function createQueryClient({ retry = true }: { retry?: boolean } = {}): QueryClient {
  // A 401 while someone is signed in means the session ended behind the app's back (it expired, or
  // the person signed out in another tab): ask again who is signed in, so the guards send them to sign
  // in. With nobody signed in (a wrong password, say) there is nothing to re-ask. The session check
  // answers a 401 with "nobody", so this cannot loop.
  const recheckSessionOn401 = (error: Error) => {
    if (error instanceof ApiError && error.status === 401 && queryClient.getQueryData(SESSION_KEY)) {
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    }
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: recheckSessionOn401 }),
    mutationCache: new MutationCache({ onError: recheckSessionOn401 }),
    defaultOptions: {
      queries: { retry: retry ? mayPassOnRetry : false, networkMode: 'always', refetchOnWindowFocus: false },
      mutations: { networkMode: 'always' },
    },
  });
  return queryClient;
}

let appClient: QueryClient | undefined;

/**
 * The browser's one cache, made by the first page with the layout (src/app/Layout.tsx provides it):
 * the landing page keeps no server state, so it loads none of this. Kept across pages, and across a
 * return to the landing page.
 */
export function appQueryClient(): QueryClient {
  appClient ??= createQueryClient();
  return appClient;
}

/** Retry as on the first load: the spinner, then the new answer, instead of the old failure staying on screen meanwhile. */
export function useRetry(queryKey: QueryKey): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.resetQueries({ queryKey, exact: true });
}
