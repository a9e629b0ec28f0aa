import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Booking, ListAnswer, NewBooking } from '#domain/contract';
import { addCarThroughApi, newAccount, registerAndSignIn, uniqueName } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { launchBrowser, openSession } from './support/browser';
import { horizontalOverflow } from './support/page-checks';
import { saveScreenshotsAtBothWidths } from './support/screenshots';

const baseURL = inject('baseURL');
const HOUR_MS = 60 * 60 * 1000;
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** An owner's card in the Your Cars list, found by its heading. */
const ownerCard = (page: Page, carName: string) =>
  page.locator('.card').filter({ has: page.getByRole('heading', { name: carName, exact: true }) });

async function addCarThroughForm(page: Page, car: { name: string; price: number }): Promise<void> {
  await page.getByRole('link', { name: 'Add Cars' }).first().click();
  await page.getByRole('heading', { name: 'Add Your Car', level: 1 }).waitFor();
  await page.getByLabel('Picture address').fill('/images/cars/nissan-mercielago.svg');
  await page.getByLabel('Car Name').fill(car.name);
  await page.getByLabel('Any Description').fill('Serviced last month; non-smoking; a phone holder on the dashboard.');
  await page.getByLabel('Price').fill(String(car.price));
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.waitForURL(`${baseURL}/get/cars`);
}

describe('an owner', () => {
  it('registers, lists and edits a car, deletes two at once, and accepts a renter’s request', async () => {
    const { context, page, problems } = await openSession(browser, baseURL);
    const renterSession = await openSession(browser, baseURL);
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
      await page.getByRole('status').filter({ hasText: 'Account created. Taking you to sign in…' }).waitFor();
      // Straight to the owner's tab with the new email filled in (and not in the address): the first sign-in works.
      await page.waitForURL(`${baseURL}/login?tab=owner`);
      await page.getByRole('tab', { name: 'Become an owner', selected: true }).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(owner.email);
      await page.getByLabel('Password').fill(owner.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(`${baseURL}/get/cars`);
      await page.getByText('No cars yet').waitFor();

      const kept = { name: `Nissan of ${owner.username}`, price: 1500 };
      await addCarThroughForm(page, kept);
      const keptCard = ownerCard(page, kept.name);
      await keptCard.getByText(`Rs.${kept.price} Only/- per hour`, { exact: true }).waitFor();

      await page.goto('/layout/cars');
      const listed = page.locator('.card').filter({ has: page.getByRole('heading', { name: kept.name, exact: true }) });
      await listed.waitFor();
      expect(await listed.textContent()).toContain(`${rupees.format(kept.price)} / hour`);
      expect(await listed.textContent()).toContain(`Listed by ${owner.username}`);

      await page.goto('/get/cars');
      await keptCard.getByRole('link', { name: `Edit ${kept.name}` }).click();
      await page.getByRole('heading', { name: 'Edit your Car Details', level: 1 }).waitFor();
      expect(await page.getByLabel('Car Name').inputValue()).toBe(kept.name);
      kept.price = 1750;
      await page.getByLabel('Price').fill(String(kept.price));
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(`${baseURL}/get/cars`);
      await keptCard.getByText(`Rs.${kept.price} Only/- per hour`, { exact: true }).waitFor();

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
      for (const carname of doomed) await ownerCard(page, carname).waitFor();
      expect(await page.getByRole('button', { name: 'DELETE SELECTED' }).count()).toBe(0);
      for (const carname of doomed) await page.getByRole('checkbox', { name: `Delete ${carname}` }).check();
      await page.getByRole('button', { name: 'DELETE SELECTED' }).click();
      await page
        .getByRole('dialog', { name: /^Delete 2 cars: / })
        .getByRole('button', { name: 'Delete 2 cars' })
        .click();
      for (const carname of doomed) await ownerCard(page, carname).waitFor({ state: 'detached' });
      await page.reload();
      await keptCard.waitFor();
      for (const carname of doomed) expect(await ownerCard(page, carname).count()).toBe(0);

      // A renter asks for the kept car for five hours, starting tomorrow.
      const renter = await registerAndSignIn(renterSession.context, 'user');
      const from = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 24 * HOUR_MS);
      const request: NewBooking = {
        carName: kept.name,
        from: from.toISOString(),
        to: new Date(from.getTime() + 5 * HOUR_MS).toISOString(),
        driver: false,
      };
      const asked = await renterSession.context.request.post('/api/bookings', { data: request });
      expect(asked.status()).toBe(201);

      await page.goto('/get/requests');
      await page.getByRole('heading', { name: 'Rental requests', level: 1 }).waitFor();
      const requestItem = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: kept.name });
      await requestItem.waitFor();
      expect(await requestItem.textContent()).toContain(`Renter: ${renter.username}`);
      expect(await requestItem.textContent()).toContain('requested');
      expect(await requestItem.textContent()).toContain(rupees.format(5 * kept.price));
      await requestItem.getByRole('button', { name: /^Accept/ }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^Booking WOW-\d+ accepted\.$/ })
        .waitFor();
      // Answered, the request leaves Awaiting answer for Accepted.
      await requestItem.waitFor({ state: 'detached' });
      await page.getByRole('tab', { name: 'Accepted' }).click();
      await requestItem.getByText('accepted', { exact: true }).waitFor();
      expect(await requestItem.getByRole('button', { name: /^Accept/ }).count()).toBe(0);

      await page.reload();
      await requestItem.getByText('accepted', { exact: true }).waitFor();
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
