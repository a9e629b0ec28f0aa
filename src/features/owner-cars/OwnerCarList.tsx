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
import { formatRupees } from '../../domain/money';
import { useRetry } from '../../lib/query-client';
import { noticeIn } from './notice';
import { ownerCarKeys, useDeleteOwnerCars, useOwnerCars, usePauseOwnerCar } from './queries';
import { t, Words } from './words';

/** "Hyundai Creta — archived, 2 requests declined": what DELETE SELECTED did to one car. */
function removalLine({ carName, outcome, declinedRequests }: CarRemoval): string {
  return t('owner.list.removal', { carName, outcome, declined: declinedRequests });
}

/** "A", "A and B", "A, B and C". */
function listed(names: readonly string[]): string {
  return names.length < 2
    ? (names[0] ?? '')
    : t('owner.list.names', { first: names.slice(0, -1).join(', '), last: names.at(-1) ?? '' });
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
      {archived ? <p className="small mt-2 mb-0">{t('owner.list.archivedNote')}</p> : null}
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
        <Words
          id="owner.list.delisted"
          values={{ at: formatIndiaTime(delisted.at) }}
          components={{ 0: <Badge bg="danger" className="me-2" />, 1: <time dateTime={delisted.at} /> }}
        />
      </p>
      <p className="mb-1">{t('owner.list.delistedNote')}</p>
      {delisted.reason === '' ? null : <p className="mb-0">{t('owner.list.delistedReason', { reason: delisted.reason })}</p>}
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
          setNotice({ message: t('owner.list.deleted', { count: report.results.length }), removals: report });
        },
      },
    );
  };

  const pause = (car: OwnerCar) => {
    setNotice(null);
    pausing.mutate(
      { id: car._id, paused: !car.paused },
      {
        onSuccess: (now) =>
          setNotice({
            message: now.paused
              ? t('owner.list.paused', { carName: now.carname })
              : t('owner.list.resumed', { carName: now.carname }),
          }),
      },
    );
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-4">
        <Link to={paths.addCar} className="btn btn-primary">
          {t('owner.list.addCars')}
        </Link>
        <Link to={paths.home}>{t('owner.list.backHome')}</Link>
        {list.length > 0 ? (
          <div className="d-flex flex-wrap align-items-center gap-3 ms-auto">
            <Form.Check
              type="checkbox"
              id="delete-all"
              label={t('owner.list.selectAll')}
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
              {t('owner.list.selected', { chosen: chosen.length, count: list.length })}
            </span>
            {chosen.length > 0 ? (
              <Button variant="danger" disabled={deletion.isPending} onClick={ask}>
                {t('owner.list.deleteSelected')}
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
        title={t('owner.list.confirmTitle', { count: asked.length, names: listed(asked.map((car) => car.carname)) })}
        confirmLabel={t('owner.list.confirmLabel', { count: asked.length })}
        pending={deletion.isPending}
        error={deletion.error?.message}
        onConfirm={deleteAsked}
        onClose={() => setAsking(false)}
      >
        <p>{t('owner.list.confirmDeleted')}</p>
        <p>{t('owner.list.confirmDeclined')}</p>
        <p className="mb-0">{t('owner.list.confirmBooked')}</p>
      </ConfirmDialog>
      {cars.isPending ? <PageSpinner /> : null}
      {cars.isError ? <QueryError error={cars.error} what={t('owner.list.loadFailed')} onRetry={retry} /> : null}
      {cars.data?.length === 0 ? (
        <p>
          <Words id="owner.list.empty" components={{ 0: <Link to={paths.addCar} /> }} />
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
                        {t('owner.list.pausedBadge')}
                      </Badge>
                      {t('owner.list.pausedNote')}
                    </p>
                  ) : null}
                  <Card.Text>{car.description}</Card.Text>
                  <Card.Text className="fw-semibold">{t('owner.list.price', { price: formatRupees(car.price) })}</Card.Text>
                  {pausing.isError && pausing.variables.id === car._id ? (
                    <ErrorAlert message={pausing.error.message} onClose={pausing.reset} />
                  ) : null}
                </Card.Body>
                <Card.Footer className="d-flex align-items-center justify-content-between">
                  <Link
                    to={paths.editCar(car._id)}
                    className="btn btn-outline-primary btn-sm"
                    aria-label={t('owner.list.editLabel', { carName: car.carname })}
                  >
                    {t('owner.list.edit')}
                  </Link>
                  {/* Dark, not secondary: Bootstrap's grey on the footer's grey is below 4.5:1. */}
                  <Button
                    variant="outline-dark"
                    size="sm"
                    aria-label={
                      car.paused
                        ? t('owner.list.resumeLabel', { carName: car.carname })
                        : t('owner.list.pauseLabel', { carName: car.carname })
                    }
                    disabled={pausing.isPending && pausing.variables.id === car._id}
                    onClick={() => pause(car)}
                  >
                    {car.paused ? t('owner.list.resume') : t('owner.list.pause')}
                  </Button>
                  <Form.Check
                    type="checkbox"
                    id={`delete-${car._id}`}
                    label={t('owner.list.delete')}
                    aria-label={t('owner.list.deleteLabel', { carName: car.carname })}
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
