import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { endSession, sessionEnded } from './session';

const SIGN_OUT_FAILED = 'We could not sign you out. Check your connection and try again.';

interface SignOutOptions {
  /** How the server ends the session: this device's alone unless said otherwise. */
  end?: () => Promise<void>;
  /** Where the person goes once signed out. */
  destination?: string;
}

/**
 * Sign out and go to the landing page (or `destination`); when the server cannot end the session,
 * say so and stay signed in: a session the server still honours must not look ended on a shared computer.
 */
export function useSignOut({ end = endSession, destination = paths.landing }: SignOutOptions = {}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: async () => {
      await end();
      // Leave before the user is forgotten, or a guarded page's guard would send the person to /login
      // and back here after signing in. flushSync renders the move at once once the next page's code is
      // there; while that code is still loading, the guard itself holds off (RequireRole waits out a move under way).
      await navigate(destination, { flushSync: true });
    },
    // Runs although the screen that asked has gone with the move.
    onSuccess: () => sessionEnded(queryClient),
  });

  return {
    signOutAndLeave: () => signOut.mutate(),
    pending: signOut.isPending,
    error: signOut.isError ? SIGN_OUT_FAILED : null,
    dismissError: signOut.reset,
  };
}
