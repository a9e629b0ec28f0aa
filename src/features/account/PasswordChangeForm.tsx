import { toApiError } from '../../lib/api-client';
import type { PasswordChange as PasswordChangeBody } from '../../domain/contract';
import { PasswordChange } from '../../domain/schemas/account';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { SubmitWithStatus } from '../../components/SubmitWithStatus';
import { ZodForm } from '../../components/ZodForm';
import { useChangePassword } from './queries';
import { t } from './words';

const EMPTY: PasswordChangeBody = { currentPassword: '', password: '', confirmPassword: '' };

/** The current password, then the new one twice; this device stays signed in and every other one is signed out. */
export function PasswordChangeForm() {
  const changing = useChangePassword();

  return (
    <ZodForm
      schema={PasswordChange}
      defaultValues={EMPTY}
      onSubmit={async (values, { reset }) => {
        await changing.mutateAsync(values);
        // Passwords left in the fields once changed would be one click from being sent again.
        reset();
      }}
    >
      {(form) => (
        <>
          <p>{t('account.passwordChange.intro')}</p>
          <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
          <FormField
            label={t('account.passwordChange.current')}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
            disabled={changing.isPending}
          />
          <NewPasswordFields disabled={changing.isPending} />
          <SubmitWithStatus
            label={t('account.passwordChange.submit')}
            pendingLabel={t('account.passwordChange.changing')}
            pending={form.sending}
            done={changing.data?.message}
          />
        </>
      )}
    </ZodForm>
  );
}
