import { expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { registerAndSignIn } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { DESKTOP_WIDTH, PHONE_WIDTH } from './support/browser';
import { accountToggle, openAccountMenu } from './support/header';
import { horizontalOverflow, settle } from './support/page-checks';
import { saveScreenshot } from './support/screenshots';

const CAR_PAGE = '/cars/Maruti%20Ertiga';
const BLOG_POST = `/blogs/${encodeURIComponent('If you are renting a car')}`;
const SITE_LINKS = ['Home', 'About', 'Cars', 'Blog', 'Contact'];

/** Waits for the header's five links to the site's pages, which show at once on a wide screen. */
async function showsSiteLinks(page: Page): Promise<void> {
  const navigation = page.getByRole('banner').getByRole('navigation');
  for (const name of SITE_LINKS) await expect(navigation.getByRole('link', { name, exact: true })).toBeVisible();
}

test.describe('the same header on every page', () => {
  test('offers a signed-out visitor Sign in, and neither Logout nor Sign out', async ({ page }) => {
    await page.goto('/layout/home');
    await showsSiteLinks(page);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Logout' })).toHaveCount(0);
    await expect(page.getByText(/Sign out|Logout/)).toHaveCount(0);
  });

  test('takes a renter from a car page to My bookings, and shows the same header on My bookings, the login page and a blog post', async ({
    context,
    page,
  }) => {
    const renter = await registerAndSignIn(context, 'user');
    await page.goto(CAR_PAGE);
    await expect(page.getByRole('heading', { name: 'Check Out' })).toBeVisible();
    await showsSiteLinks(page);
    // The page keeps its own way back beside the header's.
    await expect(page.getByRole('main').getByRole('link', { name: '← Car Listing' })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(1);

    const menu = await openAccountMenu(page, renter.username);
    await menu.getByRole('link', { name: 'My bookings', exact: true }).click();
    await expect(page).toHaveURL(/\/bookings$/);
    await expect(page.getByRole('heading', { name: 'My bookings', level: 1 })).toBeVisible();

    for (const [path, heading] of [
      ['/bookings', 'My bookings'],
      ['/login', 'Sign in'],
      [BLOG_POST, 'If you are renting a car'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
      await showsSiteLinks(page);
      await expect(accountToggle(page, renter.username)).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(1);
      await expect(page.getByRole('main')).toHaveCount(1);
    }
    await expect(page.getByRole('main').getByRole('link', { name: '← All blog posts' })).toBeVisible();

    // Logout sits in the menu, and ends the session from any page.
    await (await openAccountMenu(page, renter.username)).getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    expect(await (await context.request.get('/api/session')).json()).toEqual({ user: null });
  });

  test('fits on one row at 1280 px, and folds the links into Menu at 375 px with the account beside it', async ({
    context,
    page,
  }) => {
    const renter = await registerAndSignIn(context, 'user');
    // Axe reads colours as they are, so no button may be caught halfway through its colour transition.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(CAR_PAGE);
    await expect(page.getByRole('heading', { name: 'Check Out' })).toBeVisible();
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
    await expect(menuButton).toBeVisible();
    await expect(toggle).toBeVisible();
    await expect(contact).toBeHidden();
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
    await expect(contact).toBeVisible();
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'navigation-menu');
    await page.setViewportSize({ width: DESKTOP_WIDTH, height: 900 });
  });
});
