import type common from '#locales/en/common';

/** A message id of the app shell's catalogue (src/locales/en/common.json). */
type CommonId = Extract<keyof typeof common, string>;

/** A guarded route's `handle`: what signing in lets the person do there, as the id of its "Sign in to …" words. */
export interface SignInHandle {
  signInTo: CommonId;
}

/**
 * Kept with each guarded route, so the sign-in page can say why the visitor was sent to it. Apart
 * from the guard (RequireRole.tsx), which loads with the first guarded screen, since the route table
 * names it for every route. The words are looked up when the guard sends the visitor on, not here.
 */
export function signInTo(id: CommonId): SignInHandle {
  return { signInTo: id };
}
