import { expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { addCarThroughApi, registerAndSignIn, uniqueName } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { horizontalOverflow, unexpectedProblems } from './support/page-checks';
import { saveScreenshotsAtBothWidths } from './support/screenshots';

/** An owner's card in the Your Cars list, found by its heading. */
const ownerCard = (page: Page, carName: string) =>
  page.locator('.card').filter({ has: page.getByRole('heading', { name: carName, exact: true }) });

/** The announced notice that says `text`. */
const notice = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe("an owner's actions on their cars", () => {
  test('says a car added through the form is listed, once', async ({ context, page, problems }) => {
    await registerAndSignIn(context, 'owner');
    const carname = uniqueName('Maruti Ertiga ');
    await page.goto('/renting');
    await page.getByLabel('Picture address').fill('/images/cars/nissan-mercielago.svg');
    await page.getByLabel('Car Name').fill(carname);
    await page.getByLabel('Any Description').fill('Serviced last month; non-smoking.');
    await page.getByLabel('Price', { exact: true }).fill('90');
    await page.getByRole('button', { name: 'Submit' }).click();

    await expect(page).toHaveURL('/get/cars');
    const listed = notice(page, `${carname} is listed.`);
    await expect(listed).toBeVisible();
    await expect(ownerCard(page, carname)).toBeVisible();

    // The notice is news of the add, not of the page: a reload does not say it again.
    await page.reload();
    await expect(ownerCard(page, carname)).toBeVisible();
    await expect(listed).toHaveCount(0);
    expect(unexpectedProblems(problems)).toEqual([]);
  });

  test('asks before deleting two cars, naming them; Cancel keeps them, and confirming deletes them and says so', async ({
    context,
    page,
    problems,
  }) => {
    await registerAndSignIn(context, 'owner');
    const kept = uniqueName('Kept sedan ');
    const doomed = [uniqueName('Old hatchback '), uniqueName('Spare sedan ')];
    for (const carname of [kept, ...doomed]) {
      await addCarThroughApi(context, { url: '/images/cars/audi-fiesta.svg', carname, description: 'A car.', price: 60 });
    }
    await page.goto('/get/cars');
    for (const carname of [kept, ...doomed]) await expect(ownerCard(page, carname)).toBeVisible();

    // Select all ticks every car, and unticking it clears them.
    const all = page.getByRole('checkbox', { name: 'Select all' });
    await all.check();
    for (const carname of [kept, ...doomed]) {
      await expect(page.getByRole('checkbox', { name: `Delete ${carname}` })).toBeChecked();
    }
    await expect(page.getByText('3 of 3 cars selected')).toBeVisible();
    await all.uncheck();
    await expect(page.getByRole('checkbox', { name: `Delete ${kept}` })).not.toBeChecked();
    await expect(page.getByText('0 of 3 cars selected')).toBeVisible();
    await expect(page.getByRole('button', { name: 'DELETE SELECTED' })).toHaveCount(0);

    for (const carname of doomed) await page.getByRole('checkbox', { name: `Delete ${carname}` }).check();
    await page.getByRole('button', { name: 'DELETE SELECTED' }).click();
    // Named in the list's order, newest first.
    const dialog = page.getByRole('dialog', { name: `Delete 2 cars: ${doomed[1]} and ${doomed[0]}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Open rental requests for these cars are declined');
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    for (const carname of doomed) {
      await expect(ownerCard(page, carname)).toBeVisible();
      await expect(page.getByRole('checkbox', { name: `Delete ${carname}` })).toBeChecked();
    }

    await page.getByRole('button', { name: 'DELETE SELECTED' }).click();
    await dialog.getByRole('button', { name: 'Delete 2 cars' }).click();
    await expect(notice(page, '2 cars deleted.')).toBeVisible();
    for (const carname of doomed) await expect(ownerCard(page, carname)).toHaveCount(0);
    // The whole toolbar, as on a phone it wraps: Select all, the count and DELETE SELECTED.
    await all.check();
    await saveScreenshotsAtBothWidths(page, 'owner-cars-deleted');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await page.reload();
    await expect(ownerCard(page, kept)).toBeVisible();
    for (const carname of doomed) await expect(ownerCard(page, carname)).toHaveCount(0);
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
