import { Link, useNavigate } from 'react-router-dom';
import { addOwnerCar } from '../features/owner-cars/api';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { CarForm, EMPTY_CAR, type CarFormValues } from '../features/owner-cars/CarForm';
import { PageShell } from '../components/PageShell';

/** /renting: an owner lists a new car. */
export default function AddCarPage() {
  usePageTitle('Add Your Car');
  const navigate = useNavigate();

  const add = async (values: CarFormValues) => {
    const answer = await addOwnerCar(values);
    if (answer.trim() !== 'saved') {
      throw new Error('The server did not confirm that your car was saved. Check Your Cars before trying again.');
    }
    navigate(paths.ownerCars);
  };

  return (
    <PageShell title="Add Your Car" narrow>
      <CarForm initialValues={EMPTY_CAR} onSubmit={add} />
      <p className="mt-4 mb-0">
        <Link to={paths.ownerCars}>Back to List</Link>
      </p>
    </PageShell>
  );
}
