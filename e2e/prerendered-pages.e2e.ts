import { expect, type BrowserContext } from '@playwright/test';
import { test } from './support/fixtures';
import { blogPosts } from '#data/blogs';
import { catalogueCars } from '#data/cars';
import { publicPageAddresses } from '#data/public-pages';
import { indiaToday } from '#domain/india-time';
import { blogPostPath, carPagePath } from '#domain/page-addresses';
import { DESKTOP_WIDTH, openSession, PHONE_WIDTH } from './support/browser';
import { unexpectedProblems, watchIssuesPanel } from './support/page-checks';
import { specRoutes } from './support/spec-routes';

/** A browser that runs no script: what it shows is what the server's HTML holds. */
let noScript: BrowserContext;

test.beforeAll(async ({ browser, suiteServer }) => {
  noScript = await browser.newContext({
    baseURL: suiteServer.baseURL,
    javaScriptEnabled: false,
    viewport: { width: PHONE_WIDTH, height: 812 },
  });
});
test.afterAll(() => noScript?.close());

/** The page title (after the product name) and the h1 each public page shows. */
function expectedOf(address: string): { title: string; heading: string } {
  const car = catalogueCars.find((candidate) => carPagePath(candidate) === address);
  if (car) return { title: car.carName, heading: car.carName };
  const post = blogPosts.find((candidate) => blogPostPath(candidate.title) === address);
  if (post) return { title: post.title, heading: post.title };
  const route = specRoutes.find((candidate) => candidate.path === address && candidate.who === 'visitor');
  if (!route) throw new Error(`no expected heading for ${address}`);
  return { title: route.title, heading: route.heading };
}

test.describe('the public pages, as their HTML arrives, before any script runs', () => {
  for (const address of publicPageAddresses) {
    test(`${address} carries its heading, title, description and the chunks it needs`, async () => {
      const page = await noScript.newPage();
      try {
        const response = await page.goto(address);
        // The boot script (src/boot.ts) names the entry and the page's chunks, and loads them once the page is painted.
        const boot = page.locator('script[data-entry]');
        const entry = await boot.getAttribute('data-entry');
        const chunks = ((await boot.getAttribute('data-chunks')) ?? '').split(' ').filter(Boolean);
        const found = {
          status: response?.status(),
          cacheControl: response?.headers()['cache-control'],
          title: await page.title(),
          h1s: await page.getByRole('heading', { level: 1 }).allTextContents(),
          describedOwnWay: await page.locator('meta[name="description"]').getAttribute('content'),
        };
        const expected = expectedOf(address);
        expect(found).toEqual({
          status: 200,
          cacheControl: 'no-cache',
          title: `WheelsOnWeb - ${expected.title}`,
          h1s: [expected.heading],
          describedOwnWay: expect.stringMatching(/\S{3,}/),
        });
        // The entry's imports and the page's own screens: the landing page at least adds its screen.
        expect(chunks.length, address).toBeGreaterThan(0);
        for (const href of [entry ?? 'no entry named', ...chunks]) {
          const chunk = await noScript.request.get(href);
          expect({ href, status: chunk.status(), type: chunk.headers()['content-type'] }).toEqual({
            href,
            status: 200,
            type: expect.stringMatching(/javascript/),
          });
        }
      } finally {
        await page.close();
      }
    });
  }

  test('gives each page a description of its own', async () => {
    const descriptions = new Set<string>();
    for (const address of publicPageAddresses) {
      const page = await noScript.newPage();
      await page.goto(address);
      descriptions.add((await page.locator('meta[name="description"]').getAttribute('content')) ?? '');
      await page.close();
    }
    expect(descriptions.size).toBe(publicPageAddresses.length);
  });

  test('shows the controls disabled until the app runs, so nothing typed or clicked before it is lost', async () => {
    const page = await noScript.newPage();
    await page.goto('/layout/home');
    const controls = page.locator('#root').locator('input, select, textarea, button');
    expect(await controls.count()).toBeGreaterThan(5);
    expect(await controls.evaluateAll((elements) => elements.filter((element) => !element.matches(':disabled')).length)).toBe(0);
    await page.close();
  });

  test('leaves signed-in pages and addresses with a query to the browser', async () => {
    for (const address of ['/get/cars', '/layout/cars?city=Pune']) {
      const page = await noScript.newPage();
      await page.goto(address);
      expect({ address, h1s: await page.getByRole('heading', { level: 1 }).count() }).toEqual({ address, h1s: 0 });
      await page.close();
    }
  });
});

/** Keeps the h1 the HTML arrived with; React reuses it when it hydrates, and makes a new one if it draws the page again. */
const KEEP_FIRST_HEADING = `document.addEventListener('DOMContentLoaded', () => { window.firstHeading = document.querySelector('h1'); });`;
const SAME_HEADING = `document.querySelector('h1') === window.firstHeading && window.firstHeading !== null`;

test.describe('the public pages in the browser', () => {
  for (const address of publicPageAddresses) {
    test(`${address} hydrates its HTML without a warning or an issue at 1280 px and 375 px`, async ({ browser, suiteServer }) => {
      for (const width of [DESKTOP_WIDTH, PHONE_WIDTH]) {
        const { context, page, problems } = await openSession(browser, suiteServer.baseURL, width);
        try {
          const issuesPanel = await watchIssuesPanel(page);
          await page.addInitScript(KEEP_FIRST_HEADING);
          await page.goto(address);
          await page.waitForLoadState('networkidle');
          expect({
            width,
            keptItsHeading: await page.evaluate<boolean>(SAME_HEADING),
            problems: unexpectedProblems(problems),
            issuesPanel,
          }).toEqual({ width, keptItsHeading: true, problems: [], issuesPanel: [] });
        } finally {
          await context.close();
        }
      }
    });
  }

  test('keeps a search typed the moment the home page lets its fields take it, on a phone four times slower', async ({
    browser,
    suiteServer,
  }) => {
    const { context, page, problems } = await openSession(browser, suiteServer.baseURL, PHONE_WIDTH);
    try {
      const devtools = await context.newCDPSession(page);
      await devtools.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await page.goto('/layout/home');
      // Typed into before hydration, a field was put back to empty by React's next render, and the search never went.
      await page.getByLabel('From address').fill('Pune');
      await page.getByLabel('Journey date').fill(indiaToday());
      await page.getByLabel('Journey time').fill('23:30');
      await page.getByRole('button', { name: 'Find Car' }).click();
      await expect(page).toHaveURL((url) => url.pathname === '/layout/cars');
      expect(new URL(page.url()).searchParams.get('city')).toBe('Pune');
      expect(unexpectedProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('asks the API nothing for a first-time visitor of the home page until they scroll toward the reviews and the footer', async ({
    browser,
    suiteServer,
  }) => {
    const { context, page, problems } = await openSession(browser, suiteServer.baseURL, PHONE_WIDTH);
    try {
      const calls: string[] = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/')) calls.push(pathname);
      });
      await page.goto('/layout/home');
      await page.waitForLoadState('networkidle');
      expect(calls).toEqual([]);
      // The renters' reviews sit just above the latest blog posts: they are asked for on the way there.
      await page.getByRole('heading', { name: /Latest Blogs/ }).scrollIntoViewIfNeeded();
      await expect.poll(() => calls).toContain('/api/reviews/latest');
      await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
      await expect.poll(() => [...calls].sort()).toEqual(['/api/config', '/api/reviews/latest']);
      expect(unexpectedProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test("takes a fleet car's former address to its page under its present name, prerendered", async () => {
    const page = await noScript.newPage();
    try {
      const response = await page.goto('/cars/Tesla%20Malibu');
      const [car] = catalogueCars;
      const redirect = await response?.request().redirectedFrom()?.response();
      expect(redirect?.status()).toBe(301);
      await expect(page).toHaveURL((url) => url.pathname === carPagePath(car!));
      // No script runs here: the heading is in the HTML the server sent for the new address.
      await expect(page.getByRole('heading', { level: 1, name: car!.carName })).toBeVisible();
    } finally {
      await page.close();
    }
  });

  test('shows a car nobody has reviewed as New, with no stars or count, in its HTML, on its page and in the list', async ({
    browser,
    suiteServer,
  }) => {
    // No test of the suite reviews a car, so every fleet car has no reviews.
    const [car] = catalogueCars;
    const html = await noScript.newPage();
    try {
      await html.goto(carPagePath(car!));
      await expect(html.getByRole('heading', { level: 1, name: car!.carName })).toBeVisible();
      await expect(html.getByTestId('stars')).toHaveCount(0);
      await expect(html.getByText(/ratings?\)|out of 5 stars/)).toHaveCount(0);
    } finally {
      await html.close();
    }

    const { context, page, problems } = await openSession(browser, suiteServer.baseURL, DESKTOP_WIDTH);
    try {
      await page.goto(carPagePath(car!));
      const reviews = page.getByRole('region', { name: 'Reviews' });
      await expect(reviews.getByText('No reviews yet', { exact: false })).toBeVisible();
      await expect(reviews.getByText('New', { exact: true })).toBeVisible();
      await expect(page.getByTestId('stars')).toHaveCount(0);
      await expect(page.getByText(/ratings?\)/)).toHaveCount(0);

      await page.goto('/layout/cars');
      const card = page.locator('.card').filter({ has: page.getByRole('heading', { name: car!.carName, exact: true }) });
      await expect(card.getByText('New', { exact: true })).toBeVisible();
      await expect(card.getByTestId('stars')).toHaveCount(0);
      expect(unexpectedProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });

  test('says the page could not finish loading, with a way to reload, when its code cannot be fetched', async ({
    browser,
    suiteServer,
  }) => {
    const { context, page } = await openSession(browser, suiteServer.baseURL, PHONE_WIDTH);
    try {
      const entry = await (await noScript.newPage()).goto('/layout/home').then(async (response) => {
        const html = (await response?.text()) ?? '';
        return /data-entry="([^"]+)"/.exec(html)?.[1] ?? 'no entry named';
      });
      await page.route(`**${entry}`, (route) => route.abort('internetdisconnected'));
      await page.goto('/layout/home');
      await expect(page.getByRole('alert').filter({ hasText: 'This page could not finish loading' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reload' })).toBeEnabled();
      await expect(page.getByRole('button', { name: 'Find Car' })).toBeDisabled();
    } finally {
      await context.close();
    }
  });
});
