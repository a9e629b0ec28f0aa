import { AdminCars } from '../features/admin/AdminCars';
import { t } from '../features/admin/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/cars: every car, the fleet's and owners', to find and to delist or relist. */
export default function AdminCarsPage() {
  usePageTitle(t('admin.cars.title'));
  return <AdminCars />;
}
