import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link } from 'react-router-dom';
import { CAR_CARD_IMAGE_SIZES, CarImage } from '../../components/CarImage';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { paths } from '../../config/paths';
import type { CarRemoval, DeletedCount, OwnerCar } from '../../domain/contract';
import { formatIndiaTime } from '../../domain/india-time';
import { useRetry } from '../../lib/query-client';
import { ownerCarKeys, useDeleteOwnerCars, useOwnerCars, usePauseOwnerCar } from './queries';

/** "Hyundai Creta — archived, 2 requests declined": what DELETE SELECTED did to one car. */
function removalLine({ carName, outcome, declinedRequests }: CarRemoval): string {
  const declined =
    declinedRequests === 0 ? '' : `, ${declinedRequests} ${declinedRequests === 1 ? 'request' : 'requests'} declined`;
  return `${carName} — ${outcome}${declined}`;
}

function RemovalReport({ report, onClose }: { report: DeletedCount; onClose: () => void }) {
  const archived = report.results.some((result) => result.outcome === 'archived');
  return (
    <Alert variant="success" role="status" dismissible onClose={onClose} closeLabel="Dismiss">
      <p className="fw-semibold mb-1">Removed from your cars:</p>
      <ul className="mb-0">
        {report.results.map((result) => (
          <li key={result.id}>{removalLine(result)}</li>
        ))}
      </ul>
      {archived ? (
        <p className="small mt-2 mb-0">
          An archived car had bookings: it is gone from every list, and its bookings' receipts still show it. Renters whose
          requests were declined see why on their bookings.
        </p>
      ) : null}
    </Alert>
  );
}

/**
 * An admin's delisting, named in words beside the badge (not by its colour alone) with the admin's
 * reason, since the owner cannot undo it: pausing and resuming leave it delisted.
 */
function DelistedNote({ delisted }: { delisted: NonNullable<OwnerCar['delisted']> }) {
  return (
    <div className="small mb-3">
      <p className="mb-1">
        <Badge bg="danger" className="me-2">
          Delisted by an admin
        </Badge>{' '}
        since <time dateTime={delisted.at}>{formatIndiaTime(delisted.at)}</time> (India time)
      </p>
      <p className="mb-1">Hidden from renters and not bookable until an admin relists it; accepted bookings stand.</p>
      {delisted.reason === '' ? null : <p className="mb-0">Reason: {delisted.reason}</p>}
    </div>
  );
}

/**
 * The signed-in owner's cars, to edit, pause or resume, or to delete several at once (with a report
 * of what happened to each); reloads keep the cards on screen.
 */
export function OwnerCarList() {
  const cars = useOwnerCars();
  const retry = useRetry(ownerCarKeys.list);
  const deletion = useDeleteOwnerCars();
  const pausing = usePauseOwnerCar();
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
      {deletion.data ? <RemovalReport report={deletion.data} onClose={deletion.reset} /> : null}
      <ErrorAlert message={pausing.error?.message} onClose={pausing.reset} />
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
                {/* The cover photo once there is one, as renters see the car; the pasted link before. */}
                <CarImage
                  src={car.photos[0]?.url ?? car.url}
                  srcset={car.photos[0]?.srcset}
                  sizes={CAR_CARD_IMAGE_SIZES}
                  carName={car.carname}
                  className="card-img-top overflow-hidden"
                />
                <Card.Body>
                  <Card.Title as="h2" className="h5">
                    {car.carname}
                  </Card.Title>
                  {car.delisted ? <DelistedNote delisted={car.delisted} /> : null}
                  {car.paused ? (
                    <p className="small text-body-secondary">
                      <Badge bg="secondary" className="me-2">
                        Paused
                      </Badge>
                      Hidden from renters and not bookable; accepted bookings stand.
                    </p>
                  ) : null}
                  <Card.Text>{car.description}</Card.Text>
                  <Card.Text className="fw-semibold">Rs.{car.price} Only/- per hour</Card.Text>
                </Card.Body>
                <Card.Footer className="d-flex align-items-center justify-content-between">
                  <Link to={paths.editCar(car._id)} className="btn btn-outline-primary btn-sm" aria-label={`Edit ${car.carname}`}>
                    EDIT
                  </Link>
                  {/* Dark, not secondary: Bootstrap's grey on the footer's grey is below 4.5:1. */}
                  <Button
                    variant="outline-dark"
                    size="sm"
                    aria-label={`${car.paused ? 'Resume' : 'Pause'} ${car.carname}`}
                    disabled={pausing.isPending && pausing.variables.id === car._id}
                    onClick={() => pausing.mutate({ id: car._id, paused: !car.paused })}
                  >
                    {car.paused ? 'Resume' : 'Pause'}
                  </Button>
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
