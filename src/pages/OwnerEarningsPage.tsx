import { PageShell } from '../components/PageShell';
import { usePageTitle } from '../lib/usePageTitle';
import { EarningsDashboard } from '../features/earnings/EarningsDashboard';
import { t } from '../features/earnings/words';

/** /owner/earnings: what an owner has earned, what is available, their payouts and monthly statements. */
export default function OwnerEarningsPage() {
  usePageTitle(t('earnings.title'));
  return (
    <PageShell title={t('earnings.title')}>
      <EarningsDashboard />
    </PageShell>
  );
}
