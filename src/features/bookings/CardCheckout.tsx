import { useEffect, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import StripeCheckoutImport, { type Token } from 'react-stripe-checkout';
import { cjsDefault } from '../../components/cjs-default';
import { PRODUCT_NAME } from '../../config/product';
import { t } from './words';

const StripeCheckout = cjsDefault(StripeCheckoutImport);

/** The component's own click handler, which its types leave out: it opens the checkout, or does once the script has loaded. */
type CheckoutInstance = InstanceType<typeof StripeCheckout> & { onClick(): void };

interface CardCheckoutProps {
  stripeKey: string;
  amountPaise: number;
  description: string;
  email?: string;
  disabled: boolean;
  onToken: (token: Token) => void;
  onScriptError: () => void;
  onLoading: (loading: boolean) => void;
}

/**
 * The card checkout's Reserve Now, shown once the renter has first pressed it: react-stripe-checkout
 * adds the provider's script as it mounts, so it mounts only then (a visitor who never pays never
 * loads it), and that first press opens the checkout as soon as the script is there. Later presses
 * are the component's own.
 */
export function CardCheckout({
  stripeKey,
  amountPaise,
  description,
  email,
  disabled,
  onToken,
  onScriptError,
  onLoading,
}: CardCheckoutProps) {
  const checkout = useRef<CheckoutInstance>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // This button replaced the one that was pressed: the focus stays where the renter put it.
    button.current?.focus();
    checkout.current?.onClick();
  }, []);

  return (
    <StripeCheckout
      ref={checkout}
      token={onToken}
      stripeKey={stripeKey}
      amount={amountPaise}
      currency="INR"
      name={PRODUCT_NAME}
      description={description}
      email={email}
      shippingAddress
      disabled={disabled}
      onScriptError={onScriptError}
      showLoadingDialog={() => onLoading(true)}
      hideLoadingDialog={() => onLoading(false)}
    >
      <Button ref={button} variant="primary" size="lg" disabled={disabled}>
        {t('bookings.checkout.reserveNow')}
      </Button>
    </StripeCheckout>
  );
}
