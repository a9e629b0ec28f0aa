import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { endSession, sessionEnded } from './session';

const SIGN_OUT_FAILED = 'We could not sign you out. Check your connection and try again.';

/**
 * Sign out and go to the landing page; when the server cannot end the session, say so and stay
 * signed in: a session the server still honours must not look ended on a shared computer.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signOut = useMutation({
    mutationFn: async () => {
      await endSession();
      // Leave before the user is forgotten, or an owner page's guard would send the person to /login.
      // flushSync renders the move at once once the landing page's code is there; while that code is
      // still loading, the guard itself holds off (RequireRole waits out a move under way).
      await navigate(paths.landing, { flushSync: true });
    },
    // Runs although the screen that asked has gone with the move home.
    onSuccess: () => sessionEnded(queryClient),
  });

  return {
    signOutAndLeave: () => signOut.mutate(),
    error: signOut.isError ? SIGN_OUT_FAILED : null,
    dismissError: signOut.reset,
  };
}
