import { randomBytes } from 'node:crypto';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import type { Booking, NewBooking, PagedAnswer, PublicCar } from '#domain/contract';
import { addCarThroughApi, ok, registerAndSignIn, signInAsAdmin, uniqueName } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { DESKTOP_WIDTH, openSession, PHONE_WIDTH, type BrowserSession } from './support/browser';
import { horizontalOverflow, settle, unexpectedProblems } from './support/page-checks';
import { startServer, type RunningServer } from './support/server';

// The console needs an admin, made from the three variables at start-up as a person running
// `npm start` would set them, so this file runs its own server: the run's shared one has none.
const admin = {
  email: 'console-admin@example.com',
  username: 'consoleadmin',
  password: `admin-${randomBytes(8).toString('hex')}`,
};
const HOUR_MS = 60 * 60 * 1000;
const FLEET_CAR = 'Maruti Ertiga';
const POST_TITLE = 'If you are renting a car';

/** Every page of the console, by the heading it opens with. */
const CONSOLE_PAGES = [
  { path: '/admin', heading: 'Admin console' },
  { path: '/admin/accounts', heading: 'Accounts' },
  { path: '/admin/cars', heading: 'Cars' },
  { path: '/admin/bookings', heading: 'Bookings' },
  { path: '/admin/payouts', heading: 'Payout runs' },
  { path: '/admin/money', heading: 'Money' },
  { path: '/admin/comments', heading: 'Comments and reviews' },
  { path: '/admin/messages', heading: 'Contact messages' },
  { path: '/admin/messages?list=newsletter', heading: 'Newsletter sign-ups' },
  { path: '/admin/audit', heading: 'Audit log' },
  { path: '/admin/licences', heading: 'Driving licences to review' },
] as const;

let server: RunningServer;

test.beforeAll(async () => {
  // A server's first start in a run may build the app.
  test.setTimeout(120_000);
  server = await startServer(undefined, {
    env: { ADMIN_EMAIL: admin.email, ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** JSON from a call that must succeed. */
async function publicCarNames(context: BrowserContext, q: string): Promise<string[]> {
  const cars = await ok<PagedAnswer<PublicCar>>(
    'GET /api/cars',
    await context.request.get(`/api/cars?q=${encodeURIComponent(q)}`),
  );
  return cars.data.map((car) => car.carName);
}

/** Opens a console section from its navigation and waits for its table. */
async function openSection(page: Page, link: string, heading: RegExp): Promise<void> {
  await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: link, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

async function search(page: Page, label: string, text: string): Promise<void> {
  await page.getByLabel(label, { exact: true }).fill(text);
  await page.getByLabel(label, { exact: true }).press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === text);
}

/** Confirms the open dialog with a reason, and waits for the console to say it is done. */
async function confirmWithReason(page: Page, confirm: string, reason: string, done: RegExp): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(/^Reason/).fill(reason);
  await dialog.getByRole('button', { name: confirm, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: done })).toBeVisible();
}

test.describe('the admin console', () => {
  test('lets the admin from the variables disable an owner, delist a car, accept a fleet request and remove a comment, each in the audit log', async ({
    browser,
  }) => {
    const sessions: BrowserSession[] = [];
    const session = async () => {
      const opened = await openSession(browser, server.baseURL);
      sessions.push(opened);
      return opened;
    };
    try {
      // Set-up through the API: an owner who will be disabled, signed in in their own browser; another
      // owner's car to delist; a renter's request for a fleet car; a renter's comment.
      const disabledOwner = await session();
      const ownerAccount = await registerAndSignIn(disabledOwner.context, 'owner');
      const lister = await session();
      await registerAndSignIn(lister.context, 'owner');
      const car = await addCarThroughApi(lister.context, {
        url: '/images/cars/audi-fiesta.svg',
        carname: uniqueName('Delisted '),
        description: 'A well-kept car.',
        price: 60,
      });
      const renter = await session();
      const renterAccount = await registerAndSignIn(renter.context, 'user');
      const from = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 72 * HOUR_MS);
      const request: NewBooking = {
        carName: FLEET_CAR,
        from: from.toISOString(),
        to: new Date(from.getTime() + 5 * HOUR_MS).toISOString(),
        driver: false,
        // Card payments are on: a request carries a payment (the stand-in's test card).
        paymentToken: 'tok_visa',
      };
      const booking = await ok<Booking>(
        'POST /api/bookings',
        await renter.context.request.post('/api/bookings', { data: request }),
      );
      const comment = `Buy cheap followers at spam.example ${uniqueName('')}`;
      await ok(
        'POST /api/comments/get-comment',
        await renter.context.request.post('/api/comments/get-comment', {
          data: { content: comment, author: renterAccount.username, post: POST_TITLE },
        }),
      );
      expect(await publicCarNames(renter.context, car.carname)).toEqual([car.carname]);
      await disabledOwner.page.goto('/get/cars');
      await expect(disabledOwner.page.getByRole('heading', { level: 1 })).toBeVisible();

      const console_ = await session();
      const { page } = console_;
      await signInAsAdmin(page, admin);

      // Disable the owner: signed out at once, and refused at sign-in.
      await openSection(page, 'Accounts', /^Accounts/);
      await search(page, 'Username or email', ownerAccount.email);
      await page.getByRole('button', { name: `Disable ${ownerAccount.username}` }).click();
      await confirmWithReason(page, 'Disable account', 'Listing cars that are not theirs.', /is disabled\.$/);
      await expect(page.getByRole('row').filter({ hasText: ownerAccount.email }).getByText('Disabled')).toBeVisible();
      await disabledOwner.page.reload();
      await expect(disabledOwner.page).toHaveURL(/\/login/);
      const refused = await disabledOwner.context.request.post('/ownerloginSchema', {
        data: { email: ownerAccount.email, password: ownerAccount.password },
      });
      expect(refused.status()).toBe(403);
      expect(await refused.json()).toEqual({ message: 'This account has been disabled. Please contact us for help.' });

      // Delist a car: gone from the renters' list, with the reason shown to its owner.
      await openSection(page, 'Cars', /^Cars/);
      await search(page, 'Car or owner', car.carname);
      await page.getByRole('button', { name: new RegExp(`^Delist the ${car.carname} of `) }).click();
      await confirmWithReason(page, 'Delist car', 'Photos show a different car.', /is delisted\.$/);
      expect(await publicCarNames(renter.context, car.carname)).toEqual([]);
      await lister.page.goto('/get/cars');
      await expect(lister.page.getByText('Photos show a different car.')).toBeVisible();

      // Accept the renter's request for a fleet car.
      await openSection(page, 'Bookings', /^Bookings/);
      await search(page, 'Number, car or username', renterAccount.username);
      await page.getByRole('button', { name: `Accept booking ${booking.number}` }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'Accept request', exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(
        page.getByRole('row').filter({ hasText: booking.number }).getByText('accepted', { exact: false }).first(),
      ).toBeVisible();
      const accepted = await ok<Booking>(
        'GET /api/bookings/{id}',
        await renter.context.request.get(`/api/bookings/${booking.id}`),
      );
      expect(accepted.status).toBe('accepted');

      // Remove the comment: the post shows it removed.
      await openSection(page, 'Comments and reviews', /^Comments and reviews/);
      await search(page, 'Text or author', comment);
      await page.getByRole('button', { name: /^Remove / }).click();
      await confirmWithReason(page, 'Remove comment', 'Spam.', /removed/);
      await renter.page.goto(`/blogs/${encodeURIComponent(POST_TITLE)}`);
      await expect(renter.page.getByRole('heading', { level: 1, name: POST_TITLE })).toBeVisible();
      const comments = renter.page.getByRole('region', { name: 'Comments', exact: true });
      await expect(comments.getByText('[removed by an admin]').first()).toBeVisible();
      await expect(comments.getByText(comment)).toHaveCount(0);

      // All four are on record, newest first.
      await openSection(page, 'Audit log', /^Audit log/);
      const rows = page.getByRole('row');
      await expect(rows.filter({ hasText: 'Disabled account' })).toBeVisible();
      // Each action's own row names its object as people know it and carries its reason; accepting asked for none.
      for (const [what, object, reason] of [
        ['Disabled account', `Account ${ownerAccount.username}`, 'Listing cars that are not theirs.'],
        ['Delisted car', `Car ${car.carname}`, 'Photos show a different car.'],
        ['Accepted booking', `Booking ${booking.number}`, 'none given'],
        ['Removed comment', `Comment ${renterAccount.username}`, 'Spam.'],
      ] as const) {
        const row = rows.filter({ hasText: what });
        await expect(row).toContainText(object);
        await expect(row).toContainText(reason);
      }
      await rows.filter({ hasText: 'Delisted car' }).getByRole('link', { name: car.carname, exact: true }).click();
      await expect(page).toHaveURL(`/admin/cars?q=${encodeURIComponent(car.carname).replaceAll('%20', '+')}`);
      await expect(page.getByRole('row').filter({ hasText: car.carname })).toBeVisible();
      expect(unexpectedProblems(console_.problems)).toEqual([]);
    } finally {
      await Promise.all(sessions.map((opened) => opened.context.close()));
    }
  });

  for (const width of [PHONE_WIDTH, DESKTOP_WIDTH]) {
    test(`has no serious or critical accessibility violation and no sideways scroll on any console page at ${width} px`, async ({
      browser,
    }) => {
      const session = await openSession(browser, server.baseURL, width);
      try {
        await signInAsAdmin(session.page, admin);
        const found: string[] = [];
        for (const { path, heading } of CONSOLE_PAGES) {
          await session.page.goto(path);
          await expect(session.page.getByRole('heading', { level: 1, name: new RegExp(`^${heading}`) })).toBeVisible();
          await settle(session.page);
          found.push(...(await seriousAccessibilityViolations(session.page)).map((violation) => `${path}: ${violation}`));
          const overflow = await horizontalOverflow(session.page);
          if (overflow > 0) found.push(`${path}: scrolls ${overflow} px sideways`);
        }
        expect(found).toEqual([]);
        expect(unexpectedProblems(session.problems)).toEqual([]);
      } finally {
        await session.context.close();
      }
    });
  }
});
