import Button from 'react-bootstrap/Button';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths';
import { formatIndiaTime } from '../../domain/india-time';
import { formatPaise } from '../../domain/money';
import { ADMIN_SEARCH_MAX, type AdminBooking, AdminBookingsQuery } from '../../domain/schemas/admin';
import { BookingStatus, PaymentStatus, type BookingAction, type PaymentProvider } from '../../domain/schemas/bookings';
import { CarKind } from '../../domain/schemas/cars';
import { useRetry } from '../../lib/query-client';
import { BookingStatusBadge } from '../../entities/booking/BookingStatusBadge';
import { hoursLabel } from '../../entities/booking/hours-label';
import { statusNote } from '../../entities/booking/status-note';
import { ActionNotice } from '../../components/ActionNotice';
import { AdminFilters, type AdminFilter } from './AdminFilters';
import { AdminFrame } from './AdminFrame';
import { AdminTable, type AdminColumn } from './AdminTable';
import { pageParam, paramInUrl } from './list-params';
import { adminKeys, useAdminBookings, useAdminBookingStep } from './queries';
import { BOOKING_STEP_REASON } from './reason';
import { ReasonDialog } from './ReasonDialog';
import { useAskedAction } from './useAskedAction';

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** Where the money stands, in words short enough for a column. */
const PAYMENT_LABELS: Record<PaymentStatus, string> = {
  none: 'Not paid',
  held: 'Held',
  captured: 'Taken',
  released: 'Released',
  refunded: 'Refunded',
  failed: 'Failed',
};
const PROVIDER_NAMES: Record<PaymentProvider, string> = { stripe: 'Stripe', razorpay: 'Razorpay' };
const KIND_LABELS: Record<CarKind, string> = { fleet: 'Fleet cars', listed: "Owners' cars" };

const filters: readonly AdminFilter[] = [
  { kind: 'search', name: 'q', label: 'Number, car or username', maxLength: ADMIN_SEARCH_MAX },
  {
    kind: 'choice',
    name: 'status',
    label: 'Status',
    anyLabel: 'Any status',
    choices: BookingStatus.options.map((status) => [status, capitalized(status)]),
  },
  {
    kind: 'choice',
    name: 'payment',
    label: 'Payment',
    anyLabel: 'Any payment',
    choices: PaymentStatus.options.map((status) => [status, PAYMENT_LABELS[status]]),
  },
  {
    kind: 'choice',
    name: 'kind',
    label: 'Cars',
    anyLabel: 'Every car',
    choices: CarKind.options.map((kind) => [kind, KIND_LABELS[kind]]),
  },
];

function bookingsQueryIn(params: URLSearchParams): Partial<AdminBookingsQuery> {
  return {
    q: params.get('q')?.trim() || undefined,
    status: paramInUrl(params, 'status', BookingStatus),
    payment: paramInUrl(params, 'payment', PaymentStatus),
    kind: paramInUrl(params, 'kind', CarKind),
    ...pageParam(params),
  };
}

interface Asking {
  booking: AdminBooking;
  action: BookingAction;
}

const STEP: Record<BookingAction, { verb: string; done: string; confirm: string; variant: 'primary' | 'danger' }> = {
  accept: { verb: 'Accept', done: 'accepted', confirm: 'Accept request', variant: 'primary' },
  decline: { verb: 'Decline', done: 'declined', confirm: 'Decline request', variant: 'danger' },
  cancel: { verb: 'Cancel', done: 'cancelled', confirm: 'Cancel booking', variant: 'danger' },
};

/** What the step does, told before the admin confirms it. */
const CONSEQUENCES: Record<BookingAction, string> = {
  accept: 'Any money held for it is taken, and the other requests for an overlapping period are declined.',
  decline: 'Any money held for it is let go.',
  cancel: 'Any money held for it is let go, and any money taken is refunded in full.',
};

/** Who reads the reason: a cancellation's is told to the renter and the owner; the rest stay in the audit log. */
function reasonHint({ booking, action }: Asking): string {
  if (action !== 'cancel') return 'Kept in the audit log only.';
  const { renter, owner } = booking;
  return owner
    ? `${renter.username} and ${owner.username} read it with the booking and are mailed it.`
    : `${renter.username} reads it with the booking and is mailed it.`;
}

const columns = (ask: (asking: Asking) => void): readonly AdminColumn<AdminBooking>[] => [
  {
    header: 'Booking',
    cell: (booking) => (
      <>
        <span className="fw-semibold text-nowrap">{booking.number}</span>
        <div className="small text-muted">made {formatIndiaTime(booking.createdAt)}</div>
      </>
    ),
  },
  { header: 'Car', cell: (booking) => <Link to={paths.carPage(booking.car)}>{booking.car.carName}</Link> },
  { header: 'Renter', cell: (booking) => booking.renter.username },
  {
    header: 'Owner',
    cell: (booking) => booking.owner?.username ?? <span className="text-muted">Fleet</span>,
  },
  {
    header: 'Period',
    cell: (booking) => (
      <>
        {/* The dash stays with the start, so a narrow column breaks the period only between its two ends. */}
        <span className="text-nowrap">{formatIndiaTime(booking.from)} –</span>{' '}
        <span className="text-nowrap">{formatIndiaTime(booking.to)}</span>
        <div className="small text-muted">
          {hoursLabel(booking.hours)}
          {booking.driver ? ', with a driver' : ''}
        </div>
      </>
    ),
  },
  { header: 'Amount', cell: (booking) => <span className="price text-nowrap">{formatPaise(booking.amountPaise)}</span> },
  {
    header: 'Status',
    cell: (booking) => {
      const note = statusNote(booking);
      return (
        <>
          <BookingStatusBadge status={booking.status} />
          {note ? <div className="small">{note}</div> : null}
        </>
      );
    },
  },
  {
    header: 'Payment',
    cell: (booking) => (
      <>
        {PAYMENT_LABELS[booking.payment.status]}
        {booking.payment.provider ? (
          <div className="small text-muted">
            {PROVIDER_NAMES[booking.payment.provider]}
            {booking.payment.method ? ` (${booking.payment.method})` : ''}
          </div>
        ) : null}
      </>
    ),
  },
  {
    header: 'Actions',
    // Exactly the steps the server offers this booking now: the rules (whose car, how far into its period) are its own.
    cell: (booking) =>
      booking.adminActions.length === 0 ? null : (
        <div className="d-flex flex-wrap flex-sm-nowrap gap-1">
          {booking.adminActions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'accept' ? 'outline-primary' : 'outline-danger'}
              aria-label={`${STEP[action].verb} booking ${booking.number}`}
              onClick={() => ask({ booking, action })}
            >
              {STEP[action].verb}
            </Button>
          ))}
        </div>
      ),
  },
];

/**
 * Every booking, newest first: searched by number, car or username, filtered by status, payment and
 * kind of car, with the steps the server allows an admin on each (a cancellation with a reason its
 * renter and owner read).
 */
export function AdminBookings() {
  const [searchParams] = useSearchParams();
  const query = bookingsQueryIn(searchParams);
  const bookings = useAdminBookings(query);
  const retry = useRetry(adminKeys.bookings(query));
  const step = useAskedAction(useAdminBookingStep(), ({ booking, action }: Asking, reason) => ({
    variables: { id: booking.id, action, reason },
    done: `Booking ${booking.number} is ${STEP[action].done}.`,
  }));
  const { asking } = step;

  return (
    <AdminFrame title="Bookings" count={bookings.data?.total}>
      <AdminFilters label="Find bookings" filters={filters} query={AdminBookingsQuery} />
      <ActionNotice {...step.notice} />
      <AdminTable
        label="Bookings"
        list={bookings}
        onRetry={retry}
        columns={columns(step.ask)}
        empty="No booking matches these filters."
      />
      <ReasonDialog
        {...step.dialog}
        title={
          asking
            ? `${STEP[asking.action].verb} booking ${asking.booking.number} of renter ${asking.booking.renter.username} for the ${asking.booking.car.carName}?`
            : ''
        }
        confirmLabel={asking ? STEP[asking.action].confirm : ''}
        confirmVariant={asking ? STEP[asking.action].variant : 'danger'}
        dismissLabel={asking?.action === 'cancel' ? 'Keep booking' : undefined}
        reason={asking ? BOOKING_STEP_REASON[asking.action] : 'required'}
        reasonHint={asking ? reasonHint(asking) : undefined}
      >
        {asking ? <p>{CONSEQUENCES[asking.action]}</p> : null}
      </ReasonDialog>
    </AdminFrame>
  );
}
