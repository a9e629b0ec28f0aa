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

  test('folds the top bar into the menu and shows the whole home search in the first screen', async ({
    browser,
    suiteServer,
  }) => {
    const { context, page, problems } = await openSession(browser, suiteServer.baseURL, PHONE_WIDTH);
    try {
      await page.goto('/layout/home');
      const banner = page.getByRole('banner');
      await expect(banner.getByRole('button', { name: 'Menu' })).toBeVisible();
      // Where and when we work and the call request no longer take 129 px over every page.
      await expect(banner.getByRole('button', { name: 'Request a call' })).toBeHidden();
      expect((await settledBox(banner)).height).toBeLessThanOrEqual(70);

      const find = page.getByRole('button', { name: 'Find Car' });
      const findBox = await settledBox(find);
      expect(findBox.y + findBox.height).toBeLessThanOrEqual(page.viewportSize()?.height ?? 0);
      await expect(page.getByLabel('From address')).toBeVisible();
      await expect(page.getByLabel(/To address/)).toHaveCount(0);

      await banner.getByRole('button', { name: 'Menu' }).click();
      const menu = page.locator('#main-navigation');
      // Tapped while the menu still slides open, the button is first scrolled into the growing
      // menu's clipped box and then slides under the pointer, so the tap lands beside it.
      await expect(menu).toHaveClass(/\bcollapse show\b/);
      const call = menu.getByRole('button', { name: 'Request a call' });
      await expect(call).toBeVisible();
      await expect(menu.getByText('10am - 7pm')).toBeVisible();
      await call.click();
      await expect(page.getByRole('dialog', { name: 'Request a call' })).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(unexpectedProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("keeps the car page's total and Book in sight at the foot of the screen until the checkout is", async ({
    browser,
    suiteServer,
  }) => {
    const { context, page, problems } = await openSession(browser, suiteServer.baseURL, PHONE_WIDTH);
    try {
      await page.goto('/cars/Tata%20Nexon%20EV');
      const bar = page.getByRole('region', { name: 'Book this car' });
      await expect(bar).toBeVisible();
      const barBox = await settledBox(bar);
      const viewport = page.viewportSize()?.height ?? 0;
      expect(barBox.y + barBox.height).toBeCloseTo(viewport, 0);
      // The checkout's own total, as its Total Amount shows it.
      const checkoutTotal = page.getByRole('group', { name: 'Total Amount' }).locator('.fs-3');
      await expect(bar).toContainText((await checkoutTotal.textContent()) ?? 'no total');

      await bar.getByRole('button', { name: 'Book' }).click();
      await expect(page.getByRole('heading', { name: 'Check Out', level: 2 })).toBeInViewport();
      await expect(bar).toBeHidden();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(unexpectedProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('shows no Book bar at 1280 px, where the checkout stands beside the details', async ({ page, problems }) => {
    await page.goto('/cars/Tata%20Nexon%20EV');
    await expect(page.getByRole('group', { name: 'Total Amount' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Book this car' })).toBeHidden();
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
