import { expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import type { Booking, ListAnswer, NewBooking } from '#domain/contract';
import { formatRupees } from '#domain/money';
import { addCarThroughApi, newAccount, registerAndSignIn, uniqueName } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { openSession } from './support/browser';
import { horizontalOverflow } from './support/page-checks';
import { saveScreenshotsAtBothWidths } from './support/screenshots';

const HOUR_MS = 60 * 60 * 1000;
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** An owner's card in the Your Cars list, found by its heading. */
const ownerCard = (page: Page, carName: string) =>
  page.locator('.card').filter({ has: page.getByRole('heading', { name: carName, exact: true }) });

async function addCarThroughForm(page: Page, car: { name: string; price: number }): Promise<void> {
  await page.getByRole('link', { name: 'Add Cars' }).first().click();
  await expect(page.getByRole('heading', { name: 'Add Your Car', level: 1 })).toBeVisible();
  await page.getByLabel('Picture address').fill('/images/cars/nissan-mercielago.svg');
  await page.getByLabel('Car Name').fill(car.name);
  await page.getByLabel('Any Description').fill('Serviced last month; non-smoking; a phone holder on the dashboard.');
  await page.getByLabel('Price', { exact: true }).fill(String(car.price));
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL('/get/cars');
}

test.describe('an owner', () => {
  test('registers, lists and edits a car, deletes two at once, and accepts a renter’s request', async ({
    browser,
    suiteServer,
  }) => {
    const { context, page, problems } = await openSession(browser, suiteServer.baseURL);
    const renterSession = await openSession(browser, suiteServer.baseURL);
    try {
      const owner = newAccount('owner');
      await page.goto('/signup');
      await page.getByRole('tab', { name: 'Owner' }).click();
      await page.getByLabel('Username').fill(owner.username);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Phone Number').fill('+91 98765 43210');
      await page.getByLabel('Country').fill('India');
      await page.getByLabel('Password', { exact: true }).fill(owner.password);
      await page.getByLabel('Confirm Password').fill(owner.password);
      await page.getByRole('button', { name: 'Register' }).click();
      // Registering signs the owner in, straight on to their cars.
      await expect(page).toHaveURL('/get/cars');
      await expect(page.getByText('No cars yet')).toBeVisible();

      const kept = { name: `Nissan of ${owner.username}`, price: 1500 };
      await addCarThroughForm(page, kept);
      const keptCard = ownerCard(page, kept.name);
      await expect(keptCard.getByText(`${formatRupees(kept.price)} / hour`, { exact: true })).toBeVisible();

      await page.goto('/layout/cars');
      const listed = page.locator('.card').filter({ has: page.getByRole('heading', { name: kept.name, exact: true }) });
      await expect(listed).toBeVisible();
      await expect(listed).toContainText(`${rupees.format(kept.price)} / hour`);
      await expect(listed).toContainText(`Listed by ${owner.username}`);

      await page.goto('/get/cars');
      await keptCard.getByRole('link', { name: `Edit ${kept.name}` }).click();
      await expect(page.getByRole('heading', { name: 'Edit your Car Details', level: 1 })).toBeVisible();
      await expect(page.getByLabel('Car Name')).toHaveValue(kept.name);
      kept.price = 1750;
      await page.getByLabel('Price', { exact: true }).fill(String(kept.price));
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL('/get/cars');
      await expect(keptCard.getByText(`${formatRupees(kept.price)} / hour`, { exact: true })).toBeVisible();

      const doomed = [uniqueName('Old hatchback '), uniqueName('Spare sedan ')];
      for (const carname of doomed) {
        await addCarThroughApi(context, {
          url: '/images/cars/audi-fiesta.svg',
          carname,
          description: 'To be removed.',
          price: 600,
        });
      }
      await page.reload();
      for (const carname of doomed) await expect(ownerCard(page, carname)).toBeVisible();
      await expect(page.getByRole('button', { name: 'DELETE SELECTED' })).toHaveCount(0);
      for (const carname of doomed) await page.getByRole('checkbox', { name: `Delete ${carname}` }).check();
      await page.getByRole('button', { name: 'DELETE SELECTED' }).click();
      await page
        .getByRole('dialog', { name: /^Delete 2 cars: / })
        .getByRole('button', { name: 'Delete 2 cars' })
        .click();
      for (const carname of doomed) await expect(ownerCard(page, carname)).toHaveCount(0);
      await page.reload();
      await expect(keptCard).toBeVisible();
      for (const carname of doomed) await expect(ownerCard(page, carname)).toHaveCount(0);

      // A renter asks for the kept car for five hours, starting tomorrow.
      const renter = await registerAndSignIn(renterSession.context, 'user');
      const from = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 24 * HOUR_MS);
      const request: NewBooking = {
        carName: kept.name,
        from: from.toISOString(),
        to: new Date(from.getTime() + 5 * HOUR_MS).toISOString(),
        driver: false,
        // Card payments are on: a request carries a payment (the stand-in's test card).
        paymentToken: 'tok_visa',
      };
      const asked = await renterSession.context.request.post('/api/bookings', { data: request });
      expect(asked.status()).toBe(201);

      await page.goto('/get/requests');
      await expect(page.getByRole('heading', { name: 'Rental requests', level: 1 })).toBeVisible();
      const requestItem = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: kept.name });
      await expect(requestItem).toBeVisible();
      await expect(requestItem).toContainText(`Renter: ${renter.username}`);
      await expect(requestItem).toContainText('requested');
      await expect(requestItem).toContainText(rupees.format(5 * kept.price));
      await requestItem.getByRole('button', { name: /^Accept/ }).click();
      await expect(page.getByRole('status').filter({ hasText: /^Booking WOW-\d+ accepted\.$/ })).toBeVisible();
      // Answered, the request leaves Awaiting answer for Accepted.
      await expect(requestItem).toHaveCount(0);
      await page.getByRole('tab', { name: 'Accepted' }).click();
      await expect(requestItem.getByText('accepted', { exact: true })).toBeVisible();
      await expect(requestItem.getByRole('button', { name: /^Accept/ })).toHaveCount(0);

      await page.reload();
      await expect(requestItem.getByText('accepted', { exact: true })).toBeVisible();
      await saveScreenshotsAtBothWidths(page, 'journey-rental-requests');
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      const renterView = (await (await renterSession.context.request.get('/api/bookings')).json()) as ListAnswer<Booking>;
      expect(renterView.data.find((booking) => booking.car.carName === kept.name)?.status).toBe('accepted');
      expect(problems.pageErrors).toEqual([]);
    } finally {
      await renterSession.context.close();
      await context.close();
    }
  });
});
