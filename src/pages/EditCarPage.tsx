import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageShell } from '../components/PageShell';
import { paths } from '../config/paths';
import { EditCar } from '../features/owner-cars/EditCar';
import { carChangesSaved } from '../features/owner-cars/notice';
import { usePageTitle } from '../lib/usePageTitle';

/** /get/car/{id}: the owner's car, prefilled, to change. */
export default function EditCarPage() {
  usePageTitle('Edit your Car Details');
  const { id = '' } = useParams<{ id: string }>();
  const navigate = useNavigate();
  return (
    <PageShell title="Edit your Car Details" narrow>
      <EditCar id={id} onSaved={(carname) => navigate(paths.ownerCars, { state: carChangesSaved(carname) })} />
      <p className="mt-4 mb-0">
        <Link to={paths.ownerCars}>Back</Link>
      </p>
    </PageShell>
  );
}
