import { Link, useNavigate } from 'react-router-dom';
import { PageShell } from '../components/PageShell';
import { paths } from '../config/paths';
import { CarForm, emptyCar } from '../features/owner-cars/CarForm';
import { useAddOwnerCar } from '../features/owner-cars/queries';
import { usePageTitle } from '../lib/usePageTitle';

/** /renting: an owner lists a new car. */
export default function AddCarPage() {
  usePageTitle('Add Your Car');
  const navigate = useNavigate();
  const addCar = useAddOwnerCar();
  return (
    <PageShell title="Add Your Car" narrow>
      <CarForm initialValues={emptyCar()} save={addCar} onSaved={() => navigate(paths.ownerCars)} />
      <p className="mt-4 mb-0">
        <Link to={paths.ownerCars}>Back to List</Link>
      </p>
    </PageShell>
  );
}
