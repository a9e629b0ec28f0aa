import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { NewBooking, RazorpayOrder } from '../../../domain/contract';
import { DemoUpiPayment } from '../../../domain/schemas/demo-checkout';
import { formatPaise } from '../../../domain/money';
import { askStandIn } from './ask-stand-in';
import { DemoCheckoutDialog } from './DemoCheckoutDialog';
import { t } from '../words';

interface DemoUpiCheckoutProps {
  order: RazorpayOrder;
  onPaid: (razorpay: NonNullable<NewBooking['razorpay']>) => void;
  onDismiss: () => void;
}

/**
 * Demo mode's UPI checkout, in place of Razorpay's window: the renter types a UPI ID, the server's
 * stand-in of Razorpay pays the order with it and signs the result with the key secret, as
 * Razorpay's checkout does, and the booking request carries that signed result.
 */
export default function DemoUpiCheckout({ order, onPaid, onDismiss }: DemoUpiCheckoutProps) {
  const [vpa, setVpa] = useState('');
  const payment = useMutation({
    mutationFn: () =>
      askStandIn(
        '/demo-providers/razorpay/v1/payments/upi',
        { key_id: order.keyId, order_id: order.orderId, vpa },
        DemoUpiPayment,
      ),
    onSuccess: (paid) =>
      onPaid({ orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature }),
  });

  return (
    <DemoCheckoutDialog
      title={t('bookings.demo.upiTitle')}
      hint={t('bookings.demo.upiHint')}
      confirmLabel={t('bookings.demo.pay', { amount: formatPaise(order.amountPaise) })}
      pending={payment.isPending}
      failure={payment.error}
      onSubmit={() => payment.mutate()}
      onClose={onDismiss}
    >
      <Form.Group className="mb-3" controlId="demo-upi-id">
        <Form.Label>{t('bookings.demo.upiId')}</Form.Label>
        <Form.Control
          value={vpa}
          onChange={(event) => setVpa(event.target.value)}
          required
          autoCapitalize="none"
          spellCheck={false}
        />
      </Form.Group>
    </DemoCheckoutDialog>
  );
}
