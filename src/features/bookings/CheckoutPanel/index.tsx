import { useCallback, useRef } from 'react';
import Form from 'react-bootstrap/Form';
import { bookingTotal, DRIVER_SURCHARGE_PER_HOUR } from '../../../domain/booking-total';
import { toIndiaIso } from '../../../domain/india-time';
import { formatPaise, formatRupees } from '../../../domain/money';
import { useBusyDays } from '../../../entities/car/queries';
import { useSession } from '../../../lib/auth/session';
import { useInViewport } from '../../../lib/useInViewport';
import { useCheckoutScriptFailureHandled } from '../checkout-script';
import { DemoBanner } from '../demo-checkout/DemoBanner';
import { useDemoPayments, useGstConfig, usePaymentOptions } from '../payment-options';
import { BookBar } from './BookBar';
import { CancellationNote } from './CancellationNote';
import { BookingDone } from './BookingDone';
import { BookingRefused } from './BookingRefused';
import { periodErrors, usePeriodDrafts } from './period-drafts';
import { PeriodPicker } from './PeriodPicker';
import { ReserveAction } from './ReserveAction';
import { billTotalText, TotalAmount } from './TotalAmount';
import { useCheckoutChoice } from './useCheckoutChoice';
import { useReservation } from './useReservation';
import { t } from '../words';

interface CheckoutPanelProps {
  carName: string;
  /** What the server knows the car by in a booking: the name of a catalogue car, the id of an owner's car. */
  carRef: string;
  price: number;
  /** Its owner lets renters ask without paying and pay at pickup. */
  payAtPickup: boolean;
  /** Instant booking: a paid request is accepted at once, its money taken then. */
  instant: boolean;
  /** The car's refundable security deposit, paid at handover: never part of the total. */
  depositPaise: number;
}

/**
 * The car page's "Check Out": type or pick a period, say whether a driver is needed, see the total
 * and pay by UPI, card or netbanking, or by an international card (or send the request unpaid, when
 * the server takes no payments or the car's owner lets renters pay at pickup). The period and the driver choice live in the address (`from`, `to`,
 * `driver`), so they arrive from the car listing and survive the detour through sign-in.
 */
export function CheckoutPanel({ carName, carRef, price, payAtPickup, instant, depositPaise }: CheckoutPanelProps) {
  const { user, loading: sessionLoading } = useSession();
  const paymentOptions = usePaymentOptions();
  const gst = useGstConfig().data;
  const demo = useDemoPayments();
  // Only a guide: a request for a day that looked free can still meet the server's 409.
  const { stateOf } = useBusyDays(carRef);
  useCheckoutScriptFailureHandled();
  const { from, to, driver, pickerStart, pickerEnd, updateChoice, pick } = useCheckoutChoice();
  const { drafts, type } = usePeriodDrafts(from, to, updateChoice);
  const errors = periodErrors(drafts, new Date(), stateOf);
  // Every car is taken to be in the seller's state for now, so GST is CGST and SGST, as the server computes it.
  const bill = bookingTotal(from, to, price, driver, gst ? { rateBps: gst.rateBps, intraState: true } : undefined);
  const choice = { carName: carRef, from: toIndiaIso(from), to: toIndiaIso(to), driver };
  const { booking, check, signIn, reserve, checkFirst } = useReservation(carName, choice);
  const upiButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // Where the browser cannot tell, the Book bar stays.
  const { ref: watchPanel, inView: panelOnScreen } = useInViewport({ whenUnknown: false });
  const panelRef = useCallback(
    (element: HTMLDivElement | null) => {
      panel.current = element;
      return watchPanel(element);
    },
    [watchPanel],
  );

  const banner = demo ? <DemoBanner /> : null;
  // In a demo the banner stays over the confirmation too: its "held" moved no money either.
  if (booking.isSuccess) {
    return (
      <>
        {banner}
        <BookingDone booked={booking.data} />
      </>
    );
  }

  const canPay = bill.total > 0 && !errors.from && !errors.to;
  return (
    // Scrolled to by the phone's Book bar, the checkout's heading above it still in sight.
    <div ref={panelRef} tabIndex={-1} style={{ scrollMarginTop: '6rem' }}>
      {banner}
      <PeriodPicker
        from={from}
        to={to}
        drafts={drafts}
        errors={errors}
        onType={type}
        pickerStart={pickerStart}
        pickerEnd={pickerEnd}
        stateOf={stateOf}
        onPick={pick}
      />
      <Form.Check
        id="checkout-driver"
        type="checkbox"
        label={t('bookings.checkout.driverRequired', { price: formatRupees(DRIVER_SURCHARGE_PER_HOUR) })}
        checked={driver}
        onChange={(event) => updateChoice({ driver: event.target.checked })}
      />
      <TotalAmount bill={bill} price={price} driver={driver} />
      <p className="small">{t('bookings.checkout.deposit', { deposit: formatPaise(depositPaise) })}</p>
      <CancellationNote bill={bill} from={from} instant={instant} />
      {!canPay ? (
        <p className="text-danger small" role="status">
          {t('bookings.checkout.pickPeriod')}
        </p>
      ) : null}
      <BookingRefused
        error={booking.error ?? check.error}
        onClose={() => {
          booking.reset();
          check.reset();
        }}
        upiButton={paymentOptions.data?.upi ? upiButton : null}
      />
      <ReserveAction
        user={user}
        sessionLoading={sessionLoading}
        paymentOptions={paymentOptions}
        payAtPickup={payAtPickup}
        instant={instant}
        carName={carName}
        hours={bill.hours}
        amountPaise={bill.amountPaise}
        canPay={canPay}
        sending={booking.isPending || check.isPending}
        choice={choice}
        reserve={reserve}
        checkFirst={checkFirst}
        signIn={signIn}
        upiButton={upiButton}
      />
      <BookBar total={billTotalText(bill)} checkout={panel} checkoutOnScreen={panelOnScreen} />
    </div>
  );
}
