import { expect } from '@playwright/test';
import { test } from './support/fixtures';
import type { Booking, NewBooking } from '#domain/contract';
import { addCarThroughApi, registerAndSignIn, uniqueName } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { openSession } from './support/browser';
import { accountToggle, openAccountMenu } from './support/header';
import { mailInOutbox } from './support/outbox';
import { unexpectedProblems } from './support/page-checks';

const HOUR_MS = 60 * 60 * 1000;

test.describe('Hearing about a booking', () => {
  test("shows the owner a badge and a mail for a renter's request, and the renter a badge for its answer until they open their bookings", async ({
    browser,
    suiteServer,
  }) => {
    const owner = await openSession(browser, suiteServer.baseURL);
    const renter = await openSession(browser, suiteServer.baseURL);
    try {
      const ownerAccount = await registerAndSignIn(owner.context, 'owner');
      const car = await addCarThroughApi(owner.context, {
        url: '/images/cars/audi-fiesta.svg',
        carname: uniqueName('Badge'),
        description: 'A well-kept car.',
        price: 55,
        // Paid at pickup: with card payments on, only such a car takes a request sent unpaid.
        payAtPickup: true,
      });
      const renterAccount = await registerAndSignIn(renter.context, 'user');

      const ownerMenu = accountToggle(owner.page, ownerAccount.username);
      await owner.page.goto('/layout/home');
      await expect(owner.page.getByRole('button', { name: `Signed in as ${ownerAccount.username}`, exact: true })).toBeVisible();

      const from = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 48 * HOUR_MS);
      const request: NewBooking = {
        carName: car.id,
        from: from.toISOString(),
        to: new Date(from.getTime() + 4 * HOUR_MS).toISOString(),
        driver: false,
      };
      const asked = await renter.context.request.post('/api/bookings', { data: request });
      expect(asked.status()).toBe(201);
      expect(((await asked.json()) as Booking).status).toBe('requested');

      // The header asks every minute and when the tab comes back; a reload stands for the owner returning.
      await owner.page.reload();
      // The badge shows on the closed menu's button, which names what it counts.
      await expect(
        owner.page.getByRole('button', { name: `Signed in as ${ownerAccount.username}, 1 rental request awaiting your answer` }),
      ).toBeVisible();
      await expect(ownerMenu).toHaveText(`${ownerAccount.username} 1`);
      // Its name says what it shows, in that order, for people who speak to their browser.
      expect(await seriousAccessibilityViolations(owner.page)).toEqual([]);
      const awaiting = (await openAccountMenu(owner.page, ownerAccount.username)).getByRole('link', {
        name: 'Rental requests, 1 awaiting your answer',
      });
      await expect(awaiting).toHaveText('Rental requests1');
      const ownerMail = await mailInOutbox(suiteServer.dataDir, ownerAccount.email, `New rental request: ${car.carname}`);
      expect(ownerMail.text).toContain('/get/requests');

      await awaiting.click();
      await expect(owner.page).toHaveURL(/\/get\/requests$/);
      const item = owner.page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: car.carname });
      await item.getByRole('button', { name: /^Accept/ }).click();
      // Nothing was paid: the owner confirms that the renter pays at pickup.
      await owner.page.getByRole('dialog').getByRole('button', { name: 'Accept unpaid request' }).click();
      await expect(owner.page.getByRole('status').filter({ hasText: /^Booking WOW-\d+ accepted\.$/ })).toBeVisible();
      await owner.page.goto('/layout/home');
      await expect(owner.page.getByRole('button', { name: `Signed in as ${ownerAccount.username}`, exact: true })).toBeVisible();

      await renter.page.goto('/layout/home');
      await expect(
        renter.page.getByRole('button', { name: `Signed in as ${renterAccount.username}, 1 booking updated` }),
      ).toBeVisible();
      const updated = (await openAccountMenu(renter.page, renterAccount.username)).getByRole('link', {
        name: 'My bookings, 1 booking updated',
      });
      await expect(updated).toHaveText('My bookings1');
      await updated.click();
      await expect(renter.page.getByRole('heading', { name: 'My bookings', level: 1 })).toBeVisible();
      await expect(renter.page.getByText(car.carname).first()).toBeVisible();
      await renter.page.goto('/layout/home');
      await expect(
        renter.page.getByRole('button', { name: `Signed in as ${renterAccount.username}`, exact: true }),
      ).toBeVisible();
      const seen = (await openAccountMenu(renter.page, renterAccount.username)).getByRole('link', { name: 'My bookings' });
      await expect(seen).toHaveText('My bookings');

      expect(unexpectedProblems(owner.problems)).toEqual([]);
      expect(unexpectedProblems(renter.problems)).toEqual([]);
    } finally {
      await owner.context.close();
      await renter.context.close();
    }
  });
});
