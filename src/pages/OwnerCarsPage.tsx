import { useCallback, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { deleteOwnerCars, listOwnerCars } from '../features/owner-cars/api';
import { toApiError } from '../lib/api-client';
import type { OwnerCar } from '../domain/contract';
import { paths } from '../config/paths';
import { usePageTitle } from '../lib/usePageTitle';
import { CarImage } from '../components/CarImage';
import { ErrorAlert } from '../components/ErrorAlert';
import { PageShell } from '../components/PageShell';
import { PageSpinner } from '../components/PageSpinner';

type CarsLoad = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; cars: OwnerCar[] };

/** /get/cars: the signed-in owner's cars, to edit or to delete several at once. */
export default function OwnerCarsPage() {
  usePageTitle('Your Cars');
  const [load, setLoad] = useState<CarsLoad>({ state: 'loading' });
  const [selected, setSelected] = useState<string[]>([]);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  // Reloads keep the current cards on screen; only the first load and a retry show the spinner.
  const fetchCars = useCallback(async () => {
    try {
      setLoad({ state: 'ready', cars: await listOwnerCars() });
    } catch (caught) {
      setLoad({ state: 'failed', message: toApiError(caught).message });
    }
  }, []);

  useEffect(() => {
    void fetchCars();
  }, [fetchCars]);

  const retry = () => {
    setLoad({ state: 'loading' });
    void fetchCars();
  };

  const toggle = (id: string, ticked: boolean) =>
    setSelected((current) => (ticked ? [...current, id] : current.filter((selectedId) => selectedId !== id)));

  const deleteSelected = async () => {
    setDeleting(true);
    setDeleteError(null);
    try {
      const answer = await deleteOwnerCars(selected);
      if (answer.code !== 200) throw new Error(answer.message);
      setSelected([]);
      await fetchCars();
    } catch (caught) {
      setDeleteError(caught instanceof Error ? caught.message : 'The cars could not be deleted. Please try again.');
    } finally {
      setDeleting(false);
    }
  };

  return (
    <PageShell title="Your Cars">
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <Link to={paths.addCar} className="btn btn-primary">
          Add Cars
        </Link>
        <Link to={paths.home}>Back to Home</Link>
        {selected.length > 0 ? (
          <Button variant="danger" className="ms-auto" disabled={deleting} onClick={() => void deleteSelected()}>
            DELETE SELECTED
          </Button>
        ) : null}
      </div>
      <ErrorAlert message={deleteError} onClose={() => setDeleteError(null)} />
      {load.state === 'loading' ? <PageSpinner /> : null}
      {load.state === 'failed' ? (
        <ErrorAlert message={`Your cars could not be loaded. ${load.message}`}>
          <Button variant="outline-danger" size="sm" onClick={retry}>
            Retry
          </Button>
        </ErrorAlert>
      ) : null}
      {load.state === 'ready' && load.cars.length === 0 ? (
        <p>
          No cars yet — <Link to={paths.addCar}>Add Cars</Link>
        </p>
      ) : null}
      {load.state === 'ready' && load.cars.length > 0 ? (
        <Row xs={1} sm={2} lg={3} className="g-4">
          {load.cars.map((car) => (
            <Col key={car._id}>
              <Card className="h-100">
                <CarImage src={car.url} carName={car.carname} className="card-img-top overflow-hidden" />
                <Card.Body>
                  <Card.Title as="h2" className="h5">
                    {car.carname}
                  </Card.Title>
                  <Card.Text>{car.description}</Card.Text>
                  <Card.Text className="fw-semibold">
                    Rs.{car.price} Only/-
                  </Card.Text>
                </Card.Body>
                <Card.Footer className="d-flex align-items-center justify-content-between">
                  <Link to={paths.editCar(car._id)} className="btn btn-outline-primary btn-sm" aria-label={`Edit ${car.carname}`}>
                    EDIT
                  </Link>
                  <Form.Check
                    type="checkbox"
                    id={`delete-${car._id}`}
                    label="Delete"
                    aria-label={`Delete ${car.carname}`}
                    checked={selected.includes(car._id)}
                    onChange={(event) => toggle(car._id, event.target.checked)}
                    disabled={deleting}
                  />
                </Card.Footer>
              </Card>
            </Col>
          ))}
        </Row>
      ) : null}
    </PageShell>
  );
}
