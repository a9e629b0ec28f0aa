import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerAndSignIn } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { type BrowserSession, DESKTOP_WIDTH, inSession, launchBrowser, PHONE_WIDTH } from './support/browser';
import { accountToggle, openAccountMenu } from './support/header';
import { horizontalOverflow, settle } from './support/page-checks';
import { saveScreenshot } from './support/screenshots';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const withSession = (work: (session: BrowserSession) => Promise<void>) => inSession(browser, baseURL, work);

const CAR_PAGE = '/cars/Toyota%20Aventador';
const BLOG_POST = `/blogs/${encodeURIComponent('If you are renting a car')}`;
const SITE_LINKS = ['Home', 'About', 'Cars', 'Blog', 'Contact'];

/** Waits for the header's five links to the site's pages, which show at once on a wide screen. */
async function showsSiteLinks(page: Page): Promise<void> {
  const navigation = page.getByRole('banner').getByRole('navigation');
  for (const name of SITE_LINKS) await navigation.getByRole('link', { name, exact: true }).waitFor();
}

describe('the same header on every page', () => {
  it('offers a signed-out visitor Sign in, and neither Logout nor Sign out', () =>
    withSession(async ({ page }) => {
      await page.goto('/layout/home');
      await showsSiteLinks(page);
      await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).waitFor();
      expect(await page.getByRole('link', { name: 'Logout' }).count()).toBe(0);
      expect(await page.getByText(/Sign out|Logout/).count()).toBe(0);
    }));

  it('takes a renter from a car page to My bookings, and shows the same header on My bookings, the login page and a blog post', () =>
    withSession(async ({ context, page }) => {
      const renter = await registerAndSignIn(context, 'user');
      await page.goto(CAR_PAGE);
      await page.getByRole('heading', { name: 'Check Out' }).waitFor();
      await showsSiteLinks(page);
      // The page keeps its own way back beside the header's.
      await page.getByRole('main').getByRole('link', { name: '← Car Listing' }).waitFor();
      expect(await page.getByRole('banner').count()).toBe(1);

      const menu = await openAccountMenu(page, renter.username);
      await menu.getByRole('link', { name: 'My bookings', exact: true }).click();
      await page.waitForURL(/\/bookings$/);
      await page.getByRole('heading', { name: 'My bookings', level: 1 }).waitFor();

      for (const [path, heading] of [
        ['/bookings', 'My bookings'],
        ['/login', 'Sign in'],
        [BLOG_POST, 'If you are renting a car'],
      ] as const) {
        await page.goto(path);
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        await showsSiteLinks(page);
        await accountToggle(page, renter.username).waitFor();
        expect(await page.getByRole('banner').count()).toBe(1);
        expect(await page.getByRole('main').count()).toBe(1);
      }
      await page.getByRole('main').getByRole('link', { name: '← All blog posts' }).waitFor();

      // Logout sits in the menu, and ends the session from any page.
      await (await openAccountMenu(page, renter.username)).getByRole('link', { name: 'Logout' }).click();
      await page.waitForURL(`${baseURL}/`);
      expect(await (await context.request.get('/api/session')).json()).toEqual({ user: null });
    }));

  it('fits on one row at 1280 px, and folds the links into Menu at 375 px with the account beside it', () =>
    withSession(async ({ context, page }) => {
      const renter = await registerAndSignIn(context, 'user');
      // Axe reads colours as they are, so no button may be caught halfway through its colour transition.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.goto(CAR_PAGE);
      await page.getByRole('heading', { name: 'Check Out' }).waitFor();
      await settle(page);

      const toggle = accountToggle(page, renter.username);
      const contact = page.getByRole('banner').getByRole('link', { name: 'Contact', exact: true });
      const [toggleBox, contactBox] = await Promise.all([toggle.boundingBox(), contact.boundingBox()]);
      // Beside the links, to their right, not wrapped onto a row of its own.
      expect(
        toggleBox && contactBox && Math.abs(toggleBox.y + toggleBox.height / 2 - (contactBox.y + contactBox.height / 2)),
      ).toBeLessThan(4);
      expect(toggleBox!.x).toBeGreaterThan(contactBox!.x);
      expect(await horizontalOverflow(page)).toBe(0);
      await saveScreenshot(page, 'navigation-car-page');

      await page.setViewportSize({ width: PHONE_WIDTH, height: 812 });
      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      await menuButton.waitFor();
      expect(await toggle.isVisible()).toBe(true);
      expect(await contact.isVisible()).toBe(false);
      expect(await horizontalOverflow(page)).toBe(0);
      for (const control of [toggle, menuButton]) {
        const box = await control.boundingBox();
        expect(box!.height).toBeGreaterThanOrEqual(44);
        expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE_WIDTH);
      }

      const menu = await openAccountMenu(page, renter.username);
      const menuBox = await menu.boundingBox();
      expect(menuBox!.x).toBeGreaterThanOrEqual(0);
      expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(PHONE_WIDTH);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'navigation-account-menu');
      await page.keyboard.press('Escape');

      await menuButton.click();
      await contact.waitFor();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'navigation-menu');
      await page.setViewportSize({ width: DESKTOP_WIDTH, height: 900 });
    }));
});
