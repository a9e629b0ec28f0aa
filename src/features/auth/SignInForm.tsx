import type { ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import type { ApiError } from '../../lib/api-error';
import { toApiError } from '../../lib/api-client';
import type { LoginAnswer, Role } from '../../domain/contract';
import type { Credentials } from '../../domain/schemas/accounts';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { ZodForm } from '../../components/ZodForm';
import type { SignedInState } from '../../lib/auth/sign-in-state';
import { useSignedIn } from './useSignedIn';
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
  signIn: (credentials: Credentials) => Promise<LoginAnswer>;
  /** The roles the form's tab is for: an account of another role is signed in all the same, and told so where it lands. */
  tabRoles: readonly Role[];
  forgotPasswordPath: string;
  /** Links shown under the form. */
  children?: ReactNode;
}

// The schema (and zod with it) loads once someone starts signing in, not with the page.
const signInChecks = () => import('../../domain/schemas/accounts').then((schemas) => schemas.Credentials);

/** Email (or username) and password, with the spec's submitting state and error alert. */
export function SignInForm({ loginLabel, signIn, tabRoles, forgotPasswordPath, children }: SignInFormProps) {
  const signedIn = useSignedIn();
  const signingIn = useMutation({
    mutationFn: signIn,
    onSuccess: ({ user }) => {
      const state: SignedInState | undefined = tabRoles.includes(user.role) ? undefined : { signedInAs: user.role };
      return signedIn(user, state);
    },
  });
  const credentials: Credentials = { email: '', password: '' };

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
