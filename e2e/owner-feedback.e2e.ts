import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addCarThroughApi, registerAndSignIn, uniqueName } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { inSession, launchBrowser } from './support/browser';
import { horizontalOverflow, unexpectedProblems } from './support/page-checks';
import { saveScreenshotsAtBothWidths } from './support/screenshots';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** An owner's card in the Your Cars list, found by its heading. */
const ownerCard = (page: Page, carName: string) =>
  page.locator('.card').filter({ has: page.getByRole('heading', { name: carName, exact: true }) });

/** The announced notice that says `text`. */
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe("an owner's actions on their cars", () => {
  it('says a car added through the form is listed, once', async () => {
    await inSession(browser, baseURL, async ({ context, page, problems }) => {
      await registerAndSignIn(context, 'owner');
      const carname = uniqueName('Toyota Aventador ');
      await page.goto('/renting');
      await page.getByLabel('Picture address').fill('/images/cars/nissan-mercielago.svg');
      await page.getByLabel('Car Name').fill(carname);
      await page.getByLabel('Any Description').fill('Serviced last month; non-smoking.');
      await page.getByLabel('Price').fill('90');
      await page.getByRole('button', { name: 'Submit' }).click();

      await page.waitForURL(`${baseURL}/get/cars`);
      const listed = notice(page, `${carname} is listed.`);
      await listed.waitFor();
      await ownerCard(page, carname).waitFor();

      // The notice is news of the add, not of the page: a reload does not say it again.
      await page.reload();
      await ownerCard(page, carname).waitFor();
      expect(await listed.count()).toBe(0);
      expect(unexpectedProblems(problems)).toEqual([]);
    });
  });

  it('asks before deleting two cars, naming them; Cancel keeps them, and confirming deletes them and says so', async () => {
    await inSession(browser, baseURL, async ({ context, page, problems }) => {
      await registerAndSignIn(context, 'owner');
      const kept = uniqueName('Kept sedan ');
      const doomed = [uniqueName('Old hatchback '), uniqueName('Spare sedan ')];
      for (const carname of [kept, ...doomed]) {
        await addCarThroughApi(context, { url: '/images/cars/audi-fiesta.svg', carname, description: 'A car.', price: 60 });
      }
      await page.goto('/get/cars');
      for (const carname of [kept, ...doomed]) await ownerCard(page, carname).waitFor();

      // Select all ticks every car, and unticking it clears them.
      const all = page.getByRole('checkbox', { name: 'Select all' });
      await all.check();
      for (const carname of [kept, ...doomed]) {
        expect(await page.getByRole('checkbox', { name: `Delete ${carname}` }).isChecked()).toBe(true);
      }
      await page.getByText('3 of 3 cars selected').waitFor();
      await all.uncheck();
      expect(await page.getByRole('checkbox', { name: `Delete ${kept}` }).isChecked()).toBe(false);
      await page.getByText('0 of 3 cars selected').waitFor();
      expect(await page.getByRole('button', { name: 'DELETE SELECTED' }).count()).toBe(0);

      for (const carname of doomed) await page.getByRole('checkbox', { name: `Delete ${carname}` }).check();
      await page.getByRole('button', { name: 'DELETE SELECTED' }).click();
      // Named in the list's order, newest first.
      const dialog = page.getByRole('dialog', { name: `Delete 2 cars: ${doomed[1]} and ${doomed[0]}?` });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('Open rental requests for these cars are declined');
      expect(await seriousAccessibilityViolations(page)).toEqual([]);

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      for (const carname of doomed) {
        await ownerCard(page, carname).waitFor();
        expect(await page.getByRole('checkbox', { name: `Delete ${carname}` }).isChecked()).toBe(true);
      }

      await page.getByRole('button', { name: 'DELETE SELECTED' }).click();
      await dialog.getByRole('button', { name: 'Delete 2 cars' }).click();
      await notice(page, '2 cars deleted.').waitFor();
      for (const carname of doomed) await ownerCard(page, carname).waitFor({ state: 'detached' });
      // The whole toolbar, as on a phone it wraps: Select all, the count and DELETE SELECTED.
      await all.check();
      await saveScreenshotsAtBothWidths(page, 'owner-cars-deleted');
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await page.reload();
      await ownerCard(page, kept).waitFor();
      for (const carname of doomed) expect(await ownerCard(page, carname).count()).toBe(0);
      expect(unexpectedProblems(problems)).toEqual([]);
    });
  });
});
