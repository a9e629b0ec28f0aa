import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { CarImage } from '../../components/CarImage';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { paths } from '../../config/paths';
import { useRetry } from '../../lib/query-client';
import { ownerCarKeys, useDeleteOwnerCars, useOwnerCars } from './queries';

/** The signed-in owner's cars, to edit or to delete several at once; reloads keep the cards on screen. */
export function OwnerCarList() {
  const cars = useOwnerCars();
  const retry = useRetry(ownerCarKeys.list);
  const deletion = useDeleteOwnerCars();
  const [selected, setSelected] = useState<string[]>([]);

  const toggle = (id: string, ticked: boolean) =>
    setSelected((current) => (ticked ? [...current, id] : current.filter((selectedId) => selectedId !== id)));

  const deleteSelected = () => deletion.mutate(selected, { onSuccess: () => setSelected([]) });

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <Link to={paths.addCar} className="btn btn-primary">
          Add Cars
        </Link>
        <Link to={paths.home}>Back to Home</Link>
        {selected.length > 0 ? (
          <Button variant="danger" className="ms-auto" disabled={deletion.isPending} onClick={deleteSelected}>
            DELETE SELECTED
          </Button>
        ) : null}
      </div>
      <ErrorAlert message={deletion.error?.message} onClose={deletion.reset} />
      {cars.isPending ? <PageSpinner /> : null}
      {cars.isError ? <QueryError error={cars.error} what="Your cars could not be loaded." onRetry={retry} /> : null}
      {cars.data?.length === 0 ? (
        <p>
          No cars yet — <Link to={paths.addCar}>Add Cars</Link>
        </p>
      ) : null}
      {cars.data?.length ? (
        <Row xs={1} sm={2} lg={3} className="g-4">
          {cars.data.map((car) => (
            <Col key={car._id}>
              <Card className="h-100">
                <CarImage src={car.url} carName={car.carname} className="card-img-top overflow-hidden" />
                <Card.Body>
                  <Card.Title as="h2" className="h5">
                    {car.carname}
                  </Card.Title>
                  <Card.Text>{car.description}</Card.Text>
                  <Card.Text className="fw-semibold">Rs.{car.price} Only/- per hour</Card.Text>
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
                    disabled={deletion.isPending}
                  />
                </Card.Footer>
              </Card>
            </Col>
          ))}
        </Row>
      ) : null}
    </>
  );
}
