import { PageShell } from '../components/PageShell';
import { OwnerCarList } from '../features/owner-cars/OwnerCarList';
import { t } from '../features/owner-cars/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /get/cars: the signed-in owner's cars. */
export default function OwnerCarsPage() {
  usePageTitle(t('owner.carsPage.title'));
  return (
    <PageShell title={t('owner.carsPage.title')}>
      <OwnerCarList />
    </PageShell>
  );
}
