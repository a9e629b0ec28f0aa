import { useState, type FormEvent, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { ApiError } from '../../lib/api-error';
import { toApiError } from '../../lib/api-client';
import type { Account, LoginAnswer } from '../../domain/contract';
import type { Credentials } from '../../domain/schemas/accounts';
import { checked, loadChecks } from '../../lib/form-check';
import { sessionStarted } from '../../lib/auth/session';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { returnPath } from '../../lib/auth/sign-in-state';

const INVALID_CREDENTIALS = 'Invalid email or password. Please try again.';

/**
 * What to tell a person whose sign-in failed. Wrong credentials stay vague on purpose (no hint
 * whether the email exists); the server's own words are kept where they tell the person what to
 * do instead (wrong tab, a disabled account, too many attempts), and an outage is not blamed on
 * their password.
 */
function signInErrorMessage(error: ApiError): string {
  if (error.status === 0) return error.message;
  if (error.status === 403 || error.status === 429) return error.serverMessage ?? error.message;
  if (error.status >= 500) return 'The server could not sign you in just now. Please try again in a moment.';
  return INVALID_CREDENTIALS;
}

interface SignInFormProps {
  /** The first field's label: the login forms ask for an email, the sign-in page also takes a username. */
  loginLabel: string;
  /** What the first field starts with: the email someone has just registered. */
  initialLogin?: string;
  signIn: (credentials: Credentials) => Promise<LoginAnswer>;
  /** Where a signed-in account goes when it was not sent here by a guarded page. */
  destinationFor: (account: Account) => string;
  forgotPasswordPath: string;
  /** Links shown under the form. */
  children?: ReactNode;
}

/** Email (or username) and password, with the spec's submitting state and error alert. */
export function SignInForm({
  loginLabel,
  initialLogin = '',
  signIn,
  destinationFor,
  forgotPasswordPath,
  children,
}: SignInFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [login, setLogin] = useState(initialLogin);
  const [password, setPassword] = useState('');
  const signingIn = useMutation({
    mutationFn: async (credentials: Credentials) => {
      // The schema (and zod with it) loads when someone signs in, not with the page.
      const { Credentials: schema } = await loadChecks(() => import('../../domain/schemas/accounts'));
      return signIn(checked(schema, credentials));
    },
    onSuccess: async ({ user }) => {
      await sessionStarted(queryClient);
      navigate(returnPath(location.state) ?? destinationFor(user), { replace: true });
    },
  });
  // Signed in, the form stays locked until the next screen replaces it.
  const submitting = signingIn.isPending || signingIn.isSuccess;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    signingIn.mutate({ email: login, password });
  };

  return (
    <Form onSubmit={handleSubmit}>
      <ErrorAlert message={signingIn.error ? signInErrorMessage(toApiError(signingIn.error)) : null} onClose={signingIn.reset} />
      <FormField
        label={loginLabel}
        name="email"
        type="text"
        autoComplete="username"
        value={login}
        onChange={setLogin}
        disabled={submitting}
      />
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={setPassword}
        disabled={submitting}
      />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3 mb-3">
        <Button type="submit" variant="primary" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </Button>
        <Link to={forgotPasswordPath}>Forgot Password?</Link>
      </div>
      {children}
    </Form>
  );
}
