import { Fragment, lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { Moment } from 'moment';
import type { DatetimeRange } from 'react-datetime-range-picker';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useCreateBooking } from './queries';
import { AvailabilityRangePicker, pickerDay } from './AvailabilityRangePicker';
import { useBusyDays } from '../../entities/car/queries';
import { toApiError } from '../../lib/api-client';
import { statusOf } from '../../lib/api-error';
import { useSession } from '../../lib/auth/session';
import { paths } from '../../config/paths';
import { bookingTotal, DRIVER_SURCHARGE_PER_HOUR } from '../../domain/booking-total';
import { useCheckoutScriptFailureHandled } from './checkout-script';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatPaise, formatRateBps, formatRupees } from '../../domain/money';
import { defaultPeriodEnd, formatIndiaTime, nextIndiaHour, toIndiaIso, toIndiaWallClock } from '../../domain/india-time';
import { hoursLabel } from '../../entities/booking/hours-label';
import { useGstConfig, usePaymentOptions } from './payment-options';
import { paymentInWords } from './payment-words';
import { pickedPeriod } from './picked-period';
import { RazorpayCheckoutButton } from './RazorpayCheckoutButton';
import type { NewBooking } from '../../domain/contract';
import type { SignInState } from '../../lib/auth/sign-in-state';

// react-stripe-checkout loads with the renter's first press of Reserve Now, and the provider's script with it.
const CardCheckout = lazy(async () => ({ default: (await import('./CardCheckout')).CardCheckout }));

/**
 * A minute step as long as the clock face makes the minute arrows leave the minutes as they are: the
 * picker offers whole hours only, and the car page's own start is a whole hour in India.
 */
const WHOLE_HOURS = { minutes: { step: 60 } };

const CHECKOUT_SCRIPT_FAILED = 'The card checkout could not be loaded. Check your connection, or send the request unpaid.';

function instantFrom(value: string | null): Date | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

interface CheckoutPanelProps {
  carName: string;
  /** What the server knows the car by in a booking: the name of a catalogue car, the id of an owner's car. */
  carRef: string;
  price: number;
}

/**
 * The car page's "Check Out": pick a period, say whether a driver is needed, see the total and pay
 * by card (or, when the card checkout is missing, send the request unpaid). The period and the
 * driver choice live in the address (`from`, `to`, `driver`), so they arrive from the car listing
 * and survive the detour through sign-in.
 */
export function CheckoutPanel({ carName, carRef, price }: CheckoutPanelProps) {
  const { user, loading: sessionLoading } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const [defaultStart] = useState(() => nextIndiaHour());
  const [scriptFailed, setScriptFailed] = useState(false);
  const [upiScriptFailed, setUpiScriptFailed] = useState(false);
  const [checkoutLoading, setCheckoutLoading] = useState(false);
  const [cardStarted, setCardStarted] = useState(false);
  // Counts picks: the picker keeps what was clicked until it is given new dates, so every pick hands
  // it fresh ones, even when the period was corrected back to the one it already showed.
  const [picks, setPicks] = useState(0);
  const booking = useCreateBooking();
  const paymentOptions = usePaymentOptions();
  const gst = useGstConfig().data;
  // Only a guide: a request for a day that looked free can still meet the server's 409.
  const { stateOf } = useBusyDays(carRef);
  useCheckoutScriptFailureHandled();

  const fromParam = searchParams.get('from');
  const toParam = searchParams.get('to');
  const from = useMemo(() => instantFrom(fromParam) ?? defaultStart, [fromParam, defaultStart]);
  const to = useMemo(() => instantFrom(toParam) ?? defaultPeriodEnd(from), [toParam, from]);
  // The picker shows the browser's clock; these make it read India time wherever the renter is.
  // biome-ignore lint/correctness/useExhaustiveDependencies: picks is there to renew the dates after every pick
  const pickerStart = useMemo(() => toIndiaWallClock(from), [from, picks]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const pickerEnd = useMemo(() => toIndiaWallClock(to), [to, picks]);
  const pickerToday = toIndiaWallClock(new Date());
  const driver = searchParams.get('driver') === '1';
  // Every car is taken to be in the seller's state for now, so GST is CGST and SGST, as the server computes it.
  const { hours, total, taxLines, amountPaise } = bookingTotal(
    from,
    to,
    price,
    driver,
    gst ? { rateBps: gst.rateBps, intraState: true } : undefined,
  );

  const updateChoice = (change: { from?: Date; to?: Date; driver?: boolean }) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (change.from) next.set('from', toIndiaIso(change.from));
        if (change.to) next.set('to', toIndiaIso(change.to));
        if (change.driver !== undefined) {
          if (change.driver) next.set('driver', '1');
          else next.delete('driver');
        }
        return next;
      },
      { replace: true },
    );
  };

  const signIn = () => {
    const state: SignInState = { from: location, reason: `Sign in to reserve the ${carName}` };
    navigate(paths.login, { state });
  };

  const choice = { carName: carRef, from: toIndiaIso(from), to: toIndiaIso(to), driver };
  const reserve = (payment: Pick<NewBooking, 'paymentToken' | 'razorpay'> = {}) =>
    booking.mutate(
      { ...choice, ...payment },
      // A session that ended meanwhile: sign in first, and come back with the period kept.
      {
        onError: (error) => {
          if (statusOf(error) === 401) signIn();
        },
      },
    );

  if (booking.isSuccess) {
    const booked = booking.data;
    return (
      <Alert variant="success" role="status">
        <h3 className="h5">Booking {booked.status}</h3>
        <p className="mb-1">
          {booked.car.carName}, {formatIndiaTime(booked.from)} to {formatIndiaTime(booked.to)} ({hoursLabel(booked.hours)}
          {booked.driver ? ', with a driver' : ''}).
        </p>
        <p className="mb-1">
          Total:{' '}
          <strong className="price">
            {booked.taxPaise > 0 ? `${formatPaise(booked.amountPaise)} including GST` : formatRupees(booked.total)}
          </strong>
        </p>
        <p className="mb-2">{paymentInWords(booked.payment)}.</p>
        <Link to={paths.myBookings}>See my bookings</Link>
      </Alert>
    );
  }

  const canPay = total > 0;
  const sending = booking.isPending;
  // Until the server says whether it takes cards, no way to pay is offered; if it cannot say, the request goes unpaid.
  const cardKey = paymentOptions.data?.card?.publishableKey;
  const upi = paymentOptions.data?.upi;
  // Unpaid only when no checkout the server offers can be used: none is configured, or each failed to load.
  const offerUnpaid = !paymentOptions.isPending && (!cardKey || scriptFailed) && (!upi || upiScriptFailed);

  const reserveButton = (
    <Button variant="primary" size="lg" disabled={!canPay || sending} onClick={() => setCardStarted(true)}>
      Reserve Now
    </Button>
  );

  let action: ReactNode;
  if (sessionLoading) {
    // Which button applies depends on who is signed in; showing one and swapping it would move it under the pointer.
    action = (
      <p className="small text-muted mb-0" role="status">
        Checking whether you are signed in…
      </p>
    );
  } else if (!user) {
    action = (
      <>
        <Button variant="primary" size="lg" onClick={signIn} disabled={!canPay}>
          Reserve Now
        </Button>
        <p className="small text-muted mt-2 mb-0">You will be asked to sign in first; your period is kept.</p>
      </>
    );
  } else if (user.role !== 'user') {
    action = (
      <Alert variant="info" className="mb-0" role="note">
        Cars are booked from a renter account. You are signed in as {user.username}, an {user.role} account.
      </Alert>
    );
  } else if (paymentOptions.isPending) {
    action = (
      <p className="small text-muted mb-0" role="status">
        Checking how you can pay…
      </p>
    );
  } else {
    action = (
      <>
        {/*
         * Once its script has failed, react-stripe-checkout throws on its next update (it calls the
         * provider's missing global), so it leaves the page instead of being rendered again.
         */}
        {cardKey && !scriptFailed ? (
          cardStarted ? (
            <Suspense fallback={reserveButton}>
              <CardCheckout
                stripeKey={cardKey}
                amountPaise={amountPaise}
                description={`${carName}, ${hoursLabel(hours)}`}
                email={user.email}
                disabled={!canPay || sending}
                onToken={(token) => reserve({ paymentToken: token.id })}
                onScriptError={() => {
                  setScriptFailed(true);
                  setCardStarted(false);
                  setCheckoutLoading(false);
                }}
                onLoading={setCheckoutLoading}
              />
            </Suspense>
          ) : (
            reserveButton
          )
        ) : null}
        {!cardKey && !upi ? (
          <Alert variant="warning" role="note">
            {paymentOptions.isError
              ? 'Whether card payments are taken could not be checked, so this request is sent without paying.'
              : 'Card payments are not configured yet.'}
          </Alert>
        ) : cardKey ? (
          <p className="small text-muted mt-2 mb-0">
            The amount is held on your card and taken only when the owner accepts; if they decline, it is released.
          </p>
        ) : null}
        {checkoutLoading ? (
          <p className="small text-muted mt-2 mb-0" role="status">
            Opening the card checkout…
          </p>
        ) : null}
        {scriptFailed ? (
          <Alert variant="warning">
            <p className="mb-2">{CHECKOUT_SCRIPT_FAILED}</p>
            <Button variant="outline-dark" size="sm" onClick={() => setScriptFailed(false)}>
              Try the card checkout again
            </Button>
          </Alert>
        ) : null}
        {upi ? (
          <RazorpayCheckoutButton
            choice={choice}
            description={`${carName}, ${hoursLabel(hours)}`}
            email={user.email}
            phone={user.phoneNumber}
            disabled={!canPay || sending}
            onPaid={(razorpay) => reserve({ razorpay })}
            onScriptFailed={setUpiScriptFailed}
          />
        ) : null}
        {offerUnpaid ? (
          <Button variant="outline-primary" className="mt-2" disabled={!canPay || sending} onClick={() => reserve()}>
            Send request without paying
          </Button>
        ) : null}
      </>
    );
  }

  return (
    <div>
      <Form.Group className="mb-3">
        <Form.Label as="p" id="checkout-period" className="fw-semibold mb-1">
          Rental period: start, then end
        </Form.Label>
        <AvailabilityRangePicker
          startDate={pickerStart}
          endDate={pickerEnd}
          dateFormat="MMM DD YYYY"
          timeFormat="HH:mm"
          className="d-grid gap-2 checkout-picker"
          inputProps={{ className: 'form-control', 'aria-labelledby': 'checkout-period' }}
          startTimeConstraints={WHOLE_HOURS}
          endTimeConstraints={WHOLE_HOURS}
          isValidStartDate={(day) => !(day as Moment).isBefore(pickerToday, 'day') && stateOf(pickerDay(day)) !== 'busy'}
          isValidEndDate={(day) => stateOf(pickerDay(day)) !== 'busy'}
          dayState={stateOf}
          onChange={(picked: DatetimeRange) => {
            setPicks((count) => count + 1);
            updateChoice(pickedPeriod(picked, { start: pickerStart, end: pickerEnd }));
          }}
        />
      </Form.Group>
      <dl className="row mb-2 price">
        <dt className="col-4 fw-normal text-muted">From</dt>
        <dd className="col-8 mb-1">{formatIndiaTime(from)}</dd>
        <dt className="col-4 fw-normal text-muted">To</dt>
        <dd className="col-8 mb-1">{formatIndiaTime(to)}</dd>
      </dl>
      <p className="small text-muted">Times are India time (IST).</p>
      <Form.Check
        id="checkout-driver"
        type="checkbox"
        label={`Driver Required (${formatRupees(DRIVER_SURCHARGE_PER_HOUR)} per hour)`}
        checked={driver}
        onChange={(event) => updateChoice({ driver: event.target.checked })}
      />
      <fieldset className="my-3 p-3 band-light rounded" aria-labelledby="total-amount" aria-live="polite">
        <p id="total-amount" className="mb-1 fw-semibold text-navy">
          Total Amount
        </p>
        <p className="fs-3 fw-bold mb-0 price">{taxLines.length > 0 ? formatPaise(amountPaise) : formatRupees(total)}</p>
        <p className="small text-muted mb-0 price">
          {hoursLabel(hours)} × {formatRupees(price)}
          {driver ? ` + driver ${hoursLabel(hours)} × ${formatRupees(DRIVER_SURCHARGE_PER_HOUR)}` : ''}
        </p>
        {taxLines.length > 0 ? (
          <dl className="row small mb-0 mt-1 price" aria-label="GST">
            <dt className="col-7 fw-normal text-muted">Taxable value</dt>
            <dd className="col-5 mb-0 text-end">{formatRupees(total)}</dd>
            {taxLines.map((line) => (
              <Fragment key={line.name}>
                <dt className="col-7 fw-normal text-muted">
                  {line.name} {formatRateBps(line.rateBps)}
                </dt>
                <dd className="col-5 mb-0 text-end">{formatPaise(line.paise)}</dd>
              </Fragment>
            ))}
            <dt className="col-7">Total including GST</dt>
            <dd className="col-5 mb-0 text-end fw-semibold">{formatPaise(amountPaise)}</dd>
          </dl>
        ) : null}
      </fieldset>
      {!canPay ? (
        <p className="text-danger small" role="status">
          Pick a period of at least one hour to see a total and reserve.
        </p>
      ) : null}
      <ErrorAlert
        message={booking.error && statusOf(booking.error) !== 401 ? toApiError(booking.error).message : null}
        onClose={booking.reset}
      />
      {action}
    </div>
  );
}
