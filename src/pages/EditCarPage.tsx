import { Link, useNavigate, useParams } from 'react-router-dom';
import { PageShell } from '../components/PageShell';
import { paths } from '../config/paths';
import { EditCar } from '../features/owner-cars/EditCar';
import { carChangesSaved } from '../features/owner-cars/notice';
import { t } from '../features/owner-cars/words';
import { usePageTitle } from '../lib/usePageTitle';

/** /get/car/{id}: the owner's car, prefilled, to change. */
export default function EditCarPage() {
  usePageTitle(t('owner.editPage.title'));
  const { id = '' } = useParams<{ id: string }>();
  const navigate = useNavigate();
  return (
    <PageShell title={t('owner.editPage.title')} narrow>
      <EditCar id={id} onSaved={(carname) => navigate(paths.ownerCars, { state: carChangesSaved(carname) })} />
      <p className="mt-4 mb-0">
        <Link to={paths.ownerCars}>{t('owner.editPage.back')}</Link>
      </p>
    </PageShell>
  );
}
