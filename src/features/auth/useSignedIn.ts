import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { Account, Role } from '../../domain/contract';
import { sessionStarted } from '../../lib/auth/session';
import { returnPath, type SignedInState } from '../../lib/auth/sign-in-state';

/** Where each account goes once signed in, when no guarded page sent it here. */
const HOME_OF: Record<Role, string> = { user: paths.home, owner: paths.ownerCars, admin: paths.admin };

/**
 * What follows once the server has started a session, by signing in or by registering: every
 * screen learns who is signed in, and the person goes on to where they were going, or to the home
 * of their account's role.
 */
export function useSignedIn(): (user: Account, state?: SignedInState) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  return async (user, state) => {
    await sessionStarted(queryClient);
    navigate(returnPath(location.state) ?? HOME_OF[user.role], { replace: true, state });
  };
}
