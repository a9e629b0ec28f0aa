import { useMutation, useQuery } from '@tanstack/react-query';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { PasswordResetConfirm } from '../../domain/schemas/password-reset';
import { toApiError } from '../../lib/api-client';
import { statusOf } from '../../lib/api-error';
import { ErrorAlert } from '../../components/ErrorAlert';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PageSpinner } from '../../components/PageSpinner';
import { ZodForm } from '../../components/ZodForm';
import { checkPasswordResetLink, confirmPasswordReset } from './api';
import { t, Words } from './words';

type NewPassword = Omit<PasswordResetConfirm, 'token'>;

const EMPTY: NewPassword = { password: '', confirmPassword: '' };

/** Why a reset link does not work, with the way to a new one. */
export function LinkNotWorking({ message }: { message: string }) {
  return (
    <ErrorAlert message={message}>
      <Link to={paths.forgotPassword} className="alert-link">
        {t('account.resetPassword.askNewLink')}
      </Link>
    </ErrorAlert>
  );
}

/**
 * The new password twice, sent with the token from the mail's link; once set, the way to sign in
 * with it. The link is checked first, so a used or expired one says so before anyone types.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const link = useQuery({
    queryKey: ['password-reset-link', token],
    queryFn: ({ signal }) => checkPasswordResetLink({ token }, signal),
    // Once the password is set the link is used: asking again would only contradict the success.
    staleTime: Number.POSITIVE_INFINITY,
  });
  const setting = useMutation({ mutationFn: confirmPasswordReset });

  if (setting.data) {
    return (
      <>
        <Alert variant="success" role="status">
          {setting.data.message}
        </Alert>
        <Link to={paths.login} className="btn btn-primary">
          {t('account.resetPassword.signIn')}
        </Link>
      </>
    );
  }

  if (link.isPending) return <PageSpinner />;
  // Only the server's refusal of the link ends here; were the check itself to fail, the form still
  // works, and setting the password says whether the link does.
  if (statusOf(link.error) === 400) return <LinkNotWorking message={toApiError(link.error).message} />;

  // The token is the link's, not a field: a problem with it shows in the alert.
  const bodyOf = (values: NewPassword): PasswordResetConfirm => ({ token, ...values });
  return (
    <ZodForm
      schema={PasswordResetConfirm}
      defaultValues={EMPTY}
      bodyOf={bodyOf}
      onSubmit={(values) => setting.mutateAsync(bodyOf(values))}
    >
      {(form) => (
        <>
          <ErrorAlert message={form.failure ? toApiError(form.failure).message : null} onClose={form.clearFailure} />
          <NewPasswordFields disabled={setting.isPending} />
          <Button type="submit" variant="primary" disabled={form.sending}>
            {form.sending ? t('account.resetPassword.saving') : t('account.resetPassword.submit')}
          </Button>
          <p className="mt-3 mb-0">
            <Words id="account.resetPassword.expired" components={{ 0: <Link to={paths.forgotPassword} /> }} />
          </p>
        </>
      )}
    </ZodForm>
  );
}
