import { expect, type Locator, type Page } from '@playwright/test';

/** The header's button under the signed-in person's name, named with any count its badge shows. */
export function accountToggle(page: Page, username: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: `Signed in as ${username}` });
}

/** Opens the menu under the signed-in person's name and answers it, its links and Logout inside. */
export async function openAccountMenu(page: Page, username: string): Promise<Locator> {
  const toggle = accountToggle(page, username);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const menu = page.locator(`[aria-labelledby="${await toggle.getAttribute('id')}"]`);
  await expect(menu.getByRole('link', { name: 'Logout' })).toBeVisible();
  return menu;
}

/**
 * The header's Tab stops on a wide screen, before the page's own: the skip link, the call request,
 * the logo and the five links, then Sign in, or signed in the menu under the person's name.
 */
export function headerTabStops(signedInAs?: string): string[] {
  return [
    'link "Skip to content"',
    'button "Request a call"',
    'link "WheelsOnWeb home"',
    ...['Home', 'About', 'Cars', 'Blog', 'Contact'].map((name) => `link "${name}"`),
    signedInAs ? `button "Signed in as ${signedInAs}"` : 'link "Sign in"',
  ];
}
