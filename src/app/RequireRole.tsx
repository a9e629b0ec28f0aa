import type { ReactNode } from 'react';
import { Link, Navigate, useLocation, useMatches, useNavigation, type UIMatch } from 'react-router-dom';
import type { Role } from '../domain/contract';
import { paths } from '../config/paths';
import { PageSpinner } from '../components/PageSpinner';
import { QueryError } from '../components/QueryError';
import { useSession } from '../lib/auth/session';
import { t } from '../lib/i18n';
import type { SignInState } from '../lib/auth/sign-in-state';
import type { SignInHandle } from './sign-in-handle';

/** The deepest route's reason: a page's own words win over its section's. */
function signInReason(matches: UIMatch[]): string | undefined {
  for (const { handle } of [...matches].reverse()) {
    const id = (handle as Partial<SignInHandle> | undefined)?.signInTo;
    if (typeof id === 'string') return t(id);
  }
  return undefined;
}

export interface RequireRoleProps {
  role: Role;
  /** Other roles let through too (admins answer the requests for fleet cars). */
  alsoAllow?: readonly Role[];
  /**
   * Where other roles are sent instead of being told the page is for another account: a page
   * whose role no one can sign up for offers them no "Sign in as" way on.
   */
  sendOthersTo?: string;
  children: ReactNode;
}

/** Lets only accounts of `role` through; a signed-out visitor is sent to sign in and brought back afterwards. */
export function RequireRole({ role, alsoAllow = [], sendOthersTo, children }: RequireRoleProps) {
  const { user, loading, checkError, refresh } = useSession();
  const location = useLocation();
  const matches = useMatches();
  // The router shows a screen only once its code has loaded, and commits the move as a transition:
  // someone who signed out on this page is already on their way home while the page still shows, and
  // must not be sent to sign in instead.
  const leaving = useNavigation().state !== 'idle';

  if (loading || (!user && leaving)) return <PageSpinner />;
  if (!user && checkError) {
    return (
      <div className="container py-5" style={{ maxWidth: '40rem' }}>
        <QueryError error={checkError} what={t('common.guard.checkFailed')} onRetry={refresh} />
      </div>
    );
  }
  if (!user) {
    const state: SignInState = { from: location, reason: signInReason(matches) };
    // Owners' pages open the owner's tab, where their accounts sign in.
    return <Navigate to={role === 'owner' ? paths.ownerLoginTab : paths.login} state={state} replace />;
  }
  if (user.role !== role && !alsoAllow.includes(user.role)) {
    if (sendOthersTo) return <Navigate to={sendOthersTo} replace />;
    return (
      <div className="container py-5" style={{ maxWidth: '40rem' }}>
        <div className="alert alert-warning" role="alert">
          <h1 className="h4">{t('common.guard.otherRoleTitle', { role })}</h1>
          <p>{t('common.guard.otherRoleText', { username: user.username, role: user.role, wanted: role })}</p>
          <div className="d-flex flex-wrap gap-3">
            <Link to={paths.home}>{t('common.guard.goHome')}</Link>
            <Link to={role === 'owner' ? paths.ownerLoginTab : paths.login} state={{ from: location }}>
              {t('common.guard.signInAs', { wanted: role })}
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return children;
}
