import { AdminPayouts } from '../features/admin/AdminPayouts';
import { t } from '../features/admin/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/payouts: the runs that pay owners, a run's bank file, and marking each payout paid or failed. */
export default function AdminPayoutsPage() {
  usePageTitle(t('admin.payouts.pageTitle'));
  return <AdminPayouts />;
}
