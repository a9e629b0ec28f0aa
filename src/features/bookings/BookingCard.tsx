import { RenterSummaryLine } from './RenterSummaryLine';
import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router-dom';
import { isTrip, type Booking, type BookingAction } from '../../domain/contract';
import { paths } from '../../config/paths';
import { ErrorAlert } from '../../components/ErrorAlert';
import { ReviewStars } from '../../components/StarRating';
import { bookingSplit } from '../../domain/booking-split';
import { formatPaise, formatRateBps, formatRupees } from '../../domain/money';
import { usePublicConfig } from '../../lib/public-config';
import { formatIndiaDate, formatIndiaTime } from '../../domain/india-time';
import { BookingStatusBadge } from '../../entities/booking/BookingStatusBadge';
import type { PartySide } from './party-side';
import { telHref } from '../../lib/tel-href';
import { paymentInWords } from './payment-words';
import { statusNote } from '../../entities/booking/status-note';
import { type BookingsId, t, Words } from './words';

const actionLabels: Record<Exclude<BookingAction, 'no_show'>, BookingsId> = {
  accept: 'bookings.card.accept',
  decline: 'bookings.card.decline',
  cancel: 'bookings.card.cancel',
};
/** A step's button: a no-show names the side that did not come, which is the other one. */
const actionLabel = (action: BookingAction, who: PartySide): BookingsId =>
  action !== 'no_show' ? actionLabels[action] : who === 'carKeeper' ? 'bookings.card.renterNoShow' : 'bookings.card.ownerNoShow';
const actionVariant: Record<BookingAction, string> = {
  accept: 'primary',
  decline: 'outline-danger',
  cancel: 'outline-danger',
  no_show: 'outline-danger',
};

/** The booking's period on India's clock, as the card and the questions about it name it. */
export function periodOf(booking: Booking): string {
  return t('bookings.period', { from: formatIndiaTime(booking.from), to: formatIndiaTime(booking.to) });
}

/**
 * The form this side rates a trip with, handed down by the page: the renter's of the car (the reviews
 * feature's ReviewForm), the car keeper's of the renter (its RenterReviewForm).
 */
export type ReviewFormFor = (booking: Booking) => ReactNode;

/** A review of either side, as the card shows it. */
interface GivenReview {
  rating: number;
  comment?: string;
  pendingUntil?: string;
}

/** Stars given, by whom, with their words and, while they wait for the other side's, when they show. */
function GivenStars({ label, review }: { label: string; review: GivenReview }) {
  return (
    <div className="mt-2">
      <span className="small text-muted me-2">{label}</span>
      <ReviewStars rating={review.rating} />
      {review.comment ? <p className="mb-0 small">{review.comment}</p> : null}
      {review.pendingUntil ? (
        <p className="mb-0 small text-muted">{t('bookings.card.reviewWaits', { date: formatIndiaDate(review.pendingUntil) })}</p>
      ) : null}
    </div>
  );
}

interface BothSidesProps {
  /** This side's stars once given, and how they are named. */
  own: { review: GivenReview | undefined; label: string };
  /** The other side's, once they show. */
  other: { review: GivenReview | undefined; label: string };
  /** The button that opens this side's form, for as long as it has not rated: its name and text. */
  rate: { label: string; text: string };
  booking: Booking;
  reviewForm?: ReviewFormFor;
}

/** A trip's two reviews as one side sees them: its own stars, else the button that opens its form; the other side's once they show. */
function BothSides({ own, other, rate, booking, reviewForm }: BothSidesProps) {
  const [rating, setRating] = useState(false);
  const theirs = other.review ? <GivenStars label={other.label} review={other.review} /> : null;
  if (own.review) {
    return (
      <>
        <GivenStars label={own.label} review={own.review} />
        {theirs}
      </>
    );
  }
  if (!reviewForm) return theirs;
  return (
    <>
      {theirs}
      {rating ? (
        reviewForm(booking)
      ) : (
        <Button size="sm" variant="outline-primary" className="mt-2" onClick={() => setRating(true)} aria-label={rate.label}>
          {rate.text}
        </Button>
      )}
    </>
  );
}

/**
 * A renter's word on a trip that has ended: their stars once given, else "Rate this trip", which
 * opens the form; and the owner's stars for them once those show. Only an accepted or completed
 * booking was a trip; the server refuses any other.
 */
function TripReview({ booking, now, reviewForm }: { booking: Booking; now: number; reviewForm?: ReviewFormFor }) {
  if (!isTrip(booking.status) || new Date(booking.to).getTime() > now) return null;
  return (
    <BothSides
      own={{ review: booking.review, label: t('bookings.card.yourRating') }}
      other={{ review: booking.renterReview, label: t('bookings.card.ownersRating') }}
      rate={{
        label: t('bookings.card.rateTripLabel', { car: booking.car.carName, from: formatIndiaTime(booking.from) }),
        text: t('bookings.card.rateTrip'),
      }}
      booking={booking}
      reviewForm={reviewForm}
    />
  );
}

/**
 * The car keeper's word on the renter of a completed trip: their stars once given, else "Rate the
 * renter", which opens the form; and the renter's review of the car once it shows.
 */
function RenterRating({ booking, reviewForm }: { booking: Booking; reviewForm?: ReviewFormFor }) {
  if (booking.status !== 'completed') return null;
  const renter = booking.renter.username;
  return (
    <BothSides
      own={{ review: booking.renterReview, label: t('bookings.card.yourRatingOfRenter', { renter }) }}
      other={{ review: booking.review, label: t('bookings.card.rentersReview') }}
      rate={{
        label: t('bookings.card.rateRenterLabel', { renter, from: formatIndiaTime(booking.from) }),
        text: t('bookings.card.rateRenter'),
      }}
      booking={booking}
      reviewForm={reviewForm}
    />
  );
}

const SPLIT_SHOWN_WHILE: readonly Booking['status'][] = ['requested', 'accepting', 'accepted', 'completed'];

/**
 * What the owner makes of a booking of their car: split at the rates stored when its money was taken,
 * or, for a request, at the rates in force now, as accepting it would. A fleet car's money is all the platform's.
 */
function OwnerEarnings({ booking }: { booking: Booking }) {
  const { data: current } = usePublicConfig((config) => config.earnings);
  const rates = booking.rates ?? current;
  if (booking.car.kind !== 'listed' || !rates || !SPLIT_SHOWN_WHILE.includes(booking.status)) return null;
  const split = bookingSplit(booking, rates);
  const accepted = booking.status === 'requested' ? 'no' : 'yes';
  const rate = formatRateBps(rates.commissionBps);
  return (
    <p className="mb-1 small">
      {booking.payment.status === 'none'
        ? t('bookings.card.earningsAtPickup', {
            accepted,
            amount: formatPaise(split.amountPaise),
            rate,
            share: formatPaise(split.platformPaise),
          })
        : t('bookings.card.earnings', {
            accepted,
            net: formatPaise(split.ownerNetPaise),
            rate,
            gross: formatPaise(split.grossPaise),
            share: formatPaise(split.platformPaise),
            withheld: split.tdsPaise > 0 ? formatPaise(split.tdsPaise) : 'none',
          })}
    </p>
  );
}

/** Where the renter collects the car, when the server names it. */
function pickupOf({ car }: Booking): string | undefined {
  if (!car.pickupArea) return undefined;
  return car.city ? t('bookings.card.pickupPlace', { area: car.pickupArea, city: car.city }) : car.pickupArea;
}

interface BookingCardProps {
  booking: Booking;
  who: PartySide;
  /** The steps this side may take now. */
  actions: BookingAction[];
  /** When a step this side may not take yet becomes possible (saying the other did not come), once the period has begun. */
  opensAt?: Date | undefined;
  now: number;
  /** While a step on this booking is under way. */
  pending: boolean;
  /** The server's refusal of the last step on this booking. */
  error: string | null;
  onDismissError: () => void;
  onAction: (action: BookingAction) => void;
  /** How this side rates a trip; without it, the card offers no rating. */
  reviewForm?: ReviewFormFor;
}

/** One booking with what its side needs to know to act on it, its steps, and a refused step's reason beside them. */
export function BookingCard({
  booking,
  who,
  actions,
  opensAt,
  now,
  pending,
  error,
  onDismissError,
  onAction,
  reviewForm,
}: BookingCardProps) {
  const pickup = pickupOf(booking);
  // Only worth saying while the owner could still press Accept.
  const clash = actions.includes('accept') ? booking.overlapsAccepted : undefined;
  const rivals = actions.includes('accept') ? (booking.overlapsRequests ?? []) : [];
  return (
    <Card>
      <Card.Body className="d-flex flex-wrap justify-content-between gap-3">
        <div>
          <h2 className="h5 mb-1">
            <Link to={paths.carPage(booking.car)}>{booking.car.carName}</Link> <BookingStatusBadge status={booking.status} />
          </h2>
          <p className="mb-1 small">
            <Words
              id="bookings.card.numberAndReceipt"
              values={{ number: booking.number }}
              components={{
                0: (
                  <Link to={paths.booking(booking.id)} aria-label={t('bookings.card.receiptLabel', { number: booking.number })} />
                ),
              }}
            />
          </p>
          <p className="mb-1">
            {t('bookings.card.when', { period: periodOf(booking), hours: booking.hours, driver: booking.driver ? 'yes' : 'no' })}
          </p>
          {pickup ? <p className="mb-1">{t('bookings.card.pickup', { pickup })}</p> : null}
          {statusNote(booking) ? <p className="mb-1">{statusNote(booking)}</p> : null}
          {who === 'carKeeper' ? (
            <p className="mb-1">
              {booking.renter.phone ? (
                <Words
                  id="bookings.card.renterWithPhone"
                  values={{ renter: booking.renter.username, phone: booking.renter.phone }}
                  components={{ 0: <a href={telHref(booking.renter.phone)}>{booking.renter.phone}</a> }}
                />
              ) : (
                t('bookings.card.renter', { renter: booking.renter.username })
              )}
            </p>
          ) : null}
          {who === 'carKeeper' ? <RenterSummaryLine summary={booking.renterSummary} /> : null}
          {who === 'carKeeper' ? <OwnerEarnings booking={booking} /> : null}
          <p className="mb-0 small text-muted">{paymentInWords(booking.payment, who, booking.refund)}</p>
          {who === 'renter' ? (
            <TripReview booking={booking} now={now} reviewForm={reviewForm} />
          ) : (
            <RenterRating booking={booking} reviewForm={reviewForm} />
          )}
        </div>
        <div className="text-sm-end">
          <p className="fs-5 fw-semibold price mb-2">{formatRupees(booking.total)}</p>
          <div className="d-flex flex-wrap gap-2 justify-content-sm-end">
            {actions.map((action) => (
              <Button
                key={action}
                size="sm"
                variant={actionVariant[action]}
                disabled={pending}
                onClick={() => onAction(action)}
                aria-label={t('bookings.card.actionLabel', {
                  action: t(actionLabel(action, who)),
                  car: booking.car.carName,
                  from: formatIndiaTime(booking.from),
                })}
              >
                {t(actionLabel(action, who))}
              </Button>
            ))}
          </div>
          {opensAt ? (
            <p className="small text-muted mb-0 mt-2">
              {t('bookings.card.noShowFrom', { side: who, at: formatIndiaTime(opensAt) })}
            </p>
          ) : null}
        </div>
        {clash ? (
          <Alert variant="warning" className="w-100 mb-0">
            {t('bookings.card.overlaps', { booking: clash })}
          </Alert>
        ) : null}
        {rivals.length > 0 ? (
          <Alert variant="info" className="w-100 mb-0">
            {t('bookings.card.overlapsRequests', { count: rivals.length, numbers: rivals.join(', ') })}
          </Alert>
        ) : null}
        {error ? (
          <div className="w-100">
            <ErrorAlert message={error} onClose={onDismissError} />
          </div>
        ) : null}
      </Card.Body>
    </Card>
  );
}
