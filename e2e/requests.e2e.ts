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
        // Paid at pickup: with card payments on, only such a car takes a request sent unpaid.
        payAtPickup: true,
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

  test('shows the owner overlapping requests before Accept, which were declined with it, and a decline reason the renter reads', async ({
    browser,
    suiteServer,
  }) => {
    const owner = await openSession(browser, suiteServer.baseURL);
    const renter = await openSession(browser, suiteServer.baseURL, PHONE_WIDTH);
    const rival = await openSession(browser, suiteServer.baseURL);
    try {
      await registerAndSignIn(owner.context, 'owner');
      const car = await addCarThroughApi(owner.context, {
        url: '/images/cars/audi-fiesta.svg',
        carname: uniqueName('Overlap'),
        description: 'A well-kept car.',
        price: 70,
        // Paid at pickup: with card payments on, only such a car takes a request sent unpaid.
        payAtPickup: true,
        city: 'Pune',
        pickupArea: 'Koregaon Park, Lane 5',
      });
      await registerAndSignIn(renter.context, 'user');
      await registerAndSignIn(rival.context, 'user');
      const start = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 96 * HOUR_MS;
      const ask = async (session: typeof renter, fromHour: number, hours: number) => {
        const from = new Date(start + fromHour * HOUR_MS);
        const request: NewBooking = {
          carName: car.id,
          from: from.toISOString(),
          to: new Date(from.getTime() + hours * HOUR_MS).toISOString(),
          driver: false,
        };
        const asked = await session.context.request.post('/api/bookings', { data: request });
        expect(asked.status()).toBe(201);
        return (await asked.json()) as Booking;
      };
      const chosen = await ask(rival, 0, 6);
      const overlapping = await ask(renter, 4, 6);
      const later = await ask(renter, 48, 4);

      const { page } = owner;
      await page.goto('/get/requests');
      const list = page.getByRole('list', { name: 'Bookings' });
      const itemOf = (booking: Booking) => list.getByRole('listitem').filter({ hasText: `Booking ${booking.number}` });
      await expect(itemOf(chosen)).toContainText(`Overlaps with request ${overlapping.number}: accepting this one declines it.`);
      await expect(itemOf(later)).not.toContainText('Overlaps with');
      await itemOf(chosen)
        .getByRole('button', { name: /^Accept/ })
        .click();
      // Nothing was paid: the owner confirms that the renter pays at pickup.
      await page.getByRole('dialog').getByRole('button', { name: 'Accept unpaid request' }).click();
      await expect(
        page.getByRole('status').filter({
          hasText: `Booking ${chosen.number} accepted. Declined with it, as it overlapped: request ${overlapping.number}.`,
        }),
      ).toBeVisible();
      await expect(itemOf(overlapping)).toHaveCount(0);

      const reason = 'The car is in for servicing that week.';
      await itemOf(later)
        .getByRole('button', { name: /^Decline/ })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: 'Reason (optional)' }).fill(reason);
      await dialog.getByRole('button', { name: 'Decline request' }).click();
      await expect(page.getByRole('status').filter({ hasText: `Booking ${later.number} declined.` })).toBeVisible();

      await renter.page.goto('/bookings?tab=cancelled');
      const renterList = renter.page.getByRole('list', { name: 'Bookings' });
      await expect(renterList.getByRole('listitem').filter({ hasText: `Booking ${later.number}` })).toContainText(reason);
      await expect(renterList.getByRole('listitem').filter({ hasText: `Booking ${overlapping.number}` })).toContainText(
        'Another request for this period was accepted.',
      );
      expect(await horizontalOverflow(renter.page)).toBe(0);
      expect(unexpectedProblems(owner.problems)).toEqual([]);
      expect(unexpectedProblems(renter.problems)).toEqual([]);
    } finally {
      await owner.context.close();
      await renter.context.close();
      await rival.context.close();
    }
  });
});
