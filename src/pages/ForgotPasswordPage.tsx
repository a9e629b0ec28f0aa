import { Link, useLocation } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { PageShell } from '../components/PageShell';
import { ForgotPasswordForm } from '../features/password-reset/ForgotPasswordForm';

/** /forgotpassword, /Forgotpassword and /owner-forgot-password: one form, each leading back to its own sign-in tab. */
export default function ForgotPasswordPage() {
  usePageTitle('Forgot Password');
  const location = useLocation();
  const isOwner = location.pathname.toLowerCase() === paths.ownerForgotPassword;

  return (
    <PageShell title="Forgot Password" narrow>
      <ForgotPasswordForm />
      <Link to={isOwner ? `${paths.login}?tab=owner` : paths.login}>Back to sign in</Link>
    </PageShell>
  );
}
