import { AdminOverview } from '../features/admin/AdminOverview';
import { t } from '../features/admin/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin: where an admin lands after signing in, the console's overview. */
export default function AdminPage() {
  usePageTitle(t('admin.overview.pageTitle'));
  return <AdminOverview />;
}
