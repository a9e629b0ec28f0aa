/** A guarded route's `handle`: what signing in lets the person do there, ending "Sign in to …". */
export interface SignInHandle {
  signInTo: string;
}

/**
 * Kept with each guarded route, so the sign-in page can say why the visitor was sent to it. Apart
 * from the guard (RequireRole.tsx), which loads with the first guarded screen, since the route table
 * names it for every route.
 */
export function signInTo(what: string): SignInHandle {
  return { signInTo: what };
}
