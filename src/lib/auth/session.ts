import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Account } from '../../domain/contract';
import { SESSION_KEY } from './session-key';
// Only screens with the layout ask who is signed in, so the API client stays out of the landing page.
import { endSession as endServerSession, getSession } from './session-api';

const sessionQuery = queryOptions({
  queryKey: SESSION_KEY,
  // The server answers `{user: null}` for a signed-out visitor; a failure leaves the question open.
  queryFn: async ({ signal }): Promise<Account | null> => (await getSession(signal)).user,
  // Not asked again on every screen: this app's sign-in and sign-out update it, and a 401 from any
  // call makes the query client ask again (the session ended elsewhere).
  staleTime: Infinity,
});

export interface SessionState {
  /** Who is signed in; null when nobody is, before the first check has answered, or when it failed. */
  user: Account | null;
  /** True until the first `GET /api/session` has answered. */
  loading: boolean;
  /** Set when the server could not say who is signed in (unreachable, or failing): not the same as signed out. */
  checkError: Error | null;
  /** Ask the server again who is signed in. */
  refresh: () => void;
}

/** Who is signed in, asked of the server once, when a screen first wants to know. */
export function useSession(): SessionState {
  const { data, error, isPending, refetch } = useQuery(sessionQuery);
  return { user: error ? null : (data ?? null), loading: isPending, checkError: error, refresh: () => void refetch() };
}

/** What every screen loaded belonged to whoever was signed in: all of it goes but the session itself. */
function dropAccountData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQuery.queryKey[0] });
}

/**
 * After a sign-in: forget what was loaded for the previous visitor and ask the server who is signed
 * in now, as the guarded pages will. A failed check shows there, with Retry, so it is not thrown here.
 */
export async function sessionStarted(queryClient: QueryClient): Promise<void> {
  dropAccountData(queryClient);
  await queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey, refetchType: 'all' });
}

/** After the signed-in account's details changed: every screen shows it as it now stands, without asking again. */
export function accountChanged(queryClient: QueryClient, account: Account): void {
  queryClient.setQueryData(sessionQuery.queryKey, account);
}

/** After the server ended the session: nobody is signed in, and nothing loaded for them stays. */
export async function sessionEnded(queryClient: QueryClient): Promise<void> {
  // A check still under way would otherwise land afterwards and bring the signed-out user back.
  await queryClient.cancelQueries({ queryKey: sessionQuery.queryKey });
  dropAccountData(queryClient);
  queryClient.setQueryData(sessionQuery.queryKey, null);
}

/** Ends the session on the server; a failure throws, so the caller keeps the person signed in and says so. */
export async function endSession(): Promise<void> {
  await endServerSession();
}
