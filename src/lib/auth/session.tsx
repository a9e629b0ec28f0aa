import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Account } from '../../domain/contract';

export interface SessionState {
  /** Who is signed in; null when nobody is, or before the first check has answered. */
  user: Account | null;
  /** True until the first `GET /api/session` has answered. */
  loading: boolean;
  /** Set when the server could not say who is signed in (unreachable, or failing): not the same as signed out. */
  checkError: string | null;
  /** Ask the server again who is signed in (after a sign-in). */
  refresh: () => Promise<Account | null>;
  /**
   * End the session on the server, then run `beforeForgetting` (to leave a guarded page) and forget
   * the user here. A failure throws and keeps the user: a session the server still honours must not
   * look ended on a shared computer.
   */
  signOut: (beforeForgetting?: () => void | Promise<void>) => Promise<void>;
}

interface SessionContextValue extends SessionState {
  /** Starts the first check, once: screens that never ask who is signed in never load the API client. */
  ensureChecked: () => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

// The landing page shows nothing about the visitor, so the API client (axios) is loaded only when a
// screen first asks; that keeps it out of the landing page's bundle.
const sessionApi = () => import('./session-api');

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<Account | null>(null);
  const [loading, setLoading] = useState(true);
  const [checkError, setCheckError] = useState<string | null>(null);
  const checkStarted = useRef(false);

  const refresh = useCallback(async () => {
    checkStarted.current = true;
    try {
      const { user: current } = await (await sessionApi()).getSession();
      setUser(current);
      setCheckError(null);
      return current;
    } catch (caught) {
      const failure = caught as { status?: number; message?: string };
      setUser(null);
      // Only the server's 401 means "signed out"; anything else leaves the question open.
      setCheckError(failure.status === 401 ? null : (failure.message ?? 'We could not check whether you are signed in.'));
      return null;
    } finally {
      setLoading(false);
    }
  }, []);

  const signOut = useCallback(async (beforeForgetting?: () => void | Promise<void>) => {
    await (await sessionApi()).endSession();
    await beforeForgetting?.();
    setUser(null);
  }, []);

  const ensureChecked = useCallback(() => {
    if (!checkStarted.current) void refresh();
  }, [refresh]);

  const value = useMemo(
    () => ({ user, loading, checkError, refresh, signOut, ensureChecked }),
    [user, loading, checkError, refresh, signOut, ensureChecked],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession must be used inside SessionProvider');
  const { ensureChecked } = state;
  useEffect(ensureChecked, [ensureChecked]);
  return state;
}
