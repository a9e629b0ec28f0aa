import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ActionNotice } from '../../components/ActionNotice';
import { CAR_CARD_IMAGE_SIZES, CarImage } from '../../components/CarImage';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { QueryError } from '../../components/QueryError';
import { paths } from '../../config/paths';
import type { CarRemoval, DeletedCount, OwnerCar } from '../../domain/contract';
import { formatIndiaTime } from '../../domain/india-time';
import { useRetry } from '../../lib/query-client';
import { noticeIn } from './notice';
import { ownerCarKeys, useDeleteOwnerCars, useOwnerCars, usePauseOwnerCar } from './queries';

/** "Hyundai Creta — archived, 2 requests declined": what DELETE SELECTED did to one car. */
function removalLine({ carName, outcome, declinedRequests }: CarRemoval): string {
  const declined =
    declinedRequests === 0 ? '' : `, ${declinedRequests} ${declinedRequests === 1 ? 'request' : 'requests'} declined`;
  return `${carName} — ${outcome}${declined}`;
}

/** "1 car", "2 cars". */
const carCount = (count: number) => `${count} ${count === 1 ? 'car' : 'cars'}`;

/** "A", "A and B", "A, B and C". */
function listed(names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** What DELETE SELECTED did to each car, under the notice that they are deleted. */
function RemovalDetails({ report }: { report: DeletedCount }) {
  const archived = report.results.some((result) => result.outcome === 'archived');
  return (
    <>
      <ul className="mb-0 mt-1">
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
    </>
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

/** The last action's outcome: a message, and for a deletion what became of each car. */
interface Notice {
  message: string;
  removals?: DeletedCount;
}

/**
 * The signed-in owner's cars, to edit, pause or resume, or to delete several at once (asked first,
 * then a report of what happened to each); reloads keep the cards on screen. Each action's outcome
 * is announced above the list, and a failed pause beside its car.
 */
export function OwnerCarList() {
  const cars = useOwnerCars();
  const retry = useRetry(ownerCarKeys.list);
  const deletion = useDeleteOwnerCars();
  const pausing = usePauseOwnerCar();
  const [selected, setSelected] = useState<string[]>([]);
  // The cars asked about stay named while the dialog fades out.
  const [asked, setAsked] = useState<OwnerCar[]>([]);
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  // The add or edit page's notice, set after the first paint so the live region announces it, and
  // taken out of the history entry so a reload does not repeat it.
  const carried = noticeIn(location.state);
  useEffect(() => {
    if (carried === undefined) return;
    setNotice({ message: carried });
    navigate('.', { replace: true, state: null });
  }, [carried, navigate]);

  const list = cars.data ?? [];
  const chosen = list.filter((car) => selected.includes(car._id));
  const allChosen = list.length > 0 && chosen.length === list.length;

  const toggle = (id: string, ticked: boolean) =>
    setSelected((current) => (ticked ? [...current, id] : current.filter((selectedId) => selectedId !== id)));

  const ask = () => {
    deletion.reset();
    setAsked(chosen);
    setAsking(true);
  };
  // A new action's outcome replaces the last one's, so an old success never sits beside a new failure.
  const deleteAsked = () => {
    setNotice(null);
    deletion.mutate(
      asked.map((car) => car._id),
      {
        onSuccess: (report) => {
          setAsking(false);
          setSelected([]);
          setNotice({ message: `${carCount(report.results.length)} deleted.`, removals: report });
        },
      },
    );
  };

  const pause = (car: OwnerCar) => {
    setNotice(null);
    pausing.mutate(
      { id: car._id, paused: !car.paused },
      { onSuccess: (now) => setNotice({ message: `${now.carname} is ${now.paused ? 'paused' : 'resumed'}.` }) },
    );
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <Link to={paths.addCar} className="btn btn-primary">
          Add Cars
        </Link>
        <Link to={paths.home}>Back to Home</Link>
        {list.length > 0 ? (
          <div className="d-flex flex-wrap align-items-center gap-3 ms-auto">
            <Form.Check
              type="checkbox"
              id="delete-all"
              label="Select all"
              aria-describedby="delete-count"
              checked={allChosen}
              // Some but not all chosen: shown (and announced) as mixed.
              ref={(box: HTMLInputElement | null) => {
                if (box) box.indeterminate = chosen.length > 0 && !allChosen;
              }}
              onChange={(event) => setSelected(event.target.checked ? list.map((car) => car._id) : [])}
              disabled={deletion.isPending}
            />
            <span id="delete-count" className="small">
              {chosen.length} of {carCount(list.length)} selected
            </span>
            {chosen.length > 0 ? (
              <Button variant="danger" disabled={deletion.isPending} onClick={ask}>
                DELETE SELECTED
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <ActionNotice message={notice?.message ?? null} onDismiss={() => setNotice(null)}>
        {notice?.removals ? <RemovalDetails report={notice.removals} /> : null}
      </ActionNotice>
      <ConfirmDialog
        show={asking}
        title={`Delete ${carCount(asked.length)}: ${listed(asked.map((car) => car.carname))}?`}
        confirmLabel={`Delete ${carCount(asked.length)}`}
        pending={deletion.isPending}
        error={deletion.error?.message}
        onConfirm={deleteAsked}
        onClose={() => setAsking(false)}
      >
        <p>
          A car that never had a booking is deleted. A car with past bookings is archived: it leaves every list, and its bookings'
          receipts still show it.
        </p>
        <p>Open rental requests for these cars are declined, and their renters are told why.</p>
        <p className="mb-0">
          If any of them has an accepted booking that has not ended, nothing is deleted: pause that car instead, so it takes no
          new bookings.
        </p>
      </ConfirmDialog>
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
                  {pausing.isError && pausing.variables.id === car._id ? (
                    <ErrorAlert message={pausing.error.message} onClose={pausing.reset} />
                  ) : null}
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
                    onClick={() => pause(car)}
                  >
                    {car.paused ? 'Resume' : 'Pause'}
                  </Button>
                  <Form.Check
                    type="checkbox"
                    id={`delete-${car._id}`}
                    label="Delete"
                    aria-label={`Delete ${car.carname}`}
                    checked={chosen.includes(car)}
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
