import { AdminAccounts } from '../features/admin/AdminAccounts';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/accounts: every account, to find and to disable or enable. */
export default function AdminAccountsPage() {
  usePageTitle('Accounts');
  return <AdminAccounts />;
}
