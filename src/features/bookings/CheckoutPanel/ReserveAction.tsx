import { lazy, type RefObject, Suspense, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { Account } from '../../../domain/contract';
import { hoursLabel } from '../../../entities/booking/hours-label';
import type { CardButton } from '../CardCheckout';
import { useRetry } from '../../../lib/query-client';
import { useDemoPayments, type usePaymentOptions } from '../payment-options';
import { RazorpayCheckoutButton } from '../RazorpayCheckoutButton';
import type { BookingChoice, BookingPayment } from './useReservation';
import { t } from '../words';

// react-stripe-checkout loads with the renter's first press of the card button, and the provider's script with it.
const CardCheckout = lazy(async () => ({ default: (await import('../CardCheckout')).CardCheckout }));
// Demo mode's own card form takes the provider's window's place, loaded only there.
const DemoCardCheckout = lazy(() => import('../demo-checkout/DemoCardCheckout'));

interface PaymentChoicesProps {
  user: Account;
  paymentOptions: ReturnType<typeof usePaymentOptions>;
  /** The car's owner lets renters ask without paying and pay at pickup. */
  payAtPickup: boolean;
  /** Instant booking: what is paid is taken at once, not held for the owner's answer. */
  instant: boolean;
  carName: string;
  hours: number;
  amountPaise: number;
  /** The period has a total, and no request is on its way. */
  enabled: boolean;
  choice: BookingChoice;
  reserve: (payment?: BookingPayment) => void;
  /** Asks the server whether it would refuse the request; a checkout opens only when it answers true. */
  checkFirst: () => Promise<boolean>;
  /** Razorpay's button, which a refused card's message starts. */
  upiButton: RefObject<HTMLButtonElement | null>;
}

/**
 * The ways a signed-in renter can send the request: Razorpay's checkout first, since it takes the
 * Indian cards the legacy card checkout cannot (they ask for an extra authentication step); then
 * that card checkout, for international cards; and the request unpaid only where the server takes no
 * payments, or the car's owner lets renters pay at pickup. A checkout that cannot load says so and
 * offers to try again: the server refuses an unpaid request where it takes payments.
 */
function PaymentChoices({
  user,
  paymentOptions,
  payAtPickup,
  instant,
  carName,
  hours,
  amountPaise,
  enabled,
  choice,
  reserve,
  checkFirst,
  upiButton,
}: PaymentChoicesProps) {
  const [scriptFailed, setScriptFailed] = useState(false);
  const [checkoutLoading, setCheckoutLoading] = useState(false);
  // The choice the card checkout was checked and opened for: another period or driver choice is checked again before it opens.
  const [cardStartedFor, setCardStartedFor] = useState<string | null>(null);
  const choiceKey = JSON.stringify(choice);
  const cardStarted = cardStartedFor === choiceKey;
  const demo = useDemoPayments();
  const retryPaymentOptions = useRetry(['config']);
  // Until the server says how it takes payment, no way to pay is offered; if it cannot say, nothing is
  // sent unpaid on a guess (the server would refuse it where payment is required).
  const unchecked = paymentOptions.isError;
  const cardKey = paymentOptions.data?.card?.publishableKey;
  const upi = paymentOptions.data?.upi;
  const takesNoPayments = !unchecked && !cardKey && !upi;
  const description = t('bookings.checkout.description', { car: carName, hours: hoursLabel(hours) });
  const upiLabel = t('bookings.razorpay.pay');
  // Beside Razorpay's checkout the card checkout is the second choice, for the cards it can take.
  const card: CardButton = {
    label: t('bookings.checkout.payByCard', { international: upi ? 'yes' : 'no' }),
    variant: upi ? 'outline-primary' : 'primary',
    size: upi ? undefined : 'lg',
  };

  // What the card checkout, the provider's or demo mode's own, is opened with.
  const cardCheckout = (stripeKey: string) => ({
    button: card,
    stripeKey,
    amountPaise,
    disabled: !enabled,
    onToken: (token: { id: string }) => reserve({ paymentToken: token.id }),
  });

  const cardButton = (
    <Button
      variant={card.variant}
      size={card.size}
      disabled={!enabled}
      onClick={async () => {
        if (await checkFirst()) setCardStartedFor(choiceKey);
      }}
    >
      {card.label}
    </Button>
  );

  return (
    <>
      {upi ? (
        <RazorpayCheckoutButton
          buttonRef={upiButton}
          choice={choice}
          description={description}
          email={user.email}
          phone={user.phoneNumber}
          disabled={!enabled}
          instant={instant}
          onPaid={(razorpay) => reserve({ razorpay })}
        />
      ) : null}
      <div className={upi && cardKey ? 'mt-4' : undefined}>
        {/*
         * Once its script has failed, react-stripe-checkout throws on its next update (it calls the
         * provider's missing global), so it leaves the page instead of being rendered again.
         */}
        {cardKey && !scriptFailed ? (
          cardStarted ? (
            <Suspense fallback={cardButton}>
              {demo ? (
                <DemoCardCheckout {...cardCheckout(cardKey)} />
              ) : (
                <CardCheckout
                  {...cardCheckout(cardKey)}
                  description={description}
                  email={user.email}
                  onScriptError={() => {
                    setScriptFailed(true);
                    setCardStartedFor(null);
                    setCheckoutLoading(false);
                  }}
                  onLoading={setCheckoutLoading}
                />
              )}
            </Suspense>
          ) : (
            cardButton
          )
        ) : null}
        {unchecked ? (
          <Alert variant="warning">
            <p className="mb-2">{t('bookings.checkout.paymentsUnchecked')}</p>
            <Button variant="outline-dark" size="sm" onClick={retryPaymentOptions}>
              {t('bookings.checkout.tryAgain')}
            </Button>
          </Alert>
        ) : takesNoPayments ? (
          <Alert variant="warning" role="note">
            {t('bookings.checkout.cardsNotConfigured')}
          </Alert>
        ) : cardKey ? (
          <>
            {upi ? (
              <p className="small text-muted mt-2 mb-0">{t('bookings.checkout.indianCardsNote', { upiButton: upiLabel })}</p>
            ) : null}
            <p className="small text-muted mt-2 mb-0">
              {t(instant ? 'bookings.checkout.instantNote' : 'bookings.checkout.cardHoldNote')}
            </p>
          </>
        ) : null}
        {checkoutLoading ? (
          <p className="small text-muted mt-2 mb-0" role="status">
            {t('bookings.checkout.openingCard')}
          </p>
        ) : null}
        {scriptFailed ? (
          <Alert variant="warning" className="mt-2">
            <p className="mb-2">{t('bookings.checkout.scriptFailed')}</p>
            <Button variant="outline-dark" size="sm" onClick={() => setScriptFailed(false)}>
              {t('bookings.checkout.tryAgain')}
            </Button>
          </Alert>
        ) : null}
      </div>
      {takesNoPayments || payAtPickup ? (
        <Button variant="outline-primary" className="mt-2" disabled={!enabled} onClick={() => reserve()}>
          {takesNoPayments ? t('bookings.checkout.sendUnpaid') : t('bookings.checkout.payAtPickup')}
        </Button>
      ) : null}
    </>
  );
}

interface ReserveActionProps extends Omit<PaymentChoicesProps, 'user' | 'enabled'> {
  user: Account | null;
  sessionLoading: boolean;
  canPay: boolean;
  sending: boolean;
  signIn: () => void;
}

/** What the renter can do next: wait for the session, sign in first, read why this account cannot book, or pay. */
export function ReserveAction({ user, sessionLoading, canPay, sending, signIn, ...payment }: ReserveActionProps) {
  if (sessionLoading) {
    // Which button applies depends on who is signed in; showing one and swapping it would move it under the pointer.
    return (
      <p className="small text-muted mb-0" role="status">
        {t('bookings.checkout.checkingSession')}
      </p>
    );
  }
  if (!user) {
    return (
      <>
        <Button variant="primary" size="lg" onClick={signIn} disabled={!canPay}>
          {t('bookings.checkout.reserveNow')}
        </Button>
        <p className="small text-muted mt-2 mb-0">{t('bookings.checkout.signInFirst')}</p>
      </>
    );
  }
  if (user.role !== 'user') {
    return (
      <Alert variant="info" className="mb-0" role="note">
        {t('bookings.checkout.notRenter', { username: user.username, role: user.role })}
      </Alert>
    );
  }
  if (payment.paymentOptions.isPending) {
    return (
      <p className="small text-muted mb-0" role="status">
        {t('bookings.checkout.checkingPayment')}
      </p>
    );
  }
  return <PaymentChoices user={user} enabled={canPay && !sending} {...payment} />;
}
