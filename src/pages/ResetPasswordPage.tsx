import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../lib/usePageTitle';
import { PageShell } from '../components/PageShell';
import { LinkNotWorking, ResetPasswordForm } from '../features/password-reset/ResetPasswordForm';
import { t } from '../features/password-reset/words';

/** /reset-password?token=…: where the link in a password reset mail leads. */
export default function ResetPasswordPage() {
  usePageTitle(t('account.resetPassword.title'));
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';

  return (
    <PageShell title={t('account.resetPassword.title')} narrow>
      {token ? <ResetPasswordForm token={token} /> : <LinkNotWorking message={t('account.resetPassword.noToken')} />}
    </PageShell>
  );
}
