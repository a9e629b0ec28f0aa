import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DemoCardToken } from '../../../domain/schemas/demo-checkout';
import { formatPaise } from '../../../domain/money';
import type { CardButton } from '../CardCheckout';
import { askStandIn, ProviderRefusal } from './ask-stand-in';
import { DemoCheckoutDialog } from './DemoCheckoutDialog';
import { t } from '../words';

interface DemoCardCheckoutProps {
  button: CardButton;
  stripeKey: string;
  amountPaise: number;
  disabled: boolean;
  onToken: (token: { id: string }) => void;
}

/** "MM/YY" (or "MM / YYYY") as Stripe's month and four-digit year. */
function parseExpiry(text: string): { exp_month: number; exp_year: number } | undefined {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match?.[1] || !match[2]) return undefined;
  const year = Number(match[2]);
  return { exp_month: Number(match[1]), exp_year: year < 100 ? 2000 + year : year };
}

/**
 * Demo mode's card checkout, in place of the provider's window: the renter types a card, the
 * server's stand-in of the provider makes a token of it, as the provider's checkout does, and the
 * booking request carries that token. Opens as it mounts, on the renter's first press of the button.
 */
export default function DemoCardCheckout({ button, stripeKey, amountPaise, disabled, onToken }: DemoCardCheckoutProps) {
  const [open, setOpen] = useState(true);
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const token = useMutation({
    mutationFn: async () => {
      const expiry = parseExpiry(card.expiry);
      if (!expiry) throw new ProviderRefusal(t('bookings.demo.badExpiry'));
      return askStandIn(
        '/demo-providers/stripe/v1/tokens',
        { key: stripeKey, card: { number: card.number, cvc: card.cvc, ...expiry } },
        DemoCardToken,
      );
    },
    onSuccess: (made) => {
      setOpen(false);
      onToken(made);
    },
  });
  const field = (name: keyof typeof card) => ({
    value: card[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setCard({ ...card, [name]: event.target.value }),
    required: true,
  });
  const close = () => {
    setOpen(false);
    token.reset();
  };

  return (
    <>
      <Button variant={button.variant} size={button.size} disabled={disabled} onClick={() => setOpen(true)}>
        {button.label}
      </Button>
      {open ? (
        <DemoCheckoutDialog
          title={t('bookings.demo.cardTitle')}
          hint={t('bookings.demo.cardHint')}
          confirmLabel={t('bookings.demo.hold', { amount: formatPaise(amountPaise) })}
          pending={token.isPending}
          failure={token.error}
          onSubmit={() => token.mutate()}
          onClose={close}
        >
          <Form.Group className="mb-3" controlId="demo-card-number">
            <Form.Label>{t('bookings.demo.cardNumber')}</Form.Label>
            <Form.Control inputMode="numeric" autoComplete="cc-number" {...field('number')} />
          </Form.Group>
          <div className="d-flex gap-3 mb-3">
            <Form.Group controlId="demo-card-expiry" className="flex-fill">
              <Form.Label>{t('bookings.demo.expiry')}</Form.Label>
              <Form.Control autoComplete="cc-exp" {...field('expiry')} />
            </Form.Group>
            <Form.Group controlId="demo-card-cvc" className="flex-fill">
              <Form.Label>{t('bookings.demo.cvc')}</Form.Label>
              <Form.Control inputMode="numeric" autoComplete="cc-csc" {...field('cvc')} />
            </Form.Group>
          </div>
        </DemoCheckoutDialog>
      ) : null}
    </>
  );
}
