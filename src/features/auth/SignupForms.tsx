import { useMutation } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { ZodForm, type ZodFormState } from '../../components/ZodForm';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX } from '../../domain/limits';
import type { OwnerRegistration, RegisterAnswer, UserRegistration } from '../../domain/schemas/accounts';
import { toApiError } from '../../lib/api-client';
import { registerOwner, registerUser } from './api';
import { useSignedIn } from './useSignedIn';
import { t } from './words';

// The schemas (and zod with them) load once someone starts registering, not with the page.
const registrationChecks = () => import('./registration-checks');

const EMPTY_USER: UserRegistration = { username: '', email: '', password: '', confirmPassword: '' };
const EMPTY_OWNER: OwnerRegistration = { ...EMPTY_USER, phoneNumber: '', country: 'India' };

/**
 * The registration both forms share: the call, which signs the new account in, and then on to
 * where the person was going, or to the home of the account's role. What was typed stays on failure.
 */
function useRegistration<T extends UserRegistration>(register: (body: T) => Promise<RegisterAnswer>) {
  const signedIn = useSignedIn();
  const registration = useMutation({ mutationFn: register, onSuccess: ({ user }) => signedIn(user) });

  const statusAlert = ({ failure, clearFailure }: ZodFormState) => {
    const refusal = failure ? toApiError(failure) : null;
    return (
      <ErrorAlert
        message={refusal && (refusal.serverMessage ?? (refusal.status === 0 ? refusal.message : t('account.signup.failed')))}
        onClose={clearFailure}
      />
    );
  };

  // Registered, the form stays locked until the next screen replaces it.
  return {
    send: (values: T) => registration.mutateAsync(values),
    statusAlert,
    locked: registration.isPending || registration.isSuccess,
  };
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
  const { send, statusAlert, locked } = useRegistration(registerUser);

  return (
    <ZodForm
      schema={async () => (await registrationChecks()).UserRegistration}
      defaultValues={EMPTY_USER}
      loadOn="intent"
      onSubmit={send}
    >
      {(form) => (
        <>
          {statusAlert(form)}
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
  const { send, statusAlert, locked } = useRegistration(registerOwner);

  return (
    <ZodForm
      schema={async () => (await registrationChecks()).OwnerFields}
      defaultValues={EMPTY_OWNER}
      loadOn="intent"
      onSubmit={send}
    >
      {(form) => (
        <>
          {statusAlert(form)}
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
