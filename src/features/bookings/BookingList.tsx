import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useSearchParams } from 'react-router-dom';
import { bookingsPageKey, useBookingAction, useBookings } from './queries';
import { toApiError } from '../../lib/api-client';
import { allowedActions, type BookingActor } from '../../domain/booking-states';
import type { Booking, BookingAction } from '../../domain/contract';
import { paths } from '../../config/paths';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { Pager, pageInUrl, withPage } from '../../components/Pager';
import { QueryError } from '../../components/QueryError';
import { useRetry } from '../../lib/query-client';
import { formatRupees } from '../../components/format';
import { formatIndiaTime } from '../../domain/india-time';
import { paymentInWords } from './payment-words';
import { BookingStatusBadge } from './BookingStatusBadge';

const actionLabel: Record<BookingAction, string> = { accept: 'Accept', decline: 'Decline', cancel: 'Cancel booking' };
const actionVariant: Record<BookingAction, string> = {
  accept: 'primary',
  decline: 'outline-danger',
  cancel: 'outline-danger',
};

/** A renter may cancel only before the period starts; the server refuses later cancellations too. */
function actionsFor(booking: Booking, who: BookingActor, now: number): BookingAction[] {
  return allowedActions(booking.status, who).filter((action) => action !== 'cancel' || new Date(booking.from).getTime() > now);
}

interface BookingListProps {
  /** Whose view this is: the renter's own bookings, or the requests for the cars someone answers for. */
  who: BookingActor;
  emptyText: string;
  /** Whether this side may act on a booking at all (an admin sees every booking but answers only for fleet cars). */
  mayAct?: (booking: Booking) => boolean;
}

/** Bookings as the server lists them for the signed-in account, with the steps the state machine allows this side. */
export function BookingList({ who, emptyText, mayAct = () => true }: BookingListProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageInUrl(searchParams) ?? 1;
  const bookings = useBookings(page);
  const retry = useRetry(bookingsPageKey(page));
  const step = useBookingAction();

  if (bookings.isPending) return <PageSpinner />;
  // A failed reload in the background keeps the list that is on screen.
  if (bookings.isLoadingError)
    return <QueryError error={bookings.error} what="The bookings could not be loaded." onRetry={retry} />;
  if (bookings.data.total === 0) {
    return (
      <p className="text-muted">
        {emptyText} <Link to={paths.cars}>Browse cars</Link>
      </p>
    );
  }

  const now = Date.now();
  return (
    <>
      <ErrorAlert message={step.error ? toApiError(step.error).message : null} onClose={step.reset} />
      <ul className="list-unstyled d-grid gap-3" aria-label="Bookings">
        {bookings.data.data.map((booking) => (
          <li key={booking.id}>
            <Card>
              <Card.Body className="d-flex flex-wrap justify-content-between gap-3">
                <div>
                  <h2 className="h5 mb-1">
                    <Link to={paths.carPage(booking.car)}>{booking.car.carName}</Link>{' '}
                    <BookingStatusBadge status={booking.status} />
                  </h2>
                  <p className="mb-1 small">
                    Booking {booking.number} ·{' '}
                    <Link to={paths.booking(booking.id)} aria-label={`Receipt of booking ${booking.number}`}>
                      Receipt
                    </Link>
                  </p>
                  <p className="mb-1">
                    {formatIndiaTime(booking.from)} – {formatIndiaTime(booking.to)} (India time), {booking.hours} h
                    {booking.driver ? ', with a driver' : ''}
                  </p>
                  {booking.declineReason ? <p className="mb-1">{booking.declineReason}</p> : null}
                  <p className="mb-0 small text-muted">
                    {who === 'carKeeper' ? `Renter: ${booking.renter.username} · ` : ''}
                    {paymentInWords(booking.payment)}
                  </p>
                </div>
                <div className="text-sm-end">
                  <p className="fs-5 fw-semibold price mb-2">{formatRupees(booking.total)}</p>
                  <div className="d-flex gap-2 justify-content-sm-end">
                    {(mayAct(booking) ? actionsFor(booking, who, now) : []).map((action) => (
                      <Button
                        key={action}
                        size="sm"
                        variant={actionVariant[action]}
                        disabled={step.isPending && step.variables.id === booking.id}
                        onClick={() => step.mutate({ id: booking.id, action })}
                        aria-label={`${actionLabel[action]}: ${booking.car.carName}, ${formatIndiaTime(booking.from)}`}
                      >
                        {actionLabel[action]}
                      </Button>
                    ))}
                  </div>
                </div>
              </Card.Body>
            </Card>
          </li>
        ))}
      </ul>
      <Pager
        page={bookings.data.page}
        pageSize={bookings.data.pageSize}
        total={bookings.data.total}
        shown={bookings.data.data.length}
        label="Bookings"
        onPage={(next) => setSearchParams(withPage(searchParams, next))}
      />
    </>
  );
}
