import { expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { registerAndSignIn, uniqueName } from './support/accounts';
import { openSession, PHONE_WIDTH } from './support/browser';
import { horizontalOverflow, unexpectedProblems } from './support/page-checks';

const CARS = 60;
/**
 * Above the ₹50 budget the renter's journey (renter.e2e.ts) searches cheapest first, on the shared
 * server: sixty cars under it would fill that search's first page ahead of the ₹45 car it books.
 */
const PRICE = 80;
/** The part of the name every car of this test has and no other test's car does. */
let prefix: string;

test.beforeAll(async ({ browser, suiteServer }) => {
  prefix = uniqueName('Paged');
  const ownerContext = await browser.newContext({ baseURL: suiteServer.baseURL });
  try {
    await registerAndSignIn(ownerContext, 'owner');
    for (let index = 1; index <= CARS; index += 1) {
      const added = await ownerContext.request.post('/add-cars', {
        data: {
          url: '/images/cars/audi-fiesta.svg',
          carname: `${prefix} ${index}`,
          description: 'A well-kept car.',
          price: PRICE,
        },
      });
      if (!added.ok()) throw new Error(`POST /add-cars answered ${added.status()}: ${await added.text()}`);
    }
  } finally {
    await ownerContext.close();
  }
});

/** The car names the page shows, in order. */
const shownNames = (page: Page) => page.getByRole('heading', { level: 3 }).allTextContents();

test.describe('Paging through the cars on a phone', () => {
  test('shows 24 cars at a time with where they sit in the list, next and previous, the page in the address, nothing wider than the screen', async ({
    browser,
    suiteServer,
  }) => {
    const { context, page, problems } = await openSession(browser, suiteServer.baseURL, PHONE_WIDTH);
    try {
      await page.goto(`/layout/cars?q=${encodeURIComponent(prefix)}`);
      await expect(page.getByText(`1–24 of ${CARS}`)).toBeVisible();
      // Listed one after the other, the newest first.
      expect((await shownNames(page)).slice(0, 2)).toEqual([`${prefix} ${CARS}`, `${prefix} ${CARS - 1}`]);
      await expect(page.getByRole('heading', { level: 3 })).toHaveCount(24);
      expect(await horizontalOverflow(page)).toBe(0);

      const pager = page.getByRole('navigation', { name: 'Cars pages' });
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(`25–48 of ${CARS}`)).toBeVisible();
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');
      expect((await shownNames(page))[0]).toBe(`${prefix} ${CARS - 24}`);
      await expect.poll(() => page.evaluate('window.scrollY')).toBe(0);
      expect(await horizontalOverflow(page)).toBe(0);

      await pager.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(`49–60 of ${CARS}`)).toBeVisible();
      expect(await shownNames(page)).toHaveLength(12);
      await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
      expect(await horizontalOverflow(page)).toBe(0);

      await pager.getByRole('button', { name: 'Previous' }).click();
      await expect(page.getByText(`25–48 of ${CARS}`)).toBeVisible();
      expect(new URL(page.url()).searchParams.get('page')).toBe('2');

      // The address keeps the page: Back returns to the last page seen before.
      await page.goBack();
      await expect(page.getByText(`49–60 of ${CARS}`)).toBeVisible();
      expect(unexpectedProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
