import { useEffect, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { paths } from '../../config/paths';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../../domain/limits';
import type { OwnerRegistration, UserRegistration } from '../../domain/schemas/accounts';
import { toApiError } from '../../lib/api-client';
import { checked, loadChecks } from '../../lib/form-check';
import { registerOwner, registerUser } from './api';
import { readSignInState, type SignInState } from '../../lib/auth/sign-in-state';

const registrationChecks = () => loadChecks(() => import('./registration-checks'));

/** Long enough to read the success message before the login page replaces it. */
const REDIRECT_DELAY_MS = 1500;
/** Both forms say the same: one action, one message. */
const REGISTERED = 'Account created. Taking you to sign in…';
const PASSWORD_HINT = `At least ${PASSWORD_MIN} characters.`;

type FieldChange<T> = <K extends keyof T>(field: K) => (value: string) => void;

interface FieldsProps<T> {
  values: T;
  change: FieldChange<T>;
  locked: boolean;
}

const EMPTY_USER: UserRegistration = { username: '', email: '', password: '', confirmPassword: '' };
const EMPTY_OWNER: OwnerRegistration = { ...EMPTY_USER, phoneNumber: '', country: '' };

/**
 * The registration both forms share: the values typed (kept on failure), the call, its error, and
 * the success message that leads, after a short pause, to the sign-in tab the new account uses,
 * with its email filled in and where the person was going still kept.
 */
function useRegistration<T extends UserRegistration>(empty: T, register: (body: T) => Promise<unknown>, signInPath: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const [values, setValues] = useState<T>(empty);
  const registration = useMutation({ mutationFn: register });
  const registered = registration.isSuccess;
  const registeredEmail = registration.variables?.email;

  useEffect(() => {
    if (!registered) return undefined;
    const state: SignInState = { ...readSignInState(location.state), email: registeredEmail };
    const timer = window.setTimeout(() => navigate(signInPath, { state }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [registered, registeredEmail, location.state, signInPath, navigate]);

  const change: FieldChange<T> = (field) => (value) => setValues((current) => ({ ...current, [field]: value }));

  const failure = registration.error ? toApiError(registration.error) : null;
  const statusAlerts = (
    <>
      <ErrorAlert
        message={
          failure &&
          (failure.serverMessage ?? (failure.status === 0 ? failure.message : 'Registration failed. Please try again.'))
        }
        onClose={registration.reset}
      />
      {registered ? (
        <Alert variant="success" role="status">
          {REGISTERED}
        </Alert>
      ) : null}
    </>
  );

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    registration.mutate(values);
  };

  return { values, change, handleSubmit, statusAlerts, locked: registration.isPending || registered };
}

/** Username and email: the first part of both forms. */
function AccountFields<T extends UserRegistration>({ values, change, locked }: FieldsProps<T>) {
  return (
    <>
      <FormField
        label="Username"
        name="username"
        autoComplete="username"
        required
        maxLength={USERNAME_MAX}
        value={values.username}
        onChange={change('username')}
        disabled={locked}
      />
      <FormField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX}
        value={values.email}
        onChange={change('email')}
        disabled={locked}
      />
    </>
  );
}

function PasswordFields<T extends UserRegistration>({ values, change, locked }: FieldsProps<T>) {
  return (
    <>
      <FormField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={PASSWORD_HINT}
        value={values.password}
        onChange={change('password')}
        disabled={locked}
      />
      <FormField
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        value={values.confirmPassword}
        onChange={change('confirmPassword')}
        disabled={locked}
      />
    </>
  );
}

export function UserSignupForm() {
  const { values, change, handleSubmit, statusAlerts, locked } = useRegistration(
    EMPTY_USER,
    async (body: UserRegistration) => registerUser(checked((await registrationChecks()).UserRegistration, body)),
    paths.login,
  );

  return (
    <Form onSubmit={handleSubmit}>
      {statusAlerts}
      <AccountFields values={values} change={change} locked={locked} />
      <PasswordFields values={values} change={change} locked={locked} />
      <Button type="submit" variant="primary" disabled={locked}>
        Register
      </Button>
    </Form>
  );
}

export function OwnerSignupForm() {
  const { values, change, handleSubmit, statusAlerts, locked } = useRegistration(
    EMPTY_OWNER,
    async (body: OwnerRegistration) => registerOwner(checked((await registrationChecks()).OwnerFields, body)),
    paths.ownerLoginTab,
  );

  return (
    <Form onSubmit={handleSubmit}>
      {statusAlerts}
      <AccountFields values={values} change={change} locked={locked} />
      <FormField
        label="Phone Number"
        name="phoneNumber"
        type="tel"
        autoComplete="tel"
        required
        value={values.phoneNumber}
        onChange={change('phoneNumber')}
        disabled={locked}
      />
      <FormField
        label="Country"
        name="country"
        autoComplete="country-name"
        required
        value={values.country}
        onChange={change('country')}
        disabled={locked}
      />
      <PasswordFields values={values} change={change} locked={locked} />
      <Button type="submit" variant="primary" disabled={locked}>
        Register
      </Button>
    </Form>
  );
}
