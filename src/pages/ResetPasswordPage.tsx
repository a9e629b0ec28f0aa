import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { ErrorAlert } from '../components/ErrorAlert';
import { PageShell } from '../components/PageShell';
import { ResetPasswordForm } from '../features/password-reset/ResetPasswordForm';

/** /reset-password?token=…: where the link in a password reset mail leads. */
export default function ResetPasswordPage() {
  usePageTitle('Choose a New Password');
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() ?? '';

  return (
    <PageShell title="Choose a New Password" narrow>
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <ErrorAlert message="This page needs the link from your password reset mail, which carries a token. Open the link from the mail again.">
          <Link to={paths.forgotPassword}>Ask for a new link</Link>
        </ErrorAlert>
      )}
    </PageShell>
  );
}
