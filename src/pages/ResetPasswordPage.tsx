import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { ErrorAlert } from '../components/ErrorAlert';
import { PageShell } from '../components/PageShell';
import { ResetPasswordForm } from '../features/password-reset/ResetPasswordForm';
import { t } from '../features/password-reset/words';

/** /reset-password?token=…: where the link in a password reset mail leads. */
export default function ResetPasswordPage() {
  usePageTitle(t('account.resetPassword.title'));
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';

  return (
    <PageShell title={t('account.resetPassword.title')} narrow>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <ErrorAlert message={t('account.resetPassword.noToken')}>
          <Link to={paths.forgotPassword}>{t('account.resetPassword.askNewLink')}</Link>
        </ErrorAlert>
      )}
    </PageShell>
  );
}
