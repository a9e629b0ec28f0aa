import { useMutation } from '@tanstack/react-query';
import type { PasswordResetRequest } from '../../domain/schemas/password-reset';
import { toApiError } from '../../lib/api-client';
import { ErrorAlert } from '../../components/ErrorAlert';
import { FormField } from '../../components/FormField';
import { SubmitWithStatus } from '../../components/SubmitWithStatus';
import { ZodForm } from '../../components/ZodForm';
import { requestPasswordReset } from './api';
import { t } from './words';

// The schema (and zod with it) loads once someone starts typing, not with the page.
const resetRequestChecks = () => import('../../domain/schemas/password-reset').then((schemas) => schemas.PasswordResetRequest);

const EMPTY: PasswordResetRequest = { email: '' };

/**
 * The spec's one Email field and Submit, asking the server to mail a reset link. The answer is the
 * same whether or not the email has an account, so the page shows the server's sentence as it is.
 */
export function ForgotPasswordForm() {
  const asking = useMutation({ mutationFn: requestPasswordReset });

  return (
    <ZodForm schema={resetRequestChecks} defaultValues={EMPTY} loadOn="intent" onSubmit={(values) => asking.mutateAsync(values)}>
      {(form) => (
        <>
          <p>{t('account.forgotPassword.intro')}</p>
          <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
          <FormField
            label={t('account.forgotPassword.email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            disabled={asking.isPending}
          />
          <SubmitWithStatus
            label={t('account.forgotPassword.submit')}
            pendingLabel={t('account.forgotPassword.sending')}
            pending={form.sending}
            done={asking.data?.message}
          />
        </>
      )}
    </ZodForm>
  );
}
