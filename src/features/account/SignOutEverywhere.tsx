import Button from 'react-bootstrap/Button';
import { paths } from '../../config/paths';
import { useSignOut } from '../../lib/auth/useSignOut';
import { ErrorAlert } from '../../components/ErrorAlert';
import { signOutEverywhere } from './api';
import { t } from './words';

/** Ends the account's sessions on every device, this one too, and leads to the sign-in page. */
export function SignOutEverywhere() {
  const { signOutAndLeave, pending, error, dismissError } = useSignOut({ end: signOutEverywhere, destination: paths.login });
  return (
    <>
      <p>{t('account.signOutEverywhere.intro')}</p>
      <ErrorAlert message={error} onClose={dismissError} />
      <Button variant="outline-danger" onClick={signOutAndLeave} disabled={pending}>
        {pending ? t('account.signOutEverywhere.signingOut') : t('account.signOutEverywhere.submit')}
      </Button>
    </>
  );
}
