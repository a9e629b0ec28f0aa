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
import { type AdminWordId, t } from './words';

const STATE_BADGES: Record<AdminCarState, string> = {
  listed: 'success',
  paused: 'warning',
  delisted: 'danger',
  archived: 'secondary',
};
const KIND_LABELS: Record<CarKind, AdminWordId> = { fleet: 'admin.cars.kind.fleet', listed: 'admin.cars.kind.listed' };

const filters = (): readonly AdminFilter[] => [
  { kind: 'search', name: 'q', label: t('admin.cars.filters.search'), maxLength: ADMIN_SEARCH_MAX },
  {
    kind: 'choice',
    name: 'kind',
    label: t('admin.cars.filters.kind'),
    anyLabel: t('admin.cars.filters.anyKind'),
    choices: CarKind.options.map((kind) => [kind, t(KIND_LABELS[kind])]),
  },
  {
    kind: 'choice',
    name: 'state',
    label: t('admin.cars.filters.state'),
    anyLabel: t('admin.cars.filters.anyState'),
    choices: AdminCarState.options.map((state) => [state, t(CAR_STATE_LABELS[state])]),
  },
  {
    kind: 'choice',
    name: 'city',
    label: t('admin.cars.filters.city'),
    anyLabel: t('admin.cars.filters.anyCity'),
    choices: CITIES.map((name) => [name, name]),
  },
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

/**
 * The car as a question or a notice names it ("the Maruti Ertiga of ravi", "the fleet's Kia Seltos"):
 * the values of a message that selects on `whose`.
 */
function carNamed(car: AdminCar) {
  return { whose: car.owner ? 'owner' : 'fleet', car: car.carName, owner: car.owner?.username ?? '' };
}

interface Asking {
  car: AdminCar;
  action: CarListingAction;
}

/** What delisting or relisting does, told before the admin confirms it. */
function consequences({ car, action }: Asking): string {
  if (action === 'delist') return t('admin.cars.delist.consequences');
  return t('admin.cars.relist.consequences', carNamed(car));
}

/** The words of each step: its button, the button's name for screen readers, the question, its confirm and the notice once done. */
const STEP: Record<
  CarListingAction,
  { button: AdminWordId; label: AdminWordId; title: AdminWordId; confirm: AdminWordId; done: AdminWordId }
> = {
  delist: {
    button: 'admin.cars.delist.button',
    label: 'admin.cars.delist.label',
    title: 'admin.cars.delist.title',
    confirm: 'admin.cars.delist.confirm',
    done: 'admin.cars.delist.done',
  },
  relist: {
    button: 'admin.cars.relist.button',
    label: 'admin.cars.relist.label',
    title: 'admin.cars.relist.title',
    confirm: 'admin.cars.relist.confirm',
    done: 'admin.cars.relist.done',
  },
};

/** Who reads the reason: a delisted car's owner, if it has one, and the audit log always. */
function reasonHint({ car, action }: Asking): string {
  if (action === 'relist') return t('admin.cars.relist.reasonHint');
  return car.owner
    ? t('admin.cars.delist.reasonHintOwned', { owner: car.owner.username })
    : t('admin.cars.delist.reasonHintFleet');
}

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
    done: t(STEP[action].done, carNamed(car)),
  }));
  const { asking } = change;

  const columns: readonly AdminColumn<AdminCar>[] = [
    {
      header: t('admin.cars.column.car'),
      // An archived car has no page any more; every other one's page says where it stands.
      cell: (car) => (car.state === 'archived' ? car.carName : <Link to={paths.carPage(car)}>{car.carName}</Link>),
    },
    {
      header: t('admin.cars.column.owner'),
      cell: (car) =>
        car.owner ? (
          <>
            {car.owner.username}
            {car.owner.status === 'disabled' ? <span className="text-muted"> {t('admin.cars.ownerDisabled')}</span> : null}
          </>
        ) : (
          <span className="text-muted">{t('admin.cars.fleet')}</span>
        ),
    },
    {
      header: t('admin.cars.column.where'),
      cell: (car) => (
        <>
          {car.city}
          <div className="small text-muted">{car.pickupArea}</div>
        </>
      ),
    },
    {
      header: t('admin.cars.column.price'),
      cell: (car) => (
        <span className="price text-nowrap">{t('admin.cars.pricePerHour', { price: formatRupees(car.price) })}</span>
      ),
    },
    { header: t('admin.cars.column.added'), cell: (car) => formatIndiaTime(car.createdAt) },
    {
      header: t('admin.cars.column.state'),
      cell: (car) => (
        <>
          <Badge bg={STATE_BADGES[car.state]} text={car.state === 'paused' ? 'dark' : undefined}>
            {t(CAR_STATE_LABELS[car.state])}
          </Badge>
          {car.state === 'delisted' ? (
            <div className="small">
              {car.delistedAt ? (
                <span className="text-muted">{t('admin.cars.delistedSince', { when: formatIndiaTime(car.delistedAt) })} </span>
              ) : null}
              {car.delistedReason}
            </div>
          ) : null}
        </>
      ),
    },
    {
      header: t('admin.cars.column.action'),
      cell: (car) => {
        const action = listingActionOf(car);
        if (!action) return null;
        return (
          <Button
            size="sm"
            variant={action === 'delist' ? 'outline-danger' : 'outline-primary'}
            aria-label={t(STEP[action].label, carNamed(car))}
            onClick={() => change.ask({ car, action })}
          >
            {t(STEP[action].button)}
          </Button>
        );
      },
    },
  ];

  return (
    <AdminFrame title={t('admin.cars.title')} count={cars.data?.total}>
      <AdminFilters label={t('admin.cars.filtersLabel')} filters={filters()} query={AdminCarsQuery} />
      <ActionNotice {...change.notice} />
      <AdminTable label={t('admin.cars.title')} list={cars} onRetry={retry} columns={columns} empty={t('admin.cars.empty')} />
      <ReasonDialog
        {...change.dialog}
        title={asking ? t(STEP[asking.action].title, carNamed(asking.car)) : ''}
        confirmLabel={t(STEP[asking?.action ?? 'delist'].confirm)}
        confirmVariant={asking?.action === 'relist' ? 'primary' : 'danger'}
        reason={asking ? CAR_LISTING_REASON[asking.action] : 'required'}
        reasonHint={asking ? reasonHint(asking) : undefined}
      >
        {asking ? <p>{consequences(asking)}</p> : null}
      </ReasonDialog>
    </AdminFrame>
  );
}
