import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { type BookingsFilter, bookingsPageKey, useBookingAction, useBookings } from './queries';
import { toApiError } from '../../lib/api-client';
import { actionsAt, BOOKING_TRANSITIONS, opensAt, type StepHours, transitionOf } from '../../domain/booking-states';
import { cancellationRefund } from '../../domain/cancellation';
import { formatPaise } from '../../domain/money';
import type { Booking, BookingAction } from '../../domain/contract';
import { paths } from '../../config/paths';
import { ActionNotice } from '../../components/ActionNotice';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ReasonDialog } from '../../components/ReasonDialog';
import { PageSpinner } from '../../components/PageSpinner';
import { Pager, pageInUrl, withPage } from '../../components/Pager';
import { QueryError } from '../../components/QueryError';
import { usePublicConfig } from '../../lib/public-config';
import { useRetry } from '../../lib/query-client';
import { BookingCard, periodOf, type ReviewFormFor } from './BookingCard';
import type { PartySide } from './party-side';
import { type BookingsId, t } from './words';

const periodOfBooking = (booking: Booking) => ({ from: new Date(booking.from), to: new Date(booking.to) });

/**
 * The steps the state machine allows this side now, its openings and deadlines applied (a renter
 * cancels only before the period starts). Until the server's NO_SHOW_HOURS is known (an older server
 * publishes none), no step that opens later is offered.
 */
function actionsFor(booking: Booking, who: PartySide, now: number, hours: StepHours | undefined): BookingAction[] {
  const allowed = actionsAt(booking.status, who, periodOfBooking(booking), new Date(now), hours ?? { noShowHours: 0 });
  return hours ? allowed : allowed.filter((action) => !transitionOf(booking.status, action, who)?.notBefore);
}

/** When a step of this side that is not open yet opens, once the period has begun (before it, none is worth a word). */
function opensLater(booking: Booking, who: PartySide, now: number, hours: StepHours | undefined): Date | undefined {
  const period = periodOfBooking(booking);
  if (!hours || now < period.from.getTime()) return undefined;
  return BOOKING_TRANSITIONS.filter((step) => step.from === booking.status && step.who === who)
    .map((step) => opensAt(step, period, hours))
    .find((at): at is Date => at !== null && at.getTime() > now);
}

/**
 * What the step (a cancellation, or a no-show, priced as the side at fault's cancellation) gives back
 * now of money taken, in the words the dialog states before it is confirmed: the same function the
 * server refunds by. Nothing to say where no money was taken.
 */
function refundNote(booking: Booking, action: BookingAction, who: PartySide): string | null {
  if (booking.payment.status !== 'captured') return null;
  const policy = booking.cancellationPolicy ?? null;
  const priced = transitionOf(booking.status, action, who)?.refundAs ?? who;
  const refund = cancellationRefund(policy, booking, { from: new Date(booking.from) }, new Date(), priced, booking.status);
  const amount = formatPaise(booking.amountPaise);
  if (refund.whole) return t('bookings.list.cancelRefundWhole', { amount });
  if (refund.amountPaise === 0 && action === 'no_show') return t('bookings.list.noShowRefundNone', { amount });
  return t('bookings.list.cancelRefundPart', {
    amount,
    refund: formatPaise(refund.amountPaise),
    kept: formatPaise(booking.amountPaise - refund.amountPaise),
  });
}

/**
 * The steps asked about first: those that cannot be undone, and accepting a request with nothing paid,
 * which the owner confirms knowing the renter pays at pickup.
 */
const isAsked = (booking: Booking, action: BookingAction): boolean => action !== 'accept' || booking.payment.status === 'none';

/** The question a step asked about first asks, naming the booking; a no-show's in the words of the side saying it. */
function question(booking: Booking, action: BookingAction, who: PartySide) {
  const period = periodOf(booking);
  const values = { renter: booking.renter.username, car: booking.car.carName, number: booking.number, period };
  if (action === 'no_show') {
    return who === 'carKeeper'
      ? {
          title: t('bookings.list.renterNoShowTitle', values),
          body: t('bookings.list.renterNoShowBody', values),
          confirmLabel: t('bookings.list.renterNoShowConfirm'),
          dismissLabel: t('bookings.list.noShowDismiss'),
        }
      : {
          title: t('bookings.list.ownerNoShowTitle', values),
          body: t('bookings.list.ownerNoShowBody'),
          confirmLabel: t('bookings.list.ownerNoShowConfirm'),
          dismissLabel: t('bookings.list.noShowDismiss'),
        };
  }
  if (action === 'accept') {
    return {
      title: t('bookings.list.acceptUnpaidTitle', values),
      body: t('bookings.list.acceptUnpaidBody', values),
      confirmLabel: t('bookings.list.acceptUnpaidConfirm'),
      dismissLabel: t('bookings.list.acceptUnpaidDismiss'),
    };
  }
  return action === 'decline'
    ? {
        title: t('bookings.list.declineTitle', values),
        body: t('bookings.list.declineBody', values),
        confirmLabel: t('bookings.list.declineConfirm'),
        dismissLabel: t('bookings.list.declineDismiss'),
      }
    : {
        title: t('bookings.list.cancelTitle', values),
        body: t('bookings.list.cancelBody'),
        confirmLabel: t('bookings.list.cancelConfirm'),
        dismissLabel: t('bookings.list.cancelDismiss'),
      };
}

/** What a step done says: the booking and the step, and for an accept the overlapping requests it declined with it. */
function doneNotice(booking: Booking, action: BookingAction, after: Booking): string {
  const done = t('bookings.list.done', { number: booking.number, action });
  const declined = after.declinedWith ?? [];
  if (declined.length === 0) return done;
  return `${done} ${t('bookings.list.declinedWith', { count: declined.length, numbers: declined.join(', ') })}`;
}

interface AskDialogProps {
  asking: { booking: Booking; action: BookingAction };
  who: PartySide;
  show: boolean;
  pending: boolean;
  /** The step confirmed, with the reason a decline gave (undefined when left blank). */
  onConfirm: (reason?: string) => void;
  onClose: () => void;
}

/** The question a step asked about first asks; a decline may also say why, which its renter reads with the booking and in the mail telling them. */
function AskDialog({ asking: { booking, action }, who, show, pending, onConfirm, onClose }: AskDialogProps) {
  const asked = question(booking, action, who);
  const refund = action === 'cancel' || action === 'no_show' ? refundNote(booking, action, who) : null;
  const buttons = { confirmLabel: asked.confirmLabel, dismissLabel: asked.dismissLabel };
  if (action === 'decline') {
    return (
      <ReasonDialog
        show={show}
        title={asked.title}
        {...buttons}
        reason="optional"
        reasonLabel={t('bookings.list.declineReason')}
        reasonHint={t('bookings.list.declineReasonHint', { renter: booking.renter.username })}
        pending={pending}
        onConfirm={(reason) => {
          onConfirm(reason);
          return undefined;
        }}
        onClose={onClose}
      >
        <p>{asked.body}</p>
      </ReasonDialog>
    );
  }
  return (
    <ConfirmDialog show={show} title={asked.title} {...buttons} pending={pending} onConfirm={() => onConfirm()} onClose={onClose}>
      <p className="mb-0">{asked.body}</p>
      {refund ? <p className="mb-0 mt-2 fw-semibold">{refund}</p> : null}
    </ConfirmDialog>
  );
}

interface BookingListProps {
  /** Whose view this is: the renter's own bookings, or the requests for the cars someone answers for. */
  who: PartySide;
  /** What an empty list says. */
  emptyText: BookingsId;
  /** Whether this side may act on a booking at all (an admin sees every booking but answers only for fleet cars). */
  mayAct?: (booking: Booking) => boolean;
  /** Which bookings this list shows; all when not given. */
  filter?: BookingsFilter;
  /** How this side rates a trip (where it may act on the booking). */
  reviewForm?: ReviewFormFor;
}

/**
 * Bookings as the server lists them for the signed-in account, with the steps the state machine
 * allows this side. Declining, cancelling and accepting an unpaid request ask first in a dialog naming the booking; every step
 * done is announced above the list, and a refused one is told on its booking's card.
 */
export function BookingList({ who, emptyText, mayAct = () => true, filter = {}, reviewForm }: BookingListProps) {
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageInUrl(searchParams) ?? 1;
  const bookings = useBookings(page, filter);
  const retry = useRetry(bookingsPageKey(page, filter));
  const step = useBookingAction();
  const noShowHours = usePublicConfig((config) => config.noShowHours).data;
  const hours = noShowHours === undefined ? undefined : { noShowHours };
  // The booking asked about stays named while the dialog fades out.
  const [asking, setAsking] = useState<{ booking: Booking; action: BookingAction } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const take = (booking: Booking, action: BookingAction, reason?: string) => {
    setNotice(null);
    step.mutate(
      { id: booking.id, action, reason },
      {
        onSuccess: (after) => setNotice(doneNotice(booking, action, after)),
        onSettled: () => setDialogOpen(false),
      },
    );
  };
  const onAction = (booking: Booking, action: BookingAction) => {
    if (!isAsked(booking, action)) return take(booking, action);
    step.reset();
    setAsking({ booking, action });
    setDialogOpen(true);
  };

  const outcome = <ActionNotice message={notice} onDismiss={() => setNotice(null)} />;
  if (bookings.isPending) return <PageSpinner />;
  // A failed reload in the background keeps the list that is on screen.
  if (bookings.isLoadingError) return <QueryError error={bookings.error} what={t('bookings.list.loadFailed')} onRetry={retry} />;

  const dialog = asking && (
    <AskDialog
      asking={asking}
      who={who}
      show={dialogOpen}
      pending={step.isPending}
      onConfirm={(reason) => take(asking.booking, asking.action, reason)}
      onClose={() => setDialogOpen(false)}
    />
  );

  if (bookings.data.total === 0) {
    return (
      <>
        {outcome}
        {dialog}
        <p className="text-muted">
          {t(emptyText)} {who === 'renter' ? <Link to={paths.cars}>{t('bookings.list.browseCars')}</Link> : null}
        </p>
      </>
    );
  }

  const now = Date.now();
  const stepOn = (booking: Booking) => step.variables?.id === booking.id;
  return (
    <>
      {outcome}
      {dialog}
      <ul className="list-unstyled d-grid gap-3" aria-label={t('bookings.list.label')}>
        {bookings.data.data.map((booking) => (
          <li key={booking.id}>
            <BookingCard
              booking={booking}
              who={who}
              actions={mayAct(booking) ? actionsFor(booking, who, now, hours) : []}
              opensAt={mayAct(booking) ? opensLater(booking, who, now, hours) : undefined}
              now={now}
              pending={step.isPending && stepOn(booking)}
              error={step.error && stepOn(booking) ? toApiError(step.error).message : null}
              onDismissError={step.reset}
              onAction={(action) => onAction(booking, action)}
              reviewForm={mayAct(booking) ? reviewForm : undefined}
            />
          </li>
        ))}
      </ul>
      <Pager
        page={bookings.data.page}
        pageSize={bookings.data.pageSize}
        total={bookings.data.total}
        shown={bookings.data.data.length}
        label={t('bookings.list.label')}
        onPage={(next) => setSearchParams(withPage(searchParams, next))}
      />
    </>
  );
}
