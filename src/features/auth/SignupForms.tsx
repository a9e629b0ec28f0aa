import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useLocation, useNavigate } from 'react-router-dom';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { ZodForm, type ZodFormState } from '../../components/ZodForm';
import { paths } from '../../config/paths';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../../domain/limits';
import type { OwnerRegistration, UserRegistration } from '../../domain/schemas/accounts';
import { toApiError } from '../../lib/api-client';
import { registerOwner, registerUser } from './api';
import { readSignInState, type SignInState } from '../../lib/auth/sign-in-state';
import { t } from './words';

// The schemas (and zod with them) load once someone starts registering, not with the page.
const registrationChecks = () => import('./registration-checks');

/** Long enough to read the success message before the login page replaces it. */
const REDIRECT_DELAY_MS = 1500;

const EMPTY_USER: UserRegistration = { username: '', email: '', password: '', confirmPassword: '' };
const EMPTY_OWNER: OwnerRegistration = { ...EMPTY_USER, phoneNumber: '', country: '' };

/**
 * The registration both forms share: the call, and the success message that leads, after a short
 * pause, to the sign-in tab the new account uses, with its email filled in and where the person
 * was going still kept. What was typed stays on failure.
 */
function useRegistration<T extends UserRegistration>(register: (body: T) => Promise<unknown>, signInPath: string) {
  const navigate = useNavigate();
  const location = useLocation();
  const registration = useMutation({ mutationFn: register });
  const registered = registration.isSuccess;
  const registeredEmail = registration.variables?.email;

  useEffect(() => {
    if (!registered) return undefined;
    const state: SignInState = { ...readSignInState(location.state), email: registeredEmail };
    const timer = window.setTimeout(() => navigate(signInPath, { state }), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [registered, registeredEmail, location.state, signInPath, navigate]);

  const statusAlerts = ({ failure, clearFailure }: ZodFormState) => {
    const refusal = failure ? toApiError(failure) : null;
    return (
      <>
        <ErrorAlert
          message={refusal && (refusal.serverMessage ?? (refusal.status === 0 ? refusal.message : t('account.signup.failed')))}
          onClose={clearFailure}
        />
        {registered ? (
          // Both forms say the same: one action, one message.
          <Alert variant="success" role="status">
            {t('account.signup.registered')}
          </Alert>
        ) : null}
      </>
    );
  };

  return { send: (values: T) => registration.mutateAsync(values), statusAlerts, locked: registration.isPending || registered };
}

/** Username and email: the first part of both forms. */
function AccountFields({ locked }: { locked: boolean }) {
  return (
    <>
      <FormField
        label={t('account.signup.username')}
        name="username"
        autoComplete="username"
        required
        maxLength={USERNAME_MAX}
        disabled={locked}
      />
      <FormField
        label={t('account.signup.email')}
        name="email"
        type="email"
        autoComplete="email"
        required
        maxLength={EMAIL_MAX}
        disabled={locked}
      />
    </>
  );
}

function PasswordFields({ locked }: { locked: boolean }) {
  return (
    <>
      <FormField
        label={t('account.signup.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={t('account.password.hint', { min: PASSWORD_MIN })}
        disabled={locked}
      />
      <FormField
        label={t('account.signup.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        maxLength={PASSWORD_MAX}
        disabled={locked}
      />
    </>
  );
}

export function UserSignupForm() {
  const { send, statusAlerts, locked } = useRegistration(registerUser, paths.login);

  return (
    <ZodForm
      schema={async () => (await registrationChecks()).UserRegistration}
      defaultValues={EMPTY_USER}
      loadOn="intent"
      onSubmit={send}
    >
      {(form) => (
        <>
          {statusAlerts(form)}
          <AccountFields locked={locked} />
          <PasswordFields locked={locked} />
          <Button type="submit" variant="primary" disabled={form.sending || locked}>
            {t('account.signup.submit')}
          </Button>
        </>
      )}
    </ZodForm>
  );
}

export function OwnerSignupForm() {
  const { send, statusAlerts, locked } = useRegistration(registerOwner, paths.ownerLoginTab);

  return (
    <ZodForm
      schema={async () => (await registrationChecks()).OwnerFields}
      defaultValues={EMPTY_OWNER}
      loadOn="intent"
      onSubmit={send}
    >
      {(form) => (
        <>
          {statusAlerts(form)}
          <AccountFields locked={locked} />
          <FormField
            label={t('account.signup.phoneNumber')}
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            required
            disabled={locked}
          />
          <FormField label={t('account.signup.country')} name="country" autoComplete="country-name" required disabled={locked} />
          <PasswordFields locked={locked} />
          <Button type="submit" variant="primary" disabled={form.sending || locked}>
            {t('account.signup.submit')}
          </Button>
        </>
      )}
    </ZodForm>
  );
}
