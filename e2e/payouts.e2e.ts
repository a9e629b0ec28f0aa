import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, type Download, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { Booking, NewRazorpayOrder, OwnerEarnings, RazorpayOrder } from '#domain/contract';
import { openDatabase } from '../server/src/db/client';
import { bookings, payoutDetails } from '../server/src/db/schema';
import { addCarThroughApi, ok, registerAndSignIn, signInAsAdmin, uniqueName } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { type BrowserSession, openSession, PHONE_WIDTH } from './support/browser';
import { test } from './support/fixtures';
import { horizontalOverflow, settle, unexpectedProblems } from './support/page-checks';
import { saveScreenshotsAtBothWidths } from './support/screenshots';
import { type RunningServer, startServerOnCopyOfBuild } from './support/server';

// Paying owners needs an admin and a key for the owners' payout details, set as a person running
// `npm start` would, so this file runs its own server.
const admin = {
  email: 'payouts-admin@example.com',
  username: 'payoutsadmin',
  password: `admin-${randomBytes(8).toString('hex')}`,
};
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** 3 hours at ₹200: the platform keeps a fifth of the ₹600, the owner earns ₹480.00. */
const PRICE = 200;
const HOURS = 3;
const OWNER_NET = '₹480.00';
const BANK = { legalName: 'Asha Verma', account: '50100123456789', ifsc: 'HDFC0001234', pan: 'ABCDE1234F' };
const UTR = 'HDFCN52026112800042';

let server: RunningServer;

/**
 * A payout day two days off in India: these journeys pay owners at the admin's word, and on the weekly
 * run's day the restarted server's own round would pay them first.
 */
const PAYOUT_DAY = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', weekday: 'long' })
  .format(new Date(Date.now() + 2 * DAY_MS))
  .toLowerCase();

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startServerOnCopyOfBuild({
    razorpay: true,
    env: {
      ADMIN_EMAIL: admin.email,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      PAYOUT_DETAILS_KEY: randomBytes(32).toString('base64'),
      PAYOUT_DAY,
    },
  });
});
test.afterAll(async () => {
  await server?.stop();
});

async function savedText(download: Download): Promise<string> {
  const file = await download.path();
  return readFile(file, 'utf8');
}

/** An owner signed in on `session`, with a car at PRICE an hour named from `prefix`. */
async function ownerWithCar(session: BrowserSession, prefix: string) {
  const ownerAccount = await registerAndSignIn(session.context, 'owner');
  const car = await addCarThroughApi(session.context, {
    url: '/images/cars/audi-fiesta.svg',
    carname: uniqueName(prefix),
    description: 'A well-kept car.',
    price: PRICE,
  });
  return { ownerAccount, car };
}

/** Checks a page as a person would meet it: nothing cut off, nothing an assistive technology would stumble on. */
async function looksRight(page: Page, session: BrowserSession): Promise<void> {
  await settle(page);
  expect(await horizontalOverflow(page)).toBe(0);
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
  expect(unexpectedProblems(session.problems)).toEqual([]);
}

/** A renter registers and pays by UPI for three hours of `carId` in three days, and the car's owner accepts. */
async function paidAndAccepted(
  on: RunningServer,
  carId: string,
  owner: BrowserSession,
  renter: BrowserSession,
): Promise<Booking> {
  await registerAndSignIn(renter.context, 'user');
  const from = new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + 72 * HOUR_MS);
  const choice: NewRazorpayOrder = {
    carName: carId,
    from: from.toISOString(),
    to: new Date(from.getTime() + HOURS * HOUR_MS).toISOString(),
    driver: false,
  };
  const order = await ok<RazorpayOrder>(
    'POST /api/payments/razorpay/orders',
    await renter.context.request.post('/api/payments/razorpay/orders', { data: choice }),
  );
  const paid = on.razorpay.authorize(order.orderId);
  const booking = await ok<Booking>(
    'POST /api/bookings',
    await renter.context.request.post('/api/bookings', {
      data: {
        ...choice,
        razorpay: { orderId: paid.razorpay_order_id, paymentId: paid.razorpay_payment_id, signature: paid.razorpay_signature },
      },
    }),
  );
  // As the owner's page sends it: a bodiless step names the page it comes from, this site.
  await ok(
    'accept',
    await owner.context.request.post(`/api/bookings/${booking.id}/accept`, {
      headers: { origin: new URL(on.baseURL).origin },
    }),
  );
  return booking;
}

/**
 * The trip is over: its period, its claim window and the pause after the owner saved their details,
 * moved into the past while the server is down. The restarted server's first sweep completes it and
 * releases its earnings.
 */
async function tripOver(on: RunningServer, bookingId: string): Promise<void> {
  await on.restart(async (dataDir) => {
    const { db, close } = await openDatabase({ dataDir, databaseUrl: undefined });
    try {
      const startsAt = new Date(Date.now() - 5 * DAY_MS);
      const endsAt = new Date(startsAt.getTime() + HOURS * HOUR_MS);
      await db
        .update(bookings)
        .set({ startsAt, endsAt, completesAt: new Date(endsAt.getTime() + DAY_MS) })
        .where(eq(bookings.id, bookingId));
      await db.update(payoutDetails).set({ payoutsHeldUntil: new Date(Date.now() - HOUR_MS) });
    } finally {
      await close();
    }
  });
}

test('an owner is paid a finished trip’s earnings by bank file, and sees it paid with its UTR and in their statement', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const owner = await openSession(browser, server.baseURL);
  const renter = await openSession(browser, server.baseURL);
  const desk = await openSession(browser, server.baseURL);
  try {
    const { ownerAccount, car } = await ownerWithCar(owner, 'Payout ');

    // The owner says where they are paid, on their payout details page.
    await owner.page.goto('/owner/payouts');
    await owner.page.getByLabel('Legal name').fill(BANK.legalName);
    await owner.page.getByLabel('Account number', { exact: true }).fill(BANK.account);
    await owner.page.getByLabel('Confirm account number').fill(BANK.account);
    await owner.page.getByLabel('IFSC').fill(BANK.ifsc);
    await owner.page.getByLabel('PAN').fill(BANK.pan);
    await owner.page.getByLabel('Current password').fill(ownerAccount.password);
    await owner.page.getByRole('button', { name: 'Save payout details' }).click();
    await expect(owner.page.getByText(`Paid to ${BANK.legalName}`)).toBeVisible();
    await expect(owner.page.getByText(/Account ending 6789, IFSC HDFC0001234/)).toBeVisible();
    await expect(owner.page.getByText(/Payouts resume on/)).toBeVisible();
    await looksRight(owner.page, owner);

    // A renter pays by UPI for three hours, the owner accepts, and the trip is over.
    const booking = await paidAndAccepted(server, car.id, owner, renter);
    await tripOver(server, booking.id);
    // The restarted server's first sweep makes the finished trip's earnings available.
    await expect
      .poll(
        async () => (await ok<OwnerEarnings>('earnings', await owner.context.request.get('/api/owner/earnings'))).availablePaise,
      )
      .toBe(48_000);

    // The admin pays owners now, downloads the run's bank file and marks the payout paid with the bank's UTR.
    const page = desk.page;
    await signInAsAdmin(page, admin);
    await page.goto('/admin/payouts');
    await page.getByRole('button', { name: 'Pay owners now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Pay owners now' }).click();
    await expect(page.getByRole('status').filter({ hasText: /made 1 payout, ₹480\.00 in all/ })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download bank file' }).click(),
    ]);
    const bankFile = await savedText(download);
    const [header, line, ...rest] = bankFile.trim().split(/\r?\n/);
    expect(rest).toEqual([]);
    expect(header).toMatch(/beneficiary/i);
    expect(line).toContain(BANK.legalName);
    expect(line).toContain(BANK.account);
    expect(line).toContain(BANK.ifsc);
    expect(line).toContain('480.00');
    await page.getByRole('button', { name: /^Mark payout .* paid$/ }).click();
    await page.getByRole('dialog').getByLabel('UTR').fill(UTR);
    await page.getByRole('dialog').getByRole('button', { name: 'Mark paid' }).click();
    await expect(page.getByRole('status').filter({ hasText: /is marked paid/ })).toBeVisible();
    await looksRight(page, desk);

    // The owner sees the payout paid with its UTR, at a phone's width too, and downloads the month's statement.
    await owner.page.goto('/owner/earnings');
    const payouts = owner.page.getByRole('table', { name: 'Your payouts, newest first' });
    const row = payouts.getByRole('row').filter({ hasText: UTR });
    await expect(row).toContainText(OWNER_NET);
    await expect(row).toContainText('Paid');
    await looksRight(owner.page, owner);

    const phone = await openSession(browser, server.baseURL, PHONE_WIDTH);
    try {
      await phone.context.addCookies(await owner.context.cookies());
      await phone.page.goto('/owner/earnings');
      await expect(phone.page.getByRole('table', { name: 'Your payouts, newest first' }).getByText(UTR)).toBeVisible();
      await looksRight(phone.page, phone);
    } finally {
      await phone.context.close();
    }

    await owner.page
      .getByRole('link', { name: /^Statement for / })
      .last()
      .click();
    await expect(owner.page.getByRole('heading', { level: 1, name: /^Statement for / })).toBeVisible();
    const [statement] = await Promise.all([
      owner.page.waitForEvent('download'),
      owner.page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = await savedText(statement);
    // The trip's earning and the payout that paid it, with its UTR.
    expect(csv).toContain(booking.number);
    expect(csv).toContain(UTR);
    expect(csv).toContain('480.00');
    await looksRight(owner.page, owner);
  } finally {
    await Promise.all([owner.context.close(), renter.context.close(), desk.context.close()]);
  }
});

test('an owner paid by Razorpay Route: the admin sees the payout with its transfer, at 1280 px and 375 px', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Route on, for this test alone: the file's server pays by bank file.
  const routeServer = await startServerOnCopyOfBuild({
    razorpay: true,
    env: {
      ADMIN_EMAIL: admin.email,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      PAYOUT_DETAILS_KEY: randomBytes(32).toString('base64'),
      PAYOUT_DAY,
      RAZORPAY_ROUTE: 'true',
    },
  });
  const owner = await openSession(browser, routeServer.baseURL);
  const renter = await openSession(browser, routeServer.baseURL);
  const desk = await openSession(browser, routeServer.baseURL);
  try {
    const { ownerAccount, car } = await ownerWithCar(owner, 'Route payout ');
    // The owner's bank account makes their Route linked account, which Razorpay then activates.
    await ok(
      'PUT /api/owner/payout-details',
      await owner.context.request.put('/api/owner/payout-details', {
        data: {
          legalName: BANK.legalName,
          accountNumber: BANK.account,
          confirmAccountNumber: BANK.account,
          ifsc: BANK.ifsc,
          pan: BANK.pan,
          currentPassword: ownerAccount.password,
        },
      }),
    );
    const linked = [...routeServer.razorpay.linkedAccounts.values()].find(({ email }) => email === ownerAccount.email);
    if (!linked) throw new Error('no linked account was made for the owner');
    const activated = routeServer.razorpay.routeWebhook('product.route.activated', linked.id);
    await ok(
      'POST /api/payments/razorpay/webhook',
      await owner.context.request.post('/api/payments/razorpay/webhook', {
        headers: { 'content-type': 'application/json', 'x-razorpay-signature': activated.signature },
        data: activated.body,
      }),
    );

    const booking = await paidAndAccepted(routeServer, car.id, owner, renter);
    const [transfer] = [...routeServer.razorpay.transfers.values()].filter(({ recipient }) => recipient === linked.id);
    if (!transfer) throw new Error('no Route transfer was made for the booking');
    await tripOver(routeServer, booking.id);

    await signInAsAdmin(desk.page, admin);
    await desk.page.goto('/admin/payouts');
    const section = desk.page.getByRole('region', { name: 'Paid by Razorpay Route' });
    const row = section.getByRole('row').filter({ hasText: transfer.id });
    // The release makes the payout in the restarted server's first sweep.
    await expect(async () => {
      await desk.page.reload();
      await expect(row).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await expect(row).toContainText(ownerAccount.username);
    await expect(row).toContainText(OWNER_NET);
    await expect(row).toContainText('Processing');
    await looksRight(desk.page, desk);
    // Left at a phone's width, where each payout reads as a card.
    await saveScreenshotsAtBothWidths(desk.page, 'journey-route-payouts');
    await expect(row).toBeVisible();
    await looksRight(desk.page, desk);
  } finally {
    await Promise.all([owner.context.close(), renter.context.close(), desk.context.close()]);
    await routeServer.stop();
  }
});
