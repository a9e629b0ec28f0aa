import { usePageTitle } from '../lib/usePageTitle';
import { PageShell } from '../components/PageShell';
import { PayoutDetailsSettings } from '../features/payout-details/PayoutDetailsSettings';
import { t } from '../features/payout-details/words';

/** /owner/payouts: where the signed-in owner's earnings are paid. */
export default function OwnerPayoutsPage() {
  usePageTitle(t('payoutDetails.page.title'));
  return (
    <PageShell title={t('payoutDetails.page.title')} narrow>
      <PayoutDetailsSettings />
    </PageShell>
  );
}
