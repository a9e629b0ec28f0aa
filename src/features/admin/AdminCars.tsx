import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { CITIES } from '../../domain/car-attributes';
import { formatIndiaTime } from '../../domain/india-time';
import { formatRupees } from '../../domain/money';
import { ADMIN_SEARCH_MAX, AdminCarState, type AdminCar, AdminCarsQuery } from '../../domain/schemas/admin';
import { CarKind } from '../../domain/schemas/cars';
import { city } from '../../domain/schemas/fields';
import { useRetry } from '../../lib/query-client';
import { ActionNotice } from '../../components/ActionNotice';
import { AdminFilters, type AdminFilter } from './AdminFilters';
import { AdminFrame } from './AdminFrame';
import { AdminTable, type AdminColumn } from './AdminTable';
import type { CarListingAction } from './api';
import { CAR_STATE_LABELS } from './format';
import { pageParam, paramInUrl } from './list-params';
import { adminKeys, useAdminCars, useSetCarListing } from './queries';
import { CAR_LISTING_REASON } from './reason';
import { ReasonDialog } from './ReasonDialog';
import { useAskedAction } from './useAskedAction';

const STATE_BADGES: Record<AdminCarState, string> = {
  listed: 'success',
  paused: 'warning',
  delisted: 'danger',
  archived: 'secondary',
};
const KIND_LABELS: Record<CarKind, string> = { fleet: 'Fleet', listed: "Owner's" };

const filters: readonly AdminFilter[] = [
  { kind: 'search', name: 'q', label: 'Car or owner', maxLength: ADMIN_SEARCH_MAX },
  {
    kind: 'choice',
    name: 'kind',
    label: 'Kind',
    anyLabel: 'Fleet and owners',
    choices: CarKind.options.map((kind) => [kind, KIND_LABELS[kind]]),
  },
  {
    kind: 'choice',
    name: 'state',
    label: 'State',
    anyLabel: 'Any state',
    choices: AdminCarState.options.map((state) => [state, CAR_STATE_LABELS[state]]),
  },
  { kind: 'choice', name: 'city', label: 'City', anyLabel: 'Any city', choices: CITIES.map((name) => [name, name]) },
];

function carsQueryIn(params: URLSearchParams): Partial<AdminCarsQuery> {
  return {
    q: params.get('q')?.trim() || undefined,
    kind: paramInUrl(params, 'kind', CarKind),
    state: paramInUrl(params, 'state', AdminCarState),
    city: paramInUrl(params, 'city', city),
    ...pageParam(params),
  };
}

/** "the Toyota Aventador of ravi", "the fleet's BMW X3": the car as a question or a notice names it. */
function carNamed(car: AdminCar): string {
  return car.owner ? `the ${car.carName} of ${car.owner.username}` : `the fleet's ${car.carName}`;
}

interface Asking {
  car: AdminCar;
  action: CarListingAction;
}

/** What delisting or relisting does, told before the admin confirms it. */
function consequences({ car, action }: Asking): string {
  if (action === 'delist') {
    return 'It leaves the public list and cannot be booked until it is relisted. Its open requests are declined and any money held for them let go; its accepted bookings stand.';
  }
  return car.owner
    ? `It is back in the public list and can be booked again, unless ${car.owner.username} has paused it or is disabled. Requests declined when it was delisted stay declined.`
    : 'It is back in the public list and can be booked again. Requests declined when it was delisted stay declined.';
}

const VERB: Record<CarListingAction, string> = { delist: 'Delist', relist: 'Relist' };
const DONE: Record<CarListingAction, string> = { delist: 'delisted', relist: 'relisted' };

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The step a car's state allows: a car in the public list (or paused by its owner) can be delisted, a delisted one relisted, an archived one neither. */
function listingActionOf(car: AdminCar): CarListingAction | undefined {
  if (car.state === 'archived') return undefined;
  return car.state === 'delisted' ? 'relist' : 'delist';
}

/**
 * Every car, the fleet's first, then owners' newest first: searched by name or owner, filtered by
 * kind, state and city, and taken off the marketplace (with a reason its owner reads) or put back.
 */
export function AdminCars() {
  const [searchParams] = useSearchParams();
  const query = carsQueryIn(searchParams);
  const cars = useAdminCars(query);
  const retry = useRetry(adminKeys.cars(query));
  const change = useAskedAction(useSetCarListing(), ({ car, action }: Asking, reason) => ({
    variables: { id: car.id, action, reason },
    done: `${capitalized(carNamed(car))} is ${DONE[action]}.`,
  }));
  const { asking } = change;

  const columns: readonly AdminColumn<AdminCar>[] = [
    {
      header: 'Car',
      // An archived car has no page any more; every other one's page says where it stands.
      cell: (car) => (car.state === 'archived' ? car.carName : <Link to={paths.carPage(car)}>{car.carName}</Link>),
    },
    {
      header: 'Owner',
      cell: (car) =>
        car.owner ? (
          <>
            {car.owner.username}
            {car.owner.status === 'disabled' ? <span className="text-muted"> (disabled)</span> : null}
          </>
        ) : (
          <span className="text-muted">Fleet</span>
        ),
    },
    {
      header: 'Where',
      cell: (car) => (
        <>
          {car.city}
          <div className="small text-muted">{car.pickupArea}</div>
        </>
      ),
    },
    { header: 'Price', cell: (car) => <span className="price text-nowrap">{formatRupees(car.price)} / hour</span> },
    { header: 'Added', cell: (car) => formatIndiaTime(car.createdAt) },
    {
      header: 'State',
      cell: (car) => (
        <>
          <Badge bg={STATE_BADGES[car.state]} text={car.state === 'paused' ? 'dark' : undefined}>
            {CAR_STATE_LABELS[car.state]}
          </Badge>
          {car.state === 'delisted' ? (
            <div className="small">
              {car.delistedAt ? <span className="text-muted">since {formatIndiaTime(car.delistedAt)}: </span> : null}
              {car.delistedReason}
            </div>
          ) : null}
        </>
      ),
    },
    {
      header: 'Action',
      cell: (car) => {
        const action = listingActionOf(car);
        if (!action) return null;
        return (
          <Button
            size="sm"
            variant={action === 'delist' ? 'outline-danger' : 'outline-primary'}
            aria-label={`${VERB[action]} ${carNamed(car)}`}
            onClick={() => change.ask({ car, action })}
          >
            {VERB[action]}
          </Button>
        );
      },
    },
  ];

  return (
    <AdminFrame title="Cars" count={cars.data?.total}>
      <AdminFilters label="Find cars" filters={filters} query={AdminCarsQuery} />
      <ActionNotice {...change.notice} />
      <AdminTable label="Cars" list={cars} onRetry={retry} columns={columns} empty="No car matches these filters." />
      <ReasonDialog
        {...change.dialog}
        title={asking ? `${VERB[asking.action]} ${carNamed(asking.car)}?` : ''}
        confirmLabel={asking?.action === 'relist' ? 'Relist car' : 'Delist car'}
        confirmVariant={asking?.action === 'relist' ? 'primary' : 'danger'}
        reason={asking ? CAR_LISTING_REASON[asking.action] : 'required'}
        reasonHint={
          asking?.action === 'relist'
            ? 'Kept in the audit log.'
            : asking?.car.owner
              ? `${asking.car.owner.username} reads it with the car; it is kept in the audit log too.`
              : 'Kept with the car and in the audit log.'
        }
      >
        {asking ? <p>{consequences(asking)}</p> : null}
      </ReasonDialog>
    </AdminFrame>
  );
}
