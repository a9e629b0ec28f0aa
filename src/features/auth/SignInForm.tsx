import type { ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { ApiError } from '../../lib/api-error';
import { toApiError } from '../../lib/api-client';
import type { LoginAnswer, Role } from '../../domain/contract';
import { paths } from '../../config/paths';
import type { Credentials } from '../../domain/schemas/accounts';
import { sessionStarted } from '../../lib/auth/session';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { ZodForm } from '../../components/ZodForm';
import { returnPath, type SignedInState } from '../../lib/auth/sign-in-state';
import { t } from './words';

/**
 * What to tell a person whose sign-in failed. Wrong credentials stay vague on purpose (no hint
 * whether the email exists); the server's own words are kept where they tell the person what to
 * do instead (wrong tab, a disabled account, too many attempts), and an outage is not blamed on
 * their password.
 */
function signInErrorMessage(error: ApiError): string {
  if (error.status === 0) return error.message;
  if (error.status === 403 || error.status === 429) return error.serverMessage ?? error.message;
  if (error.status >= 500) return t('account.signIn.serverFailed');
  return t('account.signIn.invalidCredentials');
}

interface SignInFormProps {
  /** The first field's label: the login forms ask for an email, the sign-in page also takes a username. */
  loginLabel: string;
  /** What the first field starts with: the email someone has just registered. */
  initialLogin?: string;
  signIn: (credentials: Credentials) => Promise<LoginAnswer>;
  /** The roles the form's tab is for: an account of another role is signed in all the same, and told so where it lands. */
  tabRoles: readonly Role[];
  forgotPasswordPath: string;
  /** Links shown under the form. */
  children?: ReactNode;
}

/** Where each account goes once signed in, when no guarded page sent it here. */
const HOME_OF: Record<Role, string> = { user: paths.home, owner: paths.ownerCars, admin: paths.admin };

// The schema (and zod with it) loads once someone starts signing in, not with the page.
const signInChecks = () => import('../../domain/schemas/accounts').then((schemas) => schemas.Credentials);

/** Email (or username) and password, with the spec's submitting state and error alert. */
export function SignInForm({ loginLabel, initialLogin = '', signIn, tabRoles, forgotPasswordPath, children }: SignInFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const signingIn = useMutation({
    mutationFn: signIn,
    onSuccess: async ({ user }) => {
      await sessionStarted(queryClient);
      const state: SignedInState | undefined = tabRoles.includes(user.role) ? undefined : { signedInAs: user.role };
      navigate(returnPath(location.state) ?? HOME_OF[user.role], { replace: true, state });
    },
  });
  const credentials: Credentials = { email: initialLogin, password: '' };

  return (
    <ZodForm
      schema={signInChecks}
      defaultValues={credentials}
      loadOn="intent"
      // Whatever the server says of a wrong login stays vague: no field is blamed.
      serverFieldErrors={false}
      onSubmit={(values) => signingIn.mutateAsync(values)}
    >
      {(form) => {
        // Signed in, the form stays locked until the next screen replaces it.
        const locked = signingIn.isPending || signingIn.isSuccess;
        const submitting = form.sending || locked;
        return (
          <>
            <ErrorAlert
              message={form.failure ? signInErrorMessage(toApiError(form.failure)) : null}
              onClose={form.clearFailure}
            />
            <FormField label={loginLabel} name="email" type="text" autoComplete="username" disabled={locked} />
            <FormField
              label={t('account.signIn.password')}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              disabled={locked}
            />
            <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
              <Button type="submit" variant="primary" disabled={submitting}>
                {submitting ? t('account.signIn.submitting') : t('account.signIn.submit')}
              </Button>
              <Link to={forgotPasswordPath}>{t('account.signIn.forgotPassword')}</Link>
            </div>
            {children}
          </>
        );
      }}
    </ZodForm>
  );
}
