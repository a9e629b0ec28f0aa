import { expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { addCarThroughApi, newAccount, registerThroughApi, signInThroughApi, type TestAccount } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { inSession, PHONE_WIDTH } from './support/browser';
import { answerCheckoutWithStandIn } from './support/checkout-stand-in';
import { mailInOutbox } from './support/outbox';
import {
  brokenImages,
  horizontalOverflow,
  imagesWithoutAlt,
  settle,
  skippedHeadingLevels,
  unexpectedProblems,
  unlabelledFields,
  watchIssuesPanel,
} from './support/page-checks';
import { saveScreenshot } from './support/screenshots';
import { specRoutes, type SpecRoute } from './support/spec-routes';

const accounts: Record<'user' | 'owner', TestAccount> = { user: newAccount('user'), owner: newAccount('owner') };
/** The car the sweep's owner lists: its edit page and its public page are routes of the spec. */
let ownerCar = { id: '', carname: '' };
/** A working reset link's token, mailed to the sweep's renter: the reset page opens from the mail. */
let resetToken = '';

test.beforeAll(async ({ browser, suiteServer }) => {
  await inSession(browser, suiteServer.baseURL, async ({ context }) => {
    await registerThroughApi(context, accounts.user);
    const asked = await context.request.post('/api/password-reset', { data: { email: accounts.user.email } });
    expect(asked.ok(), await asked.text()).toBe(true);
    const mail = await mailInOutbox(suiteServer.dataDir, accounts.user.email, 'Reset your WheelsOnWeb password');
    resetToken = /reset-password\?token=([\w-]+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(resetToken, mail.text ?? '').not.toBe('');
    await registerThroughApi(context, accounts.owner);
    await signInThroughApi(context, accounts.owner);
    ownerCar = await addCarThroughApi(context, {
      url: '/images/cars/bmw-x3.svg',
      carname: `Route sweep car ${accounts.owner.username}`,
      description: 'Listed so that the owner screens have a car to show and edit.',
      price: 1200,
    });
  });
});

/** A route's address, title or heading with the sweep's car and reset link put in. */
function withCar(text: string): string {
  return text.replace('{carId}', ownerCar.id).replace('{carName}', ownerCar.carname).replace('{resetToken}', resetToken);
}

/** What a person at this width would run into; every list is empty on a good page. */
async function findingsAt(page: Page, route: SpecRoute) {
  await settle(page);
  const h1s = await page.getByRole('heading', { level: 1 }).allTextContents();
  const findings = {
    title: await page.title(),
    h1s,
    skippedHeadingLevels: await skippedHeadingLevels(page),
    unlabelledFields: await unlabelledFields(page),
    imagesWithoutAlt: await imagesWithoutAlt(page),
    brokenImages: await brokenImages(page),
    horizontalOverflowPx: await horizontalOverflow(page),
    seriousAxeViolations: await seriousAccessibilityViolations(page),
  };
  await saveScreenshot(page, route.name);
  return findings;
}

test.describe('every route of the spec, at 1280 px and 375 px', () => {
  for (const route of specRoutes) {
    test(`${route.path} (${route.who}) renders its screen without errors, accessibly, with no sideways scroll`, async ({
      context,
      page,
      problems,
    }) => {
      const issuesPanel = await watchIssuesPanel(page);
      if (route.who !== 'visitor') {
        await signInThroughApi(context, accounts[route.who]);
        // A signed-in renter's car page loads the card provider's script.
        await answerCheckoutWithStandIn(page);
      }
      const heading = page.getByRole('heading', { level: 1, name: withCar(route.heading), exact: true });
      await page.goto(withCar(route.path));
      await expect(heading).toBeAttached();

      const desktop = await findingsAt(page, route);

      await page.setViewportSize({ width: PHONE_WIDTH, height: 812 });
      await page.reload();
      await expect(heading).toBeAttached();
      const phone = await findingsAt(page, route);

      const expected = {
        title: `WheelsOnWeb - ${withCar(route.title)}`,
        h1s: [withCar(route.heading)],
        skippedHeadingLevels: [],
        unlabelledFields: [],
        imagesWithoutAlt: [],
        brokenImages: [],
        horizontalOverflowPx: 0,
        seriousAxeViolations: [],
      };
      expect({ desktop, phone, consoleErrorsWarningsAndExceptions: unexpectedProblems(problems), issuesPanel }).toEqual({
        desktop: expected,
        phone: expected,
        consoleErrorsWarningsAndExceptions: [],
        issuesPanel: [],
      });
    });
  }
});

/** The routes anyone may open, for a renter and an owner: signed in, the header asks for their name and counts. */
const publicRoutesSignedIn = specRoutes
  .filter((route) => route.who === 'visitor')
  .flatMap((route) => (['user', 'owner'] as const).map((who) => ({ ...route, who })));

test.describe('every route anyone may open, signed in as a renter and as an owner', () => {
  for (const route of publicRoutesSignedIn) {
    test(`${route.path} (${route.who}) logs no console error, warning or issue at 1280 px and 375 px`, async ({
      context,
      page,
      problems,
    }) => {
      const issuesPanel = await watchIssuesPanel(page);
      await signInThroughApi(context, accounts[route.who]);
      await answerCheckoutWithStandIn(page);
      await page.goto(withCar(route.path));
      await settle(page);
      await page.setViewportSize({ width: PHONE_WIDTH, height: 812 });
      await page.reload();
      await settle(page);
      expect({ problems: unexpectedProblems(problems), issuesPanel }).toEqual({ problems: [], issuesPanel: [] });
    });
  }
});
