import { AdminCars } from '../features/admin/AdminCars';
import { usePageTitle } from '../lib/usePageTitle';

/** /admin/cars: every car, the fleet's and owners', to find and to delist or relist. */
export default function AdminCarsPage() {
  usePageTitle('Cars');
  return <AdminCars />;
}
