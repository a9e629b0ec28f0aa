import { Link, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { PageShell } from '../components/PageShell';
import { ForgotPasswordForm } from '../features/password-reset/ForgotPasswordForm';
import { t } from '../features/password-reset/words';

/** /forgotpassword, /Forgotpassword and /owner-forgot-password: one form, each leading back to its own sign-in tab. */
export default function ForgotPasswordPage() {
  usePageTitle(t('account.forgotPassword.title'));
  const location = useLocation();
  const isOwner = location.pathname.toLowerCase() === paths.ownerForgotPassword;

  return (
    <PageShell title={t('account.forgotPassword.title')} narrow>
      <ForgotPasswordForm />
      <Link to={isOwner ? `${paths.login}?tab=owner` : paths.login}>{t('account.forgotPassword.backToSignIn')}</Link>
    </PageShell>
  );
}
