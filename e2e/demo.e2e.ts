import { expect, type Page } from '@playwright/test';
import type { Booking, ListAnswer, PublicConfig } from '#domain/contract';
import { registerAndSignIn } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { DESKTOP_WIDTH, openSession, PHONE_WIDTH } from './support/browser';
import { test } from './support/fixtures';
import { startServerOnCopyOfBuild, type RunningServer } from './support/server';

const HOUR_MS = 60 * 60 * 1000;
const BANNER = 'Demo payments: no real money moves';
const FLEET_CAR = 'Maruti Dzire';

let server: RunningServer;

test.beforeAll(async () => {
  // A server's first start in a run may build the app.
  test.setTimeout(120_000);
  server = await startServerOnCopyOfBuild({ demo: true });
});
test.afterAll(async () => {
  await server?.stop();
});

/** A fleet car's page with two hours picked, `daysAhead` days from now at a whole hour: a period no other test of this file takes. */
async function openCarWithPeriod(page: Page, daysAhead: number): Promise<void> {
  const from = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + daysAhead * 24 * HOUR_MS);
  const to = new Date(from.getTime() + 2 * HOUR_MS);
  await page.goto(`/cars/${FLEET_CAR}?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`);
  await expect(page.getByRole('note').filter({ hasText: BANNER })).toBeVisible();
}

async function myBookings(page: Page): Promise<Booking[]> {
  return ((await (await page.context().request.get('/api/bookings')).json()) as ListAnswer<Booking>).data;
}

test.describe('the demo checkout end to end', () => {
  test('a card is held with 4242 4242 4242 4242 after 4000 0000 0000 0002 is declined, on a phone', async ({ browser }) => {
    const { context, page, problems } = await openSession(browser, server.baseURL, PHONE_WIDTH);
    try {
      const config = (await (await context.request.get('/api/config')).json()) as PublicConfig;
      expect(config.demo).toBe(true);
      await registerAndSignIn(context, 'user');
      await openCarWithPeriod(page, 2);

      const payByCard = async (number: string) => {
        await page.getByRole('button', { name: 'Pay with an international card' }).click();
        const checkout = page.getByRole('dialog', { name: 'Demo card checkout' });
        await expect(checkout.getByRole('note').filter({ hasText: BANNER })).toBeVisible();
        await checkout.getByRole('textbox', { name: 'Card number' }).fill(number);
        await checkout.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/34');
        await checkout.getByRole('textbox', { name: 'CVC' }).fill('123');
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        await checkout.getByRole('button', { name: /^Hold ₹/ }).click();
        await expect(checkout).toHaveCount(0);
      };

      await payByCard('4000 0000 0000 0002');
      await expect(page.getByRole('alert')).toHaveText('The card payment was refused: Your card was declined.');
      expect(await myBookings(page)).toEqual([]);

      await payByCard('4242 4242 4242 4242');
      await expect(page.getByRole('status').filter({ hasText: 'Booking requested' })).toBeVisible();
      await expect(page.getByRole('note').filter({ hasText: BANNER })).toBeVisible();
      const [booking] = await myBookings(page);
      expect(booking?.payment).toMatchObject({ status: 'held', provider: 'stripe' });
      // The browser logs the declined request's answer; nothing else went wrong.
      expect(problems).toEqual({
        consoleErrors: [expect.stringMatching(/status of 402 .*\/api\/bookings/)],
        consoleWarnings: [],
        pageErrors: [],
        dialogs: [],
      });
    } finally {
      await context.close();
    }
  });

  test('UPI pays with success@razorpay after failure@razorpay fails, on a desktop', async ({ browser }) => {
    const { context, page, problems } = await openSession(browser, server.baseURL, DESKTOP_WIDTH);
    try {
      await registerAndSignIn(context, 'user');
      await openCarWithPeriod(page, 3);

      await page.getByRole('button', { name: 'Pay with UPI, card or netbanking' }).click();
      const checkout = page.getByRole('dialog', { name: 'Demo UPI checkout' });
      await expect(checkout.getByRole('note').filter({ hasText: BANNER })).toBeVisible();
      const upiId = checkout.getByRole('textbox', { name: 'UPI ID' });
      const pay = checkout.getByRole('button', { name: /^Pay ₹/ });

      await upiId.fill('failure@razorpay');
      await pay.click();
      await expect(checkout.getByRole('alert')).toHaveText('Payment failed');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(await myBookings(page)).toEqual([]);

      await upiId.fill('success@razorpay');
      await pay.click();
      await expect(checkout).toHaveCount(0);
      await expect(page.getByRole('status').filter({ hasText: 'Booking requested' })).toBeVisible();
      const [booking] = await myBookings(page);
      expect(booking?.payment).toMatchObject({ status: 'held', provider: 'razorpay', method: 'upi' });
      // The browser logs the failed payment's answer; nothing else went wrong.
      expect(problems).toEqual({
        consoleErrors: [expect.stringMatching(/status of 400 .*\/demo-providers\/razorpay\//)],
        consoleWarnings: [],
        pageErrors: [],
        dialogs: [],
      });
    } finally {
      await context.close();
    }
  });
});
