import { PageShell } from '../components/PageShell';
import { OwnerCarList } from '../features/owner-cars/OwnerCarList';
import { usePageTitle } from '../lib/usePageTitle';

/** /get/cars: the signed-in owner's cars. */
export default function OwnerCarsPage() {
  usePageTitle('Your Cars');
  return (
    <PageShell title="Your Cars">
      <OwnerCarList />
    </PageShell>
  );
}
