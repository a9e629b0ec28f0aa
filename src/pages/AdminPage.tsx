import { AdminOverview } from '../features/admin/AdminOverview';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin: where an admin lands after signing in, the console's overview. */
export default function AdminPage() {
  usePageTitle('Admin');
  return <AdminOverview />;
}
