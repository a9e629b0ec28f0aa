import { AdminAccounts } from '../features/admin/AdminAccounts';
import { t } from '../features/admin/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/accounts: every account, to find and to disable or enable. */
export default function AdminAccountsPage() {
  usePageTitle(t('admin.accounts.title'));
  return <AdminAccounts />;
}
