import { AdminMoney } from '../features/admin/AdminMoney';
import { t } from '../features/admin/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/money: the platform's revenue by month, what it owes, owners' balances, and the check of the books. */
export default function AdminMoneyPage() {
  usePageTitle(t('admin.money.pageTitle'));
  return <AdminMoney />;
}
