import { expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import type { BookingReceipt } from '#domain/contract';
import { formatIndiaTime } from '#domain/india-time';
import {
  acceptThroughApi,
  addCarThroughApi,
  registerAndSignIn,
  requestThroughApi,
  uniqueName,
  wholeHourIn,
} from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { openSession, PHONE_WIDTH } from './support/browser';
import { accountToggle } from './support/header';
import { horizontalOverflow } from './support/page-checks';
import { saveScreenshotsAtBothWidths } from './support/screenshots';

/** The spec's surcharge for a driver, per hour, in rupees. */
const DRIVER_PER_HOUR = 30;
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

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

async function historyShown(page: Page): Promise<string[]> {
  const items = await page.getByRole('list', { name: 'Status history' }).getByRole('listitem').all();
  return Promise.all(items.map(async (item) => ((await item.textContent()) ?? '').trim()));
}

test.describe('a booking’s receipt', () => {
  test('shows the breakdown that the server computed, the payment, the history and, once accepted, who to call', async ({
    browser,
    suiteServer,
  }) => {
    const owner = await openSession(browser, suiteServer.baseURL);
    const renter = await openSession(browser, suiteServer.baseURL);
    try {
      const ownerPhone = (await registerAndSignIn(owner.context, 'owner')).phone;
      const ownerName = (await (await owner.context.request.get('/api/session')).json()) as { user: { username: string } };
      const car = await addCarThroughApi(owner.context, {
        url: '/images/cars/audi-fiesta.svg',
        carname: uniqueName('Receipt Ciaz '),
        description: 'Kept for a receipt.',
        price: 1234,
        // Paid at pickup: with card payments on, only such a car takes a request sent unpaid.
        payAtPickup: true,
      });
      const renterAccount = await registerAndSignIn(renter.context, 'user');

      // Seven hours with a driver, starting at a whole hour two days ahead.
      const booking = await requestThroughApi(renter.context, car, { from: wholeHourIn(48), hours: 7, driver: true });
      await acceptThroughApi(owner.context, suiteServer.baseURL, booking);

      const { page, problems } = renter;
      await page.goto('/bookings');
      const item = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: car.carname });
      await expect(item.getByText(`Booking ${booking.number}`)).toBeVisible();
      await item.getByRole('link', { name: `Receipt of booking ${booking.number}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Booking ${booking.number}` })).toBeVisible();
      await expect(page).toHaveURL(`/bookings/${booking.id}`);
      expect(await page.title()).toBe(`WheelsOnWeb - Booking ${booking.number}`);

      const answer = (await (await renter.context.request.get(`/api/bookings/${booking.id}`)).json()) as BookingReceipt;
      expect(answer).toMatchObject({ number: booking.number, hours: 7, driver: true, pricePerHour: 1234, status: 'accepted' });
      expect(answer.hours * answer.pricePerHour + answer.hours * DRIVER_PER_HOUR).toBe(answer.total);
      await expect
        .poll(() => breakdownRows(page))
        .toEqual([
          [`${answer.hours} hours × ${rupees.format(answer.pricePerHour)}`, rupees.format(answer.hours * answer.pricePerHour)],
          [`Driver: ${answer.hours} hours × ${rupees.format(DRIVER_PER_HOUR)}`, rupees.format(answer.hours * DRIVER_PER_HOUR)],
          ['Total', rupees.format(answer.total)],
        ]);
      await expect(page.getByText(`${formatIndiaTime(answer.from)} – ${formatIndiaTime(answer.to)} (India time)`)).toBeVisible();
      expect(answer.payment.status).toBe('none');
      await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Not paid: sent without a card payment');
      await expect
        .poll(() => historyShown(page))
        .toEqual(answer.history.map(({ status, at }) => `${status} ${formatIndiaTime(at)} (India time)`));
      expect(answer.history.map(({ status }) => status)).toEqual(['requested', 'accepted']);

      const contacts = page.getByRole('region', { name: 'Who to call' });
      expect(answer.contacts).toEqual({ carKeeper: { name: ownerName.user.username, phone: ownerPhone } });
      await expect(contacts).toContainText(ownerName.user.username);
      await expect(contacts.getByRole('link', { name: ownerPhone })).toHaveAttribute(
        'href',
        `tel:${ownerPhone.replace(/ /g, '')}`,
      );

      await page.screenshot({ path: '/tmp/receipt.png', fullPage: true });
      await page.emulateMedia({ media: 'print' });
      await page.screenshot({ path: '/tmp/receipt-print.png', fullPage: true });
      // On paper: the receipt, without the controls, the way back or who is signed in.
      await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
      await expect(page.getByRole('link', { name: '← My bookings' })).toBeHidden();
      await expect(accountToggle(page, renterAccount.username)).toBeHidden();
      await expect(page.getByRole('table', { name: 'Price' })).toBeVisible();
      await page.emulateMedia({ media: 'screen' });

      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshotsAtBothWidths(page, 'journey-receipt');
      expect(page.viewportSize()?.width).toBe(PHONE_WIDTH);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(problems.pageErrors).toEqual([]);

      await owner.page.goto(`/bookings/${booking.id}`);
      const ownersContacts = owner.page.getByRole('region', { name: 'Who to call' });
      await expect(ownersContacts).toBeVisible();
      await expect(ownersContacts).toContainText(renterAccount.username);
      await expect(ownersContacts.getByRole('link', { name: renterAccount.email })).toHaveAttribute(
        'href',
        `mailto:${renterAccount.email}`,
      );
      await expect(owner.page.getByRole('link', { name: ownerPhone })).toHaveCount(0);
      expect(owner.problems.pageErrors).toEqual([]);
    } finally {
      await renter.context.close();
      await owner.context.close();
    }
  });
});
