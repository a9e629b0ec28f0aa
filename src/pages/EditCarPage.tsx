import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { editOwnerCar, getOwnerCar } from '../features/owner-cars/api';
import { toApiError } from '../lib/api-client';
import type { OwnerCar } from '../domain/contract';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { CarForm, type CarFormValues } from '../features/owner-cars/CarForm';
import { ErrorAlert } from '../components/ErrorAlert';
import { PageShell } from '../components/PageShell';
import { PageSpinner } from '../components/PageSpinner';

type CarLoad =
  | { state: 'loading' }
  | { state: 'not-found' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; car: OwnerCar };

/** /get/car/{id}: the owner's car, prefilled, to change. */
export default function EditCarPage() {
  usePageTitle('Edit your Car Details');
  const { id = '' } = useParams<{ id: string }>();
  const navigate = useNavigate();
  const [load, setLoad] = useState<CarLoad>({ state: 'loading' });

  const fetchCar = useCallback(async () => {
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'ready', car: await getOwnerCar(id) });
    } catch (caught) {
      const failure = toApiError(caught);
      // A malformed id (400) names no car of theirs either; retrying it cannot help.
      const notTheirs = failure.status === 404 || failure.status === 400;
      setLoad(notTheirs ? { state: 'not-found' } : { state: 'failed', message: failure.message });
    }
  }, [id]);

  useEffect(() => {
    void fetchCar();
  }, [fetchCar]);

  const save = async (values: CarFormValues) => {
    const answer = await editOwnerCar({ id, ...values, price: Number(values.price) });
    if (answer.code !== 200) throw new Error(answer.message);
    navigate(paths.ownerCars);
  };

  const backLink = (
    <p className="mt-4 mb-0">
      <Link to={paths.ownerCars}>Back</Link>
    </p>
  );

  return (
    <PageShell title="Edit your Car Details" narrow>
      {load.state === 'loading' ? <PageSpinner /> : null}
      {load.state === 'not-found' ? <p role="alert">This car was not found among your cars.</p> : null}
      {load.state === 'failed' ? (
        <ErrorAlert message={load.message}>
          <Button variant="outline-danger" size="sm" onClick={() => void fetchCar()}>
            Retry
          </Button>
        </ErrorAlert>
      ) : null}
      {load.state === 'ready' ? (
        <CarForm
          initialValues={{
            url: load.car.url,
            carname: load.car.carname,
            description: load.car.description,
            price: String(load.car.price),
          }}
          onSubmit={save}
        />
      ) : null}
      {backLink}
    </PageShell>
  );
}
