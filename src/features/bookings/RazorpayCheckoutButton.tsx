import { lazy, type RefObject, Suspense, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PRODUCT_NAME } from '../../config/product';
import type { NewBooking, NewRazorpayOrder, RazorpayOrder } from '../../domain/contract';
import { useDemoPayments } from './payment-options';
import { useCreateRazorpayOrder } from './queries';
import { loadRazorpayCheckout } from './razorpay-script';
import { RefusalAlert } from './RefusalAlert';
import { t } from './words';

type CheckoutResult = NonNullable<NewBooking['razorpay']>;

// Demo mode's own UPI form takes Razorpay's window's place, loaded only there.
const DemoUpiCheckout = lazy(() => import('./demo-checkout/DemoUpiCheckout'));

interface RazorpayCheckoutButtonProps {
  /** The button itself, which a card refused for want of authentication starts from its message. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  /** The booking about to be asked for: the server prices the order from it. */
  choice: NewRazorpayOrder;
  description: string;
  email?: string;
  phone?: string;
  disabled: boolean;
  /** Instant booking: the payment is taken at once, not held for the owner's answer. */
  instant: boolean;
  /** The checkout's signed result, to be sent with the booking request. */
  onPaid: (razorpay: CheckoutResult) => void;
}

/**
 * "Pay with UPI, card or netbanking", the first way to pay when it is on: asks the server for a
 * Razorpay order, loads Razorpay's checkout only now (a renter who pays by card never loads it) and
 * opens it on that order.
 */
export function RazorpayCheckoutButton({
  buttonRef,
  choice,
  description,
  email,
  phone,
  disabled,
  instant,
  onPaid,
}: RazorpayCheckoutButtonProps) {
  const order = useCreateRazorpayOrder();
  const [opening, setOpening] = useState(false);
  const [scriptFailed, setScriptFailed] = useState(false);
  const demo = useDemoPayments();
  const [demoOrder, setDemoOrder] = useState<RazorpayOrder>();
  // Closing the checkout takes no money; saying so spares the renter a look at their bank app.
  const [closed, setClosed] = useState(false);

  const pay = async () => {
    setOpening(true);
    setClosed(false);
    setScriptFailed(false);
    if (demo) {
      order.mutate(choice, { onSuccess: setDemoOrder, onError: () => setOpening(false) });
      return;
    }
    let Razorpay: Awaited<ReturnType<typeof loadRazorpayCheckout>>;
    try {
      Razorpay = await loadRazorpayCheckout();
    } catch {
      setOpening(false);
      setScriptFailed(true);
      return;
    }
    order.mutate(choice, {
      onSuccess: (created) => {
        const checkout = new Razorpay({
          key: created.keyId,
          order_id: created.orderId,
          amount: created.amountPaise,
          currency: 'INR',
          name: PRODUCT_NAME,
          description,
          prefill: { ...(email ? { email } : {}), ...(phone ? { contact: phone } : {}) },
          handler: (success) => {
            setOpening(false);
            onPaid({
              orderId: success.razorpay_order_id,
              paymentId: success.razorpay_payment_id,
              signature: success.razorpay_signature,
            });
          },
          modal: {
            ondismiss: () => {
              setOpening(false);
              setClosed(true);
            },
          },
        });
        checkout.open();
      },
      onError: () => setOpening(false),
    });
  };

  return (
    <div>
      <Button ref={buttonRef} variant="primary" size="lg" disabled={disabled || opening} onClick={() => void pay()}>
        {t('bookings.razorpay.pay')}
      </Button>
      <p className="small text-muted mt-2 mb-0">{t(instant ? 'bookings.checkout.instantNote' : 'bookings.razorpay.holdNote')}</p>
      {opening ? (
        <p className="small text-muted mt-2 mb-0" role="status">
          {t('bookings.razorpay.opening')}
        </p>
      ) : null}
      {closed ? (
        <p className="small text-muted mt-2 mb-0" role="status">
          {t('bookings.razorpay.closed')}
        </p>
      ) : null}
      {scriptFailed ? (
        <Alert variant="warning" className="mt-2 mb-0">
          <p className="mb-2">{t('bookings.checkout.scriptFailed')}</p>
          <Button variant="outline-dark" size="sm" onClick={() => void pay()}>
            {t('bookings.checkout.tryAgain')}
          </Button>
        </Alert>
      ) : null}
      <RefusalAlert error={order.error} onClose={order.reset} />
      {demoOrder ? (
        <Suspense fallback={null}>
          <DemoUpiCheckout
            order={demoOrder}
            onPaid={(paid) => {
              setDemoOrder(undefined);
              setOpening(false);
              onPaid(paid);
            }}
            onDismiss={() => {
              setDemoOrder(undefined);
              setOpening(false);
              setClosed(true);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
