import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSession } from './session';

const SIGN_OUT_FAILED = 'We could not sign you out. Check your connection and try again.';

/** Sign out and go to the landing page; when the server cannot end the session, say so and stay. */
export function useSignOut() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  const signOutAndLeave = async () => {
    setError(null);
    try {
      // Leave before the user is forgotten, or an owner page's guard would send the person to /login.
      // flushSync: the router otherwise renders the move as a transition, after forgetting the user.
      await signOut(() => navigate(paths.landing, { flushSync: true }));
    } catch {
      setError(SIGN_OUT_FAILED);
    }
  };

  return { signOutAndLeave, error, dismissError: () => setError(null) };
}
