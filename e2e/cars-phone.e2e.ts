import { expect, type Locator } from '@playwright/test';
import { test } from './support/fixtures';
import { seriousAccessibilityViolations } from './support/axe';
import { openSession, PHONE_WIDTH } from './support/browser';
import { horizontalOverflow, unexpectedProblems } from './support/page-checks';

/** The element's box once it has one: none means its element was swapped while being measured. */
async function settledBox(locator: Locator): Promise<NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>> {
  let box: Awaited<ReturnType<Locator['boundingBox']>> = null;
  await expect(async () => {
    box = await locator.boundingBox();
    expect(box, `${locator} has a box`).not.toBeNull();
  }).toPass({ timeout: 5_000 });
  return box!;
}

test.describe('the Cars page on a phone (375 × 812)', () => {
  test('shows the first car without scrolling, and its filters in a sheet that applies them and counts them', async ({
    browser,
    suiteServer,
  }) => {
    const { context, page, problems } = await openSession(browser, suiteServer.baseURL, PHONE_WIDTH);
    try {
      await page.goto('/layout/cars');
      await expect(page.getByRole('heading', { name: 'Car Listing', level: 1 })).toBeVisible();
      const firstCard = page.locator('.card').first();
      await expect(firstCard).toBeVisible();

      // Above the fold as the page opens: the card starts within the first screen. The box is
      // asked until there is one: hydration and the fleet's arrival may swap the card's element
      // between finding it and measuring it, which reads as no box at all.
      const viewport = page.viewportSize();
      const box = await settledBox(firstCard);
      expect(await page.evaluate('window.scrollY')).toBe(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(viewport?.height ?? 0);

      // The filters wait behind the button; the sort stays in sight.
      await expect(page.getByLabel('Max price per hour')).toBeHidden();
      await expect(page.getByLabel('Sort by price')).toBeVisible();
      const open = page.getByRole('button', { name: 'Filters', exact: true });
      expect((await settledBox(open)).height).toBeGreaterThanOrEqual(44);
      await open.click();

      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await expect(sheet).toBeVisible();
      await sheet.getByLabel('Max price per hour').fill('50');
      await sheet.getByLabel('Transmission').selectOption({ label: 'Manual' });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await Promise.all([
        page.waitForResponse((response) => response.url().includes('/api/cars?') && response.url().includes('maxPrice=50')),
        sheet.getByRole('button', { name: 'Apply filters' }).click(),
      ]);

      await expect(sheet).toBeHidden();
      await expect(page.getByRole('button', { name: 'Filters (2)', exact: true })).toBeVisible();
      const url = new URL(page.url());
      expect(url.searchParams.get('maxPrice')).toBe('50');
      expect(url.searchParams.get('transmission')).toBe('manual');
      await expect(page.getByRole('status').filter({ hasText: /cars? match(es)? your filters/ })).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(unexpectedProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('keeps the filters in sight beside the list at 1280 px, with no Filters button', async ({ page, problems }) => {
    await page.goto('/layout/cars');
    await expect(page.getByRole('heading', { name: 'Car Listing', level: 1 })).toBeVisible();
    const filters = page.getByRole('form', { name: 'Filter cars' });
    await expect(filters.getByLabel('Max price per hour')).toBeVisible();
    await expect(filters.getByLabel('Available from')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden();
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
