import { expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import type { Booking, BookingReceipt, ListAnswer, PublicConfig } from '#domain/contract';
import { addCarThroughApi, registerAndSignIn, uniqueName } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { openSession } from './support/browser';
import { answerCheckoutWithStandIn } from './support/checkout-stand-in';
import { answerRazorpayCheckoutWithStandIn, razorpayCheckoutsOpened } from './support/razorpay-checkout-stand-in';
import { startServerOnCopyOfBuild, type RunningServer } from './support/server';

const HOUR_MS = 60 * 60 * 1000;
const UPI_BUTTON = 'Pay with UPI, card or netbanking';
const DRIVER_PER_HOUR = 30;
/**
 * Razorpay on, and GST at 18 % for a seller registered in Karnataka: this file's server only, so the
 * car page and totals the other files pin stay as they are.
 */
const GST_ENV = { GST_RATE_BPS: '1800', GSTIN: '29ABCDE1234F1Z5', GST_STATE: 'Karnataka' };
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const paise = (amount: number) => rupees.format(amount / 100);

let server: RunningServer;

test.beforeAll(async () => {
  // A server's first start in a run may build the app.
  test.setTimeout(120_000);
  server = await startServerOnCopyOfBuild({ razorpay: true, env: GST_ENV });
});
test.afterAll(async () => {
  await server?.stop();
});

/** The price table's rows as a person reads them: the line, then its amount. */
async function breakdownRows(page: Page): Promise<string[][]> {
  const rows = await page.getByRole('table', { name: 'Price' }).getByRole('row').all();
  return Promise.all(
    rows.map(async (row) => [
      ((await row.getByRole('rowheader').textContent()) ?? '').trim(),
      ((await row.getByRole('cell').textContent()) ?? '').trim(),
    ]),
  );
}

test.describe('paying by UPI through Razorpay, with GST', () => {
  test('holds the UPI payment at the request, captures it when the owner accepts, and the receipt is a tax invoice', async ({
    browser,
  }) => {
    const { baseURL, razorpay } = server;
    const owner = await openSession(browser, baseURL);
    const renter = await openSession(browser, baseURL);
    try {
      const config = (await (await renter.context.request.get('/api/config')).json()) as PublicConfig;
      expect(config.payments.upi).toEqual({ provider: 'razorpay', keyId: razorpay.keyId });
      expect(config.gst).toMatchObject({ rateBps: 1800, gstin: GST_ENV.GSTIN, state: GST_ENV.GST_STATE });

      await registerAndSignIn(owner.context, 'owner');
      const car = await addCarThroughApi(owner.context, {
        url: '/images/cars/audi-fiesta.svg',
        carname: uniqueName('UPI Ciaz '),
        description: 'Paid for by UPI.',
        price: 1234,
      });
      const renterAccount = await registerAndSignIn(renter.context, 'user');

      // Five hours with a driver, starting at a whole hour two days ahead.
      const from = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 48 * HOUR_MS);
      const to = new Date(from.getTime() + 5 * HOUR_MS);
      const { page, problems } = renter;
      // Cards are on too: the card checkout's script loads beside Razorpay's, from its own stand-in.
      await answerCheckoutWithStandIn(page);
      await answerRazorpayCheckoutWithStandIn(page, razorpay, 'upi');
      const period = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}&driver=1`;
      await page.goto(`/cars/${car.id}?${period}`);

      // 5 × ₹1,234 + 5 × ₹30 = ₹6,320, and CGST and SGST at 9 % each: ₹568.80 twice.
      const total = page.getByRole('group', { name: 'Total Amount' });
      await expect(total.getByText('Total including GST')).toBeVisible();
      await expect(total.getByLabel('GST')).toHaveText(
        'Taxable value₹6,320.00CGST 9%₹568.80SGST 9%₹568.80Total including GST₹7,457.60',
      );
      await page.getByRole('button', { name: UPI_BUTTON }).click();
      const confirmation = page.getByRole('status').filter({ hasText: 'Booking requested' });
      await expect(confirmation).toBeVisible();
      await expect(confirmation).toContainText('UPI payment held: taken only when the owner accepts');
      await expect(confirmation).toContainText('₹7,457.60 including GST');

      const opened = await razorpayCheckoutsOpened(page);
      expect(opened).toHaveLength(1);
      expect(opened[0]).toMatchObject({ key: razorpay.keyId, amount: 745_760, currency: 'INR', email: renterAccount.email });
      const order = razorpay.orders.get(opened[0]?.order_id ?? '');
      expect(order).toMatchObject({ amount: 745_760, currency: 'INR', captureManual: true });

      const mine = (await (await renter.context.request.get('/api/bookings')).json()) as ListAnswer<Booking>;
      const booking = mine.data.find((candidate) => candidate.car.id === car.id);
      expect(booking).toMatchObject({
        status: 'requested',
        total: 6320,
        taxPaise: 113_760,
        amountPaise: 745_760,
        payment: { status: 'held', provider: 'razorpay', method: 'upi', amountPaise: 745_760 },
      });
      if (!booking) throw new Error('the booking was not stored');
      const held = [...razorpay.payments.values()].find((payment) => payment.order_id === order?.id);
      expect(held).toMatchObject({ status: 'authorized', amount: 745_760, method: 'upi' });

      // As the owner's page sends it: a bodiless step names the page it comes from, this site.
      const accepted = await owner.context.request.post(`/api/bookings/${booking.id}/accept`, {
        headers: { origin: new URL(baseURL).origin },
      });
      expect(accepted.status()).toBe(200);
      expect(held?.status).toBe('captured');

      const answer = (await (await renter.context.request.get(`/api/bookings/${booking.id}`)).json()) as BookingReceipt;
      expect(answer).toMatchObject({
        status: 'accepted',
        payment: { status: 'captured', provider: 'razorpay', method: 'upi', amountPaise: 745_760 },
        seller: { gstin: GST_ENV.GSTIN, state: GST_ENV.GST_STATE },
      });
      expect(answer.invoiceNumber).toMatch(/^WOW\/\d{2}-\d{2}\/\d{5}$/);

      await page.goto(`/bookings/${booking.id}`);
      const invoice = page.getByRole('region', { name: `Tax invoice ${answer.invoiceNumber}` });
      await expect(invoice).toBeVisible();
      await expect(invoice).toContainText(`GSTIN${answer.seller?.gstin}`);
      await expect(invoice).toContainText(`State${answer.seller?.state}`);
      await expect
        .poll(() => breakdownRows(page))
        .toEqual([
          [`5 hours × ${rupees.format(answer.pricePerHour)}`, rupees.format(answer.hours * answer.pricePerHour)],
          [`Driver: 5 hours × ${rupees.format(DRIVER_PER_HOUR)}`, rupees.format(answer.hours * DRIVER_PER_HOUR)],
          ['Taxable value', rupees.format(answer.total)],
          ...answer.taxLines.map((line) => [`${line.name} ${line.rateBps / 100}%`, paise(line.paise)]),
          ['Total including GST', paise(answer.amountPaise)],
        ]);
      expect(answer.taxLines.map((line) => line.name)).toEqual(['CGST', 'SGST']);
      await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Paid by UPI');
      await page.screenshot({ path: '/tmp/upi-receipt.png', fullPage: true });
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    } finally {
      await renter.context.close();
      await owner.context.close();
    }
  });
});

test.describe('the pay buttons with both checkouts on', () => {
  test('offer UPI, card or netbanking first, the international card checkout second, and point a card asking for authentication to the first', async ({
    browser,
  }) => {
    const { baseURL, razorpay } = server;
    const renter = await openSession(browser, baseURL);
    try {
      await registerAndSignIn(renter.context, 'user');
      const { page, problems } = renter;
      // A card that asks for an extra authentication step, as most Indian cards do: the provider's stand-in answers requires_action.
      await answerCheckoutWithStandIn(page, { token: 'tok_threeDSecureRequired' });
      await answerRazorpayCheckoutWithStandIn(page, razorpay, 'card');
      await page.goto('/cars/Maruti Dzire');

      const payButtons = page.getByRole('button', { name: /^Pay with/ });
      await expect(payButtons).toHaveText([UPI_BUTTON, 'Pay with an international card']);
      await expect(payButtons.first()).toHaveClass(/\bbtn-primary\b/);
      await expect(payButtons.last()).toHaveClass(/\bbtn-outline-primary\b/);
      await expect(
        page.getByText('For cards issued outside India: most Indian cards need “Pay with UPI, card or netbanking” above.'),
      ).toBeVisible();

      await payButtons.last().click();
      const refusal = page.getByRole('alert');
      await expect(refusal).toContainText(
        'This card asks for an extra authentication step, as most cards issued in India do, which the international card checkout cannot do. Nothing was charged: use “Pay with UPI, card or netbanking” instead',
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await refusal.getByRole('button', { name: 'Pay with UPI, card or netbanking instead' }).click();
      const confirmation = page.getByRole('status').filter({ hasText: 'Booking requested' });
      await expect(confirmation).toBeVisible();
      await expect(confirmation).toContainText('Card payment held: taken only when the owner accepts');
      expect(await razorpayCheckoutsOpened(page)).toHaveLength(1);
      expect(problems.pageErrors).toEqual([]);
      // The refused request is the one failed answer, which Chromium logs.
      expect(problems.consoleErrors).toEqual([expect.stringContaining('status of 402')]);
    } finally {
      await renter.context.close();
    }
  });
});
