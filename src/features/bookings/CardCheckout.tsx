import { useEffect, useRef } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import StripeCheckoutImport, { type Token } from 'react-stripe-checkout';
import { cjsDefault } from '../../components/cjs-default';
import { PRODUCT_NAME } from '../../config/product';

const StripeCheckout = cjsDefault(StripeCheckoutImport);

/** The component's own click handler, which its types leave out: it opens the checkout, or does once the script has loaded. */
type CheckoutInstance = InstanceType<typeof StripeCheckout> & { onClick(): void };

/** How the card checkout's button reads and looks: the first choice alone, or second to Razorpay's. */
export interface CardButton extends Pick<ButtonProps, 'variant' | 'size'> {
  label: string;
}

interface CardCheckoutProps {
  button: CardButton;
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
 * The card checkout's button, shown once the renter has first pressed it: react-stripe-checkout
 * adds the provider's script as it mounts, so it mounts only then (a visitor who never pays never
 * loads it), and that first press opens the checkout as soon as the script is there. Later presses
 * are the component's own.
 */
export function CardCheckout({
  button: { label, variant, size },
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
  const buttonElement = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    // This button replaced the one that was pressed: the focus stays where the renter put it.
    buttonElement.current?.focus();
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
      <Button ref={buttonElement} variant={variant} size={size} disabled={disabled}>
        {label}
      </Button>
    </StripeCheckout>
  );
}
