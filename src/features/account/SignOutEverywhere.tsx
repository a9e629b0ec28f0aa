import Button from 'react-bootstrap/Button';
import { paths } from '../../config/paths';
import { useSignOut } from '../../lib/auth/useSignOut';
import { ErrorAlert } from '../../components/ErrorAlert';
import { signOutEverywhere } from './api';

/** Ends the account's sessions on every device, this one too, and leads to the sign-in page. */
export function SignOutEverywhere() {
  const { signOutAndLeave, pending, error, dismissError } = useSignOut({ end: signOutEverywhere, destination: paths.login });
  return (
    <>
      <p>Lost a phone, or signed in on a shared computer? This signs you out everywhere, here too.</p>
      <ErrorAlert message={error} onClose={dismissError} />
      <Button variant="outline-danger" onClick={signOutAndLeave} disabled={pending}>
        {pending ? 'Signing out...' : 'Sign out of all devices'}
      </Button>
    </>
  );
}
