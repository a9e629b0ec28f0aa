import { useState } from 'react';
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
import { ConversationDialog, type ConversationToRead } from './ConversationDialog';
import { pageParam, paramInUrl } from './list-params';
import { adminKeys, useAdminBookings, useAdminBookingStep } from './queries';
import { BOOKING_STEP_REASON } from './reason';
import { ReasonDialog } from './ReasonDialog';
import { BOOKING_STATUS_LABELS } from './format';
import { useAskedAction } from './useAskedAction';
import { type AdminWordId, t, Words } from './words';

/** Where the money stands, in words short enough for a column. */
const PAYMENT_LABELS: Record<PaymentStatus, AdminWordId> = {
  none: 'admin.bookings.payment.none',
  held: 'admin.bookings.payment.held',
  captured: 'admin.bookings.payment.captured',
  released: 'admin.bookings.payment.released',
  refunded: 'admin.bookings.payment.refunded',
  failed: 'admin.bookings.payment.failed',
};
/** The payment providers' own names, which no language changes. */
const PROVIDER_NAMES: Record<PaymentProvider, string> = { stripe: 'Stripe', razorpay: 'Razorpay' };
const KIND_LABELS: Record<CarKind, AdminWordId> = { fleet: 'admin.bookings.kind.fleet', listed: 'admin.bookings.kind.listed' };

const filters = (): readonly AdminFilter[] => [
  { kind: 'search', name: 'q', label: t('admin.bookings.filters.search'), maxLength: ADMIN_SEARCH_MAX },
  {
    kind: 'choice',
    name: 'status',
    label: t('admin.bookings.filters.status'),
    anyLabel: t('admin.bookings.filters.anyStatus'),
    choices: BookingStatus.options.map((status) => [status, t(BOOKING_STATUS_LABELS[status])]),
  },
  {
    kind: 'choice',
    name: 'payment',
    label: t('admin.bookings.filters.payment'),
    anyLabel: t('admin.bookings.filters.anyPayment'),
    choices: PaymentStatus.options.map((status) => [status, t(PAYMENT_LABELS[status])]),
  },
  {
    kind: 'choice',
    name: 'kind',
    label: t('admin.bookings.filters.kind'),
    anyLabel: t('admin.bookings.filters.anyKind'),
    choices: CarKind.options.map((kind) => [kind, t(KIND_LABELS[kind])]),
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

/**
 * The words of each step: its button, the button's name for screen readers, the question, what the
 * step does (told before the admin confirms it), its confirm and the notice once done.
 */
const STEP: Record<
  BookingAction,
  {
    button: AdminWordId;
    label: AdminWordId;
    title: AdminWordId;
    consequences: AdminWordId;
    confirm: AdminWordId;
    done: AdminWordId;
    variant: 'primary' | 'danger';
  }
> = {
  accept: {
    button: 'admin.bookings.accept.button',
    label: 'admin.bookings.accept.label',
    title: 'admin.bookings.accept.title',
    consequences: 'admin.bookings.accept.consequences',
    confirm: 'admin.bookings.accept.confirm',
    done: 'admin.bookings.accept.done',
    variant: 'primary',
  },
  decline: {
    button: 'admin.bookings.decline.button',
    label: 'admin.bookings.decline.label',
    title: 'admin.bookings.decline.title',
    consequences: 'admin.bookings.decline.consequences',
    confirm: 'admin.bookings.decline.confirm',
    done: 'admin.bookings.decline.done',
    variant: 'danger',
  },
  cancel: {
    button: 'admin.bookings.cancel.button',
    label: 'admin.bookings.cancel.label',
    title: 'admin.bookings.cancel.title',
    consequences: 'admin.bookings.cancel.consequences',
    confirm: 'admin.bookings.cancel.confirm',
    done: 'admin.bookings.cancel.done',
    variant: 'danger',
  },
  no_show: {
    button: 'admin.bookings.noShow.button',
    label: 'admin.bookings.noShow.label',
    title: 'admin.bookings.noShow.title',
    consequences: 'admin.bookings.noShow.consequences',
    confirm: 'admin.bookings.noShow.confirm',
    done: 'admin.bookings.noShow.done',
    variant: 'danger',
  },
};

/** Who reads the reason: a cancellation's is told to the renter and the owner; the rest stay in the audit log. */
function reasonHint({ booking, action }: Asking): string {
  if (action !== 'cancel') return t('admin.bookings.reasonHint');
  const { renter, owner } = booking;
  return owner
    ? t('admin.bookings.cancel.reasonHintOwned', { renter: renter.username, owner: owner.username })
    : t('admin.bookings.cancel.reasonHintFleet', { renter: renter.username });
}

const columns = (ask: (asking: Asking) => void, read: (booking: AdminBooking) => void): readonly AdminColumn<AdminBooking>[] => [
  {
    header: t('admin.bookings.column.booking'),
    cell: (booking) => (
      <>
        <span className="fw-semibold text-nowrap">{booking.number}</span>
        <div className="small text-muted">{t('admin.bookings.made', { when: formatIndiaTime(booking.createdAt) })}</div>
      </>
    ),
  },
  {
    header: t('admin.bookings.column.car'),
    cell: (booking) => <Link to={paths.carPage(booking.car)}>{booking.car.carName}</Link>,
  },
  { header: t('admin.bookings.column.renter'), cell: (booking) => booking.renter.username },
  {
    header: t('admin.bookings.column.owner'),
    cell: (booking) => booking.owner?.username ?? <span className="text-muted">{t('admin.bookings.fleet')}</span>,
  },
  {
    header: t('admin.bookings.column.period'),
    cell: (booking) => (
      <>
        {/* The dash stays with the start, so a narrow column breaks the period only between its two ends. */}
        <Words
          id="admin.bookings.period"
          values={{ from: formatIndiaTime(booking.from), to: formatIndiaTime(booking.to) }}
          components={{ 0: <span className="text-nowrap" />, 1: <span className="text-nowrap" /> }}
        />
        <div className="small text-muted">
          {booking.driver ? t('admin.bookings.hoursWithDriver', { hours: hoursLabel(booking.hours) }) : hoursLabel(booking.hours)}
        </div>
      </>
    ),
  },
  {
    header: t('admin.bookings.column.amount'),
    cell: (booking) => <span className="price text-nowrap">{formatPaise(booking.amountPaise)}</span>,
  },
  {
    header: t('admin.bookings.column.status'),
    cell: (booking) => {
      const note = statusNote(booking);
      // A fleet car's keeper is the platform: its cancellation is an admin's. An admin's reason says who already.
      const by = booking.cancelledBy === 'carKeeper' && !booking.owner ? 'admin' : booking.cancelledBy;
      return (
        <>
          <BookingStatusBadge status={booking.status} />
          {booking.status === 'cancelled' && by && !note ? (
            <div className="small text-muted">{t('admin.bookings.cancelledBy', { by })}</div>
          ) : null}
          {note ? <div className="small">{note}</div> : null}
        </>
      );
    },
  },
  {
    header: t('admin.bookings.column.payment'),
    cell: (booking) => (
      <>
        {t(PAYMENT_LABELS[booking.payment.status])}
        {booking.refund && booking.payment.status === 'refunded' ? (
          <div className="small">
            {t('admin.bookings.refunded', {
              refund: formatPaise(booking.refund.amountPaise),
              amount: formatPaise(booking.amountPaise),
            })}
          </div>
        ) : null}
        {booking.payment.provider ? (
          <div className="small text-muted">
            {booking.payment.method
              ? t('admin.bookings.providerMethod', {
                  provider: PROVIDER_NAMES[booking.payment.provider],
                  method: booking.payment.method,
                })
              : PROVIDER_NAMES[booking.payment.provider]}
          </div>
        ) : null}
      </>
    ),
  },
  {
    header: t('admin.bookings.column.actions'),
    // Exactly the steps the server offers this booking now: the rules (whose car, how far into its period) are its own.
    cell: (booking) => (
      <div className="d-flex flex-wrap flex-sm-nowrap gap-1">
        {booking.adminActions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'accept' ? 'outline-primary' : 'outline-danger'}
            aria-label={t(STEP[action].label, { number: booking.number })}
            onClick={() => ask({ booking, action })}
          >
            {t(STEP[action].button)}
          </Button>
        ))}
        <Button
          size="sm"
          variant="outline-secondary"
          aria-label={t('admin.conversations.readLabel', { number: booking.number })}
          onClick={() => read(booking)}
        >
          {t('admin.conversations.read')}
        </Button>
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
    done: t(STEP[action].done, { number: booking.number }),
  }));
  const { asking } = step;
  const [reading, setReading] = useState<ConversationToRead | null>(null);

  return (
    <AdminFrame title={t('admin.bookings.title')} count={bookings.data?.total}>
      <AdminFilters label={t('admin.bookings.filtersLabel')} filters={filters()} query={AdminBookingsQuery} />
      <ActionNotice {...step.notice} />
      <AdminTable
        label={t('admin.bookings.title')}
        list={bookings}
        onRetry={retry}
        columns={columns(step.ask, setReading)}
        empty={t('admin.bookings.empty')}
      />
      <ReasonDialog
        {...step.dialog}
        title={
          asking
            ? t(STEP[asking.action].title, {
                number: asking.booking.number,
                renter: asking.booking.renter.username,
                car: asking.booking.car.carName,
              })
            : ''
        }
        confirmLabel={asking ? t(STEP[asking.action].confirm) : ''}
        confirmVariant={asking ? STEP[asking.action].variant : 'danger'}
        dismissLabel={asking?.action === 'cancel' ? t('admin.bookings.cancel.dismiss') : undefined}
        reason={asking ? BOOKING_STEP_REASON[asking.action] : 'required'}
        reasonHint={asking ? reasonHint(asking) : undefined}
      >
        {asking ? <p>{t(STEP[asking.action].consequences)}</p> : null}
      </ReasonDialog>
      <ConversationDialog booking={reading} onClose={() => setReading(null)} />
    </AdminFrame>
  );
}
