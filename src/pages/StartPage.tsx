import { Link } from 'react-router-dom';
import { signIn } from '../features/auth/api';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { PageShell } from '../components/PageShell';
import { SignInForm } from '../features/auth/SignInForm';
import { t } from '../features/auth/words';

/** /start: one sign-in form for any account, by username or email. */
export default function StartPage() {
  usePageTitle(t('account.start.title'));
  return (
    <PageShell title={t('account.start.title')} narrow>
      <SignInForm
        loginLabel={t('account.start.login')}
        signIn={signIn}
        tabRoles={['user', 'owner', 'admin']}
        forgotPasswordPath={paths.forgotPassword}
      >
        <p className="mb-0">
          <Link to={paths.signup}>{t('account.start.needAccount')}</Link>
        </p>
      </SignInForm>
    </PageShell>
  );
}
