import { useEffect, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Tab from 'react-bootstrap/Tab';
import Tabs from 'react-bootstrap/Tabs';
import { Link, useNavigate } from 'react-router-dom';
import { registerOwner, registerUser } from '../features/auth/api';
import { toApiError } from '../lib/api-client';
import type { OwnerRegistration, UserRegistration } from '../domain/contract';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../domain/limits';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { ErrorAlert } from '../components/ErrorAlert';
import { FormField } from '../components/FormField';
import { PageShell } from '../components/PageShell';

/** Long enough to read the success message before the login page replaces it. */
const REDIRECT_DELAY_MS = 1500;
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
 * The registration state both forms share: the values typed (kept on failure), the submitting flag,
 * the error, and the success message that leads to /login after a short pause.
 */
function useRegistration<T extends UserRegistration>(empty: T, successMessage: string) {
  const navigate = useNavigate();
  const [values, setValues] = useState<T>(empty);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [registered, setRegistered] = useState(false);

  useEffect(() => {
    if (!registered) return undefined;
    const timer = window.setTimeout(() => navigate(paths.login), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [registered, navigate]);

  const change: FieldChange<T> = (field) => (value) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (register: (body: T) => Promise<unknown>) => {
    setSubmitting(true);
    setError(null);
    try {
      await register(values);
      setRegistered(true);
    } catch (caught) {
      const failure = toApiError(caught);
      setError(failure.serverMessage ?? (failure.status === 0 ? failure.message : 'Registration failed. Please try again.'));
      setSubmitting(false);
    }
  };

  const statusAlerts = (
    <>
      <ErrorAlert message={error} onClose={() => setError(null)} />
      {registered ? (
        <Alert variant="success" role="status">
          {successMessage}
        </Alert>
      ) : null}
    </>
  );

  return { values, change, submit, setError, statusAlerts, locked: submitting || registered };
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

function UserSignupForm() {
  const { values, change, submit, setError, statusAlerts, locked } = useRegistration(EMPTY_USER, 'Successfully Registered');

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (values.password !== values.confirmPassword) {
      setError('Passwords do not match.');
      return;
    }
    void submit(registerUser);
  };

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

function OwnerSignupForm() {
  const { values, change, submit, statusAlerts, locked } = useRegistration(EMPTY_OWNER, 'Registration Successful');

  // The spec leaves the password confirmation of owners to the server, which answers with its message.
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(registerOwner);
  };

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

/** /signup: registration of renters and owners on two tabs. */
export default function SignupPage() {
  usePageTitle('Register');
  return (
    <PageShell title="Register" narrow>
      <Tabs defaultActiveKey="user" className="mb-4" mountOnEnter unmountOnExit transition={false}>
        <Tab eventKey="user" title="User">
          <UserSignupForm />
        </Tab>
        <Tab eventKey="owner" title="Owner">
          <OwnerSignupForm />
        </Tab>
      </Tabs>
      <p>
        Already have an account? <Link to={paths.login}>Login</Link>
      </p>
    </PageShell>
  );
}
