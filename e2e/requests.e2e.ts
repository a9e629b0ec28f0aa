import { expect } from '@playwright/test';
import { test } from './support/fixtures';
import type { Booking, NewBooking } from '#domain/contract';
import { formatIndiaTime } from '#domain/india-time';
import { addCarThroughApi, registerAndSignIn, uniqueName } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { openSession, PHONE_WIDTH } from './support/browser';
import { horizontalOverflow, unexpectedProblems } from './support/page-checks';

const HOUR_MS = 60 * 60 * 1000;

test.describe('Rental requests', () => {
  test('declines a request only after a dialog naming it, says so, and moves it from Awaiting answer to Past', async ({
    browser,
    suiteServer,
  }) => {
    const owner = await openSession(browser, suiteServer.baseURL, PHONE_WIDTH);
    const renter = await openSession(browser, suiteServer.baseURL);
    try {
      await registerAndSignIn(owner.context, 'owner');
      const car = await addCarThroughApi(owner.context, {
        url: '/images/cars/audi-fiesta.svg',
        carname: uniqueName('Decline'),
        description: 'A well-kept car.',
        price: 70,
        city: 'Pune',
        pickupArea: 'Koregaon Park, Lane 5',
      });
      const renterAccount = await registerAndSignIn(renter.context, 'user');
      const from = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 72 * HOUR_MS);
      const request: NewBooking = {
        carName: car.id,
        from: from.toISOString(),
        to: new Date(from.getTime() + 6 * HOUR_MS).toISOString(),
        driver: false,
      };
      const asked = await renter.context.request.post('/api/bookings', { data: request });
      expect(asked.status()).toBe(201);
      const booking = (await asked.json()) as Booking;

      const { page } = owner;
      await page.goto('/get/requests');
      await expect(page.getByRole('tab', { name: 'Awaiting answer', selected: true })).toBeVisible();
      const item = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: car.carname });
      await expect(item.getByText(`Renter: ${renterAccount.username}`)).toBeVisible();
      await expect(item).toContainText(`Booking ${booking.number}`);
      await expect(item).toContainText('Pickup: Koregaon Park, Lane 5, Pune');

      await item.getByRole('button', { name: /^Decline/ }).click();
      const dialog = page.getByRole('dialog', {
        name: `Decline ${renterAccount.username}'s request for the ${car.carname}, ${formatIndiaTime(booking.from)} – ${formatIndiaTime(booking.to)}?`,
      });
      await expect(dialog).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      await dialog.getByRole('button', { name: 'Decline request' }).click();

      await expect(page.getByRole('status').filter({ hasText: `Booking ${booking.number} declined.` })).toBeVisible();
      await expect(item).toHaveCount(0);
      await expect(page.getByText('No rental requests are awaiting your answer.')).toBeVisible();

      await page.getByRole('tab', { name: 'Past' }).click();
      await expect(page).toHaveURL('/get/requests?tab=past');
      await expect(item.getByText('declined', { exact: true })).toBeVisible();
      await expect(item.getByRole('button')).toHaveCount(0);
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      const renterView = await renter.context.request.get('/api/bookings?status=declined,cancelled,expired');
      expect(((await renterView.json()) as { data: Booking[] }).data.map(({ id }) => id)).toContain(booking.id);
      expect(unexpectedProblems(owner.problems)).toEqual([]);
    } finally {
      await owner.context.close();
      await renter.context.close();
    }
  });
});
