import { usePageTitle } from '../lib/usePageTitle';
import { PageShell } from '../components/PageShell';
import { AccountSettings } from '../features/account/AccountSettings';
import { t } from '../features/account/words';

/** /account: any signed-in account's details, password and sessions. */
export default function AccountPage() {
  usePageTitle(t('account.settings.title'));
  return (
    <PageShell title={t('account.settings.title')} narrow>
      <AccountSettings />
    </PageShell>
  );
}
