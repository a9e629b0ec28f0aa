import { usePageTitle } from '../lib/usePageTitle';
import { PageShell } from '../components/PageShell';
import { AccountSettings } from '../features/account/AccountSettings';

/** /account: any signed-in account's details, password and sessions. */
export default function AccountPage() {
  usePageTitle('Account');
  return (
    <PageShell title="Account" narrow>
      <AccountSettings />
    </PageShell>
  );
}
