import type { Path } from 'react-router-dom';
import type { Role } from '../../domain/contract';

/**
 * What a screen that sends someone to /login (or on to /signup and back) hands over in router
 * state, which keeps it out of the address and so out of the server's logs and shared links.
 */
export interface SignInState {
  /** Where the person was going: signing in takes them back there. */
  from?: Partial<Path>;
  /** Why they are asked to sign in, as the page says it: "Sign in to see your bookings". */
  reason?: string;
}

/** The router state read back: it may come from an older entry of the history, so nothing is taken on trust. */
export function readSignInState(state: unknown): SignInState {
  if (typeof state !== 'object' || state === null) return {};
  const { from, reason } = state as Record<string, unknown>;
  return {
    from: typeof from === 'object' && from !== null ? (from as Partial<Path>) : undefined,
    reason: typeof reason === 'string' ? reason : undefined,
  };
}

/**
 * What signing in hands to the page it leads to, in router state: the role of an account that
 * signed in on the other role's tab, so the page can say which account it was.
 */
export interface SignedInState {
  signedInAs: Role;
}

/** The role an account signed in as on the other tab, when the router state says so. */
export function readSignedInAs(state: unknown): Role | undefined {
  if (typeof state !== 'object' || state === null || !('signedInAs' in state)) return undefined;
  const role = state.signedInAs;
  return role === 'user' || role === 'owner' || role === 'admin' ? role : undefined;
}

/** Where signing in returns the person to, when a page sent them. */
export function returnPath(state: unknown): string | undefined {
  const { from } = readSignInState(state);
  return from?.pathname ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : undefined;
}
