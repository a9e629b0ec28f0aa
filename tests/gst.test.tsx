import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BookingReceipt } from '../src/domain/contract';
import { paymentInWords } from '../src/features/bookings/payment-words';
import { renderRoute } from './render';
import { PERIOD } from './checkout';
import { asha, booking, fleetCar, uuid } from './mocks/answers';
import { serve, session } from './mocks/serve';

const GST = { rateBps: 1800, gstin: '29ABCDE1234F1Z5', state: 'Karnataka' };
const SELLER = { name: 'WheelsOnWeb', gstin: GST.gstin, state: GST.state };

/** The receipt's price table as rows of the line and its amount. */
function breakdownRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Price' });
  return within(table)
    .getAllByRole('row')
    .map((row) => [within(row).getByRole('rowheader').textContent ?? '', within(row).getByRole('cell').textContent ?? '']);
}

/** asha's Maruti Swift booking, 8 hours with a driver (₹560), taxed at 18 % within the state. */
function taxedReceipt(overrides: Partial<BookingReceipt> = {}): BookingReceipt {
  return {
    ...booking({
      taxPaise: 10_080,
      taxLines: [
        { name: 'CGST', rateBps: 900, paise: 5040 },
        { name: 'SGST', rateBps: 900, paise: 5040 },
      ],
      amountPaise: 66_080,
      payment: { status: 'held', provider: 'razorpay', method: 'upi', amountPaise: 66_080 },
    }),
    history: [{ status: 'requested', at: '2026-01-05T14:30:00+05:30' }],
    contacts: {},
    seller: SELLER,
    ...overrides,
  };
}

describe('GST in the checkout total', () => {
  it('shows the taxable value, CGST and SGST at half the rate each, and the total including tax', async () => {
    serve('GET /api/config', { payments: {}, gst: GST });
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}&driver=1`);

    const total = await screen.findByRole('group', { name: 'Total Amount' });
    await within(total).findByText('Total including GST');
    expect(within(total).getByText('₹283.20', { selector: 'p' })).toBeInTheDocument();
    const lines = within(total).getByLabelText('GST');
    expect(
      within(lines)
        .getAllByRole('term')
        .map((term, index) => [term.textContent, within(lines).getAllByRole('definition')[index]?.textContent]),
    ).toEqual([
      ['Taxable value', '₹240.00'],
      ['CGST 9%', '₹21.60'],
      ['SGST 9%', '₹21.60'],
      ['Total including GST', '₹283.20'],
    ]);
  });

  it('states before paying what a cancellation would give back, by the server’s policy', async () => {
    serve('GET /api/config', { payments: {}, gst: GST, cancellation: { freeCancelHours: 24, lateRefundBps: 5000 } });
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}&driver=1`);

    // Half of ₹240.00 and half of its ₹43.20 GST.
    expect(await screen.findByText(/later, ₹141.60 comes back; from the start of the period, nothing/)).toHaveTextContent(
      /^Cancelling: free until the owner accepts, and until .+ \(India time\) after;/,
    );
  });

  it('has no tax lines when the server charges no GST', async () => {
    serve('GET /api/cars/:carName', fleetCar('Tata Nexon EV'));
    renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}&driver=1`);

    const total = await screen.findByRole('group', { name: 'Total Amount' });
    expect(within(total).getByText('₹240.00')).toBeInTheDocument();
    expect(within(total).queryByLabelText('GST')).not.toBeInTheDocument();
    expect(screen.queryByText(/CGST|SGST|IGST/)).not.toBeInTheDocument();
  });
});

describe('GST on the receipt', () => {
  it('is a tax invoice once numbered: the seller’s GSTIN and state, the taxable value, each tax line and the amount charged', async () => {
    session(asha);
    serve(
      'GET /api/bookings/:id',
      taxedReceipt({
        status: 'accepted',
        invoiceNumber: 'WOW/29-30/00042',
        payment: { status: 'captured', provider: 'razorpay', method: 'upi', amountPaise: 66_080 },
      }),
    );
    renderRoute(`/bookings/${uuid(301)}`);

    const invoice = await screen.findByRole('region', { name: 'Tax invoice WOW/29-30/00042' });
    expect(invoice).toHaveTextContent('SellerWheelsOnWeb');
    expect(invoice).toHaveTextContent('GSTIN29ABCDE1234F1Z5');
    expect(invoice).toHaveTextContent('StateKarnataka');
    expect(breakdownRows()).toEqual([
      ['8 hours × ₹40.00', '₹320.00'],
      ['Driver: 8 hours × ₹30.00', '₹240.00'],
      ['Taxable value', '₹560.00'],
      ['CGST 9%', '₹50.40'],
      ['SGST 9%', '₹50.40'],
      ['Total including GST', '₹660.80'],
    ]);
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('Paid by UPI');
  });

  it('names the credit note of a refund, and shows a late cancellation’s refund line by line', async () => {
    session(asha);
    serve(
      'GET /api/bookings/:id',
      taxedReceipt({
        status: 'cancelled',
        invoiceNumber: 'WOW/29-30/00042',
        creditNoteNumber: 'WCN/29-30/00007',
        payment: { status: 'refunded', provider: 'razorpay', method: 'upi', amountPaise: 66_080 },
        cancelledBy: 'renter',
        refund: { basePaise: 28_000, taxPaise: 5_040, amountPaise: 33_040 },
      }),
    );
    renderRoute(`/bookings/${uuid(301)}`);

    const invoice = await screen.findByRole('region', { name: 'Tax invoice WOW/29-30/00042' });
    expect(invoice).toHaveTextContent('Refunded: GST credit note WCN/29-30/00007 credits the refund against this invoice.');
    const refund = screen.getByRole('table', { name: 'Cancellation refund' });
    expect(
      within(refund)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'Refunded of the price₹280.00',
      'Refunded of the GST₹50.40',
      'Kept under the cancellation policy₹330.40',
      'Refunded₹330.40',
    ]);
    // The payment's line says how much went back, not only where.
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent('₹330.40 refunded to your UPI account');
  });

  it('is a receipt until the payment is taken, saying when the invoice number comes', async () => {
    session(asha);
    serve('GET /api/bookings/:id', taxedReceipt());
    renderRoute(`/bookings/${uuid(301)}`);

    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    expect(receipt).toHaveTextContent('The tax invoice number is given once the payment is taken.');
    expect(receipt).toHaveTextContent('GSTIN29ABCDE1234F1Z5');
    expect(screen.queryByRole('region', { name: /^Tax invoice/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Payment' })).toHaveTextContent(
      'UPI payment held: taken only when the owner accepts',
    );
  });

  it('has no tax lines, seller or invoice without GST', async () => {
    session(asha);
    serve('GET /api/bookings/:id', { ...booking(), history: [], contacts: {} });
    renderRoute(`/bookings/${uuid(301)}`);

    await screen.findByRole('table', { name: 'Price' });
    expect(breakdownRows()).toEqual([
      ['8 hours × ₹40.00', '₹320.00'],
      ['Driver: 8 hours × ₹30.00', '₹240.00'],
      ['Total', '₹560.00'],
    ]);
    expect(screen.queryByText(/GSTIN|CGST|Tax invoice/)).not.toBeInTheDocument();
  });
});

describe('payment words by provider and method', () => {
  it('words a Razorpay UPI payment’s life: held has left the bank account, released comes back as a refund', () => {
    const upi = { provider: 'razorpay' as const, method: 'upi' };
    expect(paymentInWords({ status: 'held', ...upi }, 'renter')).toBe(
      'UPI payment held: taken only when the owner accepts; the money has left your UPI account meanwhile',
    );
    expect(paymentInWords({ status: 'captured', ...upi }, 'renter')).toBe('Paid by UPI');
    expect(paymentInWords({ status: 'released', ...upi }, 'renter')).toBe(
      'UPI payment released: it comes back to your UPI account as a refund within 5–7 working days',
    );
    expect(paymentInWords({ status: 'refunded', ...upi }, 'renter')).toBe('Refunded to your UPI account');
    expect(paymentInWords({ status: 'released', provider: 'razorpay', method: 'netbanking' }, 'renter')).toBe(
      'Netbanking payment released: it comes back to your bank account as a refund within 5–7 working days',
    );
    expect(paymentInWords({ status: 'released', provider: 'razorpay', method: 'card' }, 'renter')).toBe(
      'Card payment released: nothing was taken',
    );
  });

  it('tells whoever answers for the car what Accept and Decline do with a Razorpay payment, not where their own money is', () => {
    const upi = { provider: 'razorpay' as const, method: 'upi' };
    expect(paymentInWords({ status: 'held', ...upi }, 'carKeeper')).toBe(
      'UPI payment held: the renter has paid; it is taken when you accept and refunded to them if you decline',
    );
    expect(paymentInWords({ status: 'released', ...upi }, 'carKeeper')).toBe('UPI payment released: refunded to the renter');
    expect(paymentInWords({ status: 'refunded', ...upi }, 'carKeeper')).toBe('Refunded to the renter');
    const half = { basePaise: 28_000, taxPaise: 5_040, amountPaise: 33_040 };
    expect(paymentInWords({ status: 'refunded', ...upi }, 'carKeeper', half)).toBe('₹330.40 refunded to the renter');
    expect(paymentInWords({ status: 'refunded', ...upi }, 'renter', half)).toBe('₹330.40 refunded to your UPI account');
    expect(paymentInWords({ status: 'refunded', provider: 'stripe' }, 'renter', half)).toBe('₹330.40 refunded to the card');
    // A refund is worded only once the money went back.
    expect(paymentInWords({ status: 'captured', ...upi }, 'renter', half)).toBe('Paid by UPI');
    expect(paymentInWords({ status: 'captured', ...upi }, 'carKeeper')).toBe('Paid by UPI');
    expect(paymentInWords({ status: 'held', provider: 'razorpay', method: 'card' }, 'carKeeper')).toBe(
      'Card payment held: taken only when you accept',
    );
    for (const status of ['held', 'released', 'refunded'] as const) {
      expect(paymentInWords({ status, ...upi }, 'carKeeper')).not.toMatch(/your (UPI|bank) account/);
    }
  });

  it('keeps the card checkout’s words for Stripe and for payments from before providers were named', () => {
    expect(paymentInWords({ status: 'held', provider: 'stripe' }, 'renter')).toBe(
      'Card payment held: taken only when the request is accepted',
    );
    expect(paymentInWords({ status: 'captured' }, 'renter')).toBe('Paid by card');
  });
});
