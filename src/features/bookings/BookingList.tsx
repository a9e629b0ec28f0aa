import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link, useSearchParams } from 'react-router-dom';
import { bookingsPageKey, useBookingAction, useBookings } from './queries';
import { toApiError } from '../../lib/api-client';
import { actionsAt } from '../../domain/booking-states';
import type { Booking, BookingAction, BookingWhen } from '../../domain/contract';
import { paths } from '../../config/paths';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageSpinner } from '../../components/PageSpinner';
import { Pager, pageInUrl, withPage } from '../../components/Pager';
import { QueryError } from '../../components/QueryError';
import { useRetry } from '../../lib/query-client';
import { formatRupees } from '../../domain/money';
import { formatIndiaTime } from '../../domain/india-time';
import { paymentInWords } from './payment-words';
import { BookingStatusBadge } from './BookingStatusBadge';
import { statusNote } from './status-note';
import { ReviewStars } from '../../components/StarRating';
import { ReviewForm } from '../reviews/ReviewForm';

const actionLabel: Record<BookingAction, string> = { accept: 'Accept', decline: 'Decline', cancel: 'Cancel booking' };
const actionVariant: Record<BookingAction, string> = {
  accept: 'primary',
  decline: 'outline-danger',
  cancel: 'outline-danger',
};

/** The steps the state machine allows this side now, its deadlines applied (a renter cancels only before the period starts). */
function actionsFor(booking: Booking, who: PartySide, now: number): BookingAction[] {
  return actionsAt(booking.status, who, { from: new Date(booking.from), to: new Date(booking.to) }, new Date(now));
}

/**
 * A renter's word on a trip that has ended: their stars once given, else "Rate this trip", which
 * opens the form. Only an accepted booking was a trip; the server refuses any other.
 */
function TripReview({ booking, now }: { booking: Booking; now: number }) {
  const [rating, setRating] = useState(false);
  if (booking.status !== 'accepted' || new Date(booking.to).getTime() > now) return null;
  if (booking.review) {
    return (
      <div className="mt-2">
        <span className="small text-muted me-2">Your rating</span>
        <ReviewStars rating={booking.review.rating} />
        {booking.review.comment ? <p className="mb-0 small">{booking.review.comment}</p> : null}
      </div>
    );
  }
  if (!rating) {
    return (
      <Button
        size="sm"
        variant="outline-primary"
        className="mt-2"
        onClick={() => setRating(true)}
        aria-label={`Rate this trip: ${booking.car.carName}, ${formatIndiaTime(booking.from)}`}
      >
        Rate this trip
      </Button>
    );
  }
  return <ReviewForm bookingId={booking.id} carName={booking.car.carName} />;
}

/** The sides a booking list is for; an admin's steps of their own are taken in the admin console. */
type PartySide = 'renter' | 'carKeeper';

interface BookingListProps {
  /** Whose view this is: the renter's own bookings, or the requests for the cars someone answers for. */
  who: PartySide;
  emptyText: string;
  /** Whether this side may act on a booking at all (an admin sees every booking but answers only for fleet cars). */
  mayAct?: (booking: Booking) => boolean;
  /** Only bookings whose period has not ended yet, or only those whose has; all when not given. */
  when?: BookingWhen;
}

/** Bookings as the server lists them for the signed-in account, with the steps the state machine allows this side. */
export function BookingList({ who, emptyText, mayAct = () => true, when }: BookingListProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageInUrl(searchParams) ?? 1;
  const bookings = useBookings(page, when);
  const retry = useRetry(bookingsPageKey(page, when));
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
                  {statusNote(booking) ? <p className="mb-1">{statusNote(booking)}</p> : null}
                  <p className="mb-0 small text-muted">
                    {who === 'carKeeper' ? `Renter: ${booking.renter.username} · ` : ''}
                    {paymentInWords(booking.payment)}
                  </p>
                  {who === 'renter' ? <TripReview booking={booking} now={now} /> : null}
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
