import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { seriousAccessibilityViolations } from './support/axe';
import { DESKTOP_WIDTH, launchBrowser, openSession, PHONE_WIDTH } from './support/browser';
import { horizontalOverflow, unexpectedProblems } from './support/page-checks';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** The element's box once it has one: none means its element was swapped while being measured. */
async function settledBox(locator: Locator) {
  for (let tries = 0; tries < 50; tries += 1) {
    const box = await locator.boundingBox();
    if (box) return box;
    await locator.page().waitForTimeout(100);
  }
  throw new Error(`${locator} never settled into a box`);
}

describe('the Cars page on a phone (375 × 812)', () => {
  it('shows the first car without scrolling, and its filters in a sheet that applies them and counts them', async () => {
    const { context, page, problems } = await openSession(browser, baseURL, PHONE_WIDTH);
    try {
      await page.goto('/layout/cars');
      await page.getByRole('heading', { name: 'Car Listing', level: 1 }).waitFor();
      const firstCard = page.locator('.card').first();
      await firstCard.waitFor();

      // Above the fold as the page opens: the card starts within the first screen. The box is
      // asked until there is one: hydration and the fleet's arrival may swap the card's element
      // between finding it and measuring it, which reads as no box at all.
      const viewport = page.viewportSize();
      const box = await settledBox(firstCard);
      expect(await page.evaluate('window.scrollY')).toBe(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeLessThan(viewport?.height ?? 0);

      // The filters wait behind the button; the sort stays in sight.
      expect(await page.getByLabel('Max price per hour').isVisible()).toBe(false);
      expect(await page.getByLabel('Sort by price').isVisible()).toBe(true);
      const open = page.getByRole('button', { name: 'Filters', exact: true });
      expect((await settledBox(open)).height).toBeGreaterThanOrEqual(44);
      await open.click();

      const sheet = page.getByRole('dialog', { name: 'Filters' });
      await sheet.waitFor();
      await sheet.getByLabel('Max price per hour').fill('50');
      await sheet.getByLabel('Transmission').selectOption({ label: 'Manual' });
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await Promise.all([
        page.waitForResponse((response) => response.url().includes('/api/cars?') && response.url().includes('maxPrice=50')),
        sheet.getByRole('button', { name: 'Apply filters' }).click(),
      ]);

      await sheet.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: 'Filters (2)', exact: true }).waitFor();
      const url = new URL(page.url());
      expect(url.searchParams.get('maxPrice')).toBe('50');
      expect(url.searchParams.get('transmission')).toBe('manual');
      await page
        .getByRole('status')
        .filter({ hasText: /cars? match(es)? your filters/ })
        .waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(unexpectedProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('keeps the filters in sight beside the list at 1280 px, with no Filters button', async () => {
    const { context, page, problems } = await openSession(browser, baseURL, DESKTOP_WIDTH);
    try {
      await page.goto('/layout/cars');
      await page.getByRole('heading', { name: 'Car Listing', level: 1 }).waitFor();
      const filters = page.getByRole('form', { name: 'Filter cars' });
      expect(await filters.getByLabel('Max price per hour').isVisible()).toBe(true);
      expect(await filters.getByLabel('Available from').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Filters', exact: true }).isVisible()).toBe(false);
      expect(unexpectedProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
