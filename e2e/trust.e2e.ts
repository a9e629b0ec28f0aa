import { randomBytes, randomInt } from 'node:crypto';
import { expect } from '@playwright/test';
import sharp from 'sharp';
import { test } from './support/fixtures';
import type { Booking, ListAnswer } from '#domain/contract';
import {
  acceptThroughApi,
  addCarThroughApi,
  newAccount,
  ok,
  registerAndSignIn,
  requestThroughApi,
  signInAsAdmin,
  uniqueName,
  wholeHourIn,
} from './support/accounts';
import { openSession } from './support/browser';
import { horizontalOverflow } from './support/page-checks';
import { saveScreenshotsAtBothWidths } from './support/screenshots';
import { answerCheckoutWithStandIn } from './support/checkout-stand-in';
import { answerRazorpayCheckoutWithStandIn } from './support/razorpay-checkout-stand-in';
import { startServerOnCopyOfBuild, type RunningServer } from './support/server';
import { codeTextedTo } from './support/sms-outbox';

const HOUR_MS = 60 * 60 * 1000;
/** GST at 18 % for a seller registered in Karnataka, on this file's paying server only. */
const GST_ENV = { GST_RATE_BPS: '1800', GSTIN: '29ABCDE1234F1Z5', GST_STATE: 'Karnataka' };

/** The suites' servers take licences as checked at the counter; this file's checks them, with an admin to approve them. */
const admin = {
  email: 'licence-admin@example.com',
  username: 'licenceadmin',
  password: `admin-${randomBytes(8).toString('hex')}`,
};
const LICENCE_ENV = {
  LICENCE_CHECK: 'true',
  ADMIN_EMAIL: admin.email,
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
};

let paying: RunningServer;
let checking: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  [paying, checking] = await Promise.all([
    startServerOnCopyOfBuild({ razorpay: true, env: GST_ENV }),
    startServerOnCopyOfBuild({ env: LICENCE_ENV }),
  ]);
});
test.afterAll(async () => {
  await Promise.all([paying?.stop(), checking?.stop()]);
});

/** A photo of one side of a licence: a plain picture the server takes as an image. */
const licencePhoto = (name: string) =>
  sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer()
    .then((buffer) => ({ name, mimeType: 'image/png', buffer }));

test.describe('approved to drive', () => {
  test('a new renter is stopped at the car page, adds a licence an admin approves, proves a phone, and an instant car is confirmed at once', async ({
    browser,
  }) => {
    const { baseURL } = checking;
    const owner = await openSession(browser, baseURL);
    const renter = await openSession(browser, baseURL);
    const adminSession = await openSession(browser, baseURL);
    try {
      await registerAndSignIn(owner.context, 'owner');
      const car = await addCarThroughApi(owner.context, {
        url: '/images/cars/audi-fiesta.svg',
        carname: uniqueName('Instant Nexon '),
        description: 'Confirmed as soon as it is paid.',
        price: 800,
        instantBooking: true,
      });
      // A renter as sign-up leaves them: no licence, no proven phone.
      const account = newAccount('user');
      await ok(
        'POST /register/user',
        await renter.context.request.post('/register/user', {
          data: {
            username: account.username,
            email: account.email,
            password: account.password,
            confirmPassword: account.password,
          },
        }),
      );

      const { page } = renter;
      const from = wholeHourIn(72);
      const carPage = `/cars/${car.id}?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(new Date(from.getTime() + 4 * HOUR_MS).toISOString())}`;
      await page.goto(carPage);
      await expect(page.getByRole('heading', { level: 1, name: car.carname })).toBeVisible();
      await expect(page.getByLabel('Instant booking: confirmed as soon as you pay')).toBeVisible();
      await expect(page.getByText('Before you book, add your driving licence: our team approves it first.')).toBeVisible();
      await saveScreenshotsAtBothWidths(page, 'licence-missing-car-page');
      await page.getByRole('link', { name: 'Go to your driving licence' }).click();

      const licence = page.getByRole('region', { name: 'Driving licence' });
      await expect(licence.getByText('You have not added a driving licence yet.')).toBeVisible();
      await licence.getByLabel('Licence number').fill('KA01 2019 0012345');
      await licence.getByLabel('Date of birth').fill('1994-05-14');
      await licence.getByLabel('Valid until').fill('2040-05-13');
      await licence.getByLabel('Photo of the front').setInputFiles(await licencePhoto('front.png'));
      await licence.getByLabel('Photo of the back').setInputFiles(await licencePhoto('back.png'));
      await licence.getByRole('button', { name: 'Send licence' }).click();
      await expect(
        licence.getByText('Your licence KA0120190012345 awaits review. We mail you once an admin has checked it.'),
      ).toBeVisible();

      // The admin's queue shows the photos beside what was typed, and approving it takes it off the queue.
      await ok(
        'POST /api/session',
        await adminSession.context.request.post('/api/session', { data: { login: admin.email, password: admin.password } }),
      );
      await adminSession.page.goto('/admin/licences');
      const queued = adminSession.page.getByRole('article', { name: `${account.username} (${account.email})` });
      await expect(queued.getByRole('img', { name: `Front of ${account.username}'s driving licence` })).toBeVisible();
      await expect(queued).toContainText('KA0120190012345');
      await saveScreenshotsAtBothWidths(adminSession.page, 'licence-queue');
      // Left at a phone's width: the renter's long address breaks inside the card.
      expect(await horizontalOverflow(adminSession.page)).toBe(0);
      await queued.getByRole('button', { name: 'Approve' }).click();
      await expect(queued).toHaveCount(0);

      await page.reload();
      await expect(licence.getByText('Your licence KA0120190012345 is approved until')).toBeVisible();
      // The phone, proven with the code the server texted (to its sms-outbox folder).
      const mobile = `9${randomInt(100_000_000, 1_000_000_000)}`;
      await page.getByLabel('Mobile number').fill(mobile);
      await page.getByRole('button', { name: 'Text me a code' }).click();
      await page.getByLabel('Code from the text').fill(await codeTextedTo(mobile));
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText(/^Your phone number \+91 \d{5} \d{5} is verified\.$/)).toBeVisible();

      await answerCheckoutWithStandIn(page);
      await page.goto(carPage);
      await expect(page.getByText('Before you book, add your driving licence')).toHaveCount(0);
      await page.getByRole('button', { name: 'Pay with a card' }).click();
      const confirmation = page.getByRole('status').filter({ hasText: 'Booking accepted' });
      await expect(confirmation).toBeVisible();
      await expect(confirmation).toContainText('₹3,200.00');
      await saveScreenshotsAtBothWidths(page, 'instant-booking-confirmed');

      // The owner sees who asked: approved to drive, with no licence number.
      // Confirmed at once, the booking waits for no answer from the owner: it is among the accepted.
      await owner.page.goto('/get/requests');
      await expect(owner.page.getByText('No rental requests are awaiting your answer.')).toBeVisible();
      await owner.page.getByRole('tab', { name: 'Accepted' }).click();
      const request = owner.page
        .getByRole('tabpanel', { name: 'Accepted' })
        .getByRole('listitem')
        .filter({ hasText: car.carname });
      await expect(request).toContainText('Approved to drive');
      await expect(request).not.toContainText('KA0120190012345');
      for (const side of [owner, renter, adminSession]) {
        expect(side.problems.pageErrors).toEqual([]);
        expect(side.problems.consoleErrors).toEqual([]);
      }
    } finally {
      await Promise.all([renter.context.close(), owner.context.close(), adminSession.context.close()]);
    }
  });
});

test.describe('talking before the trip', () => {
  test('a renter and an owner exchange messages: a phone number is masked until the owner accepts, then shown', async ({
    browser,
    suiteServer,
  }) => {
    const owner = await openSession(browser, suiteServer.baseURL);
    const renter = await openSession(browser, suiteServer.baseURL);
    try {
      await registerAndSignIn(owner.context, 'owner');
      const car = await addCarThroughApi(owner.context, {
        url: '/images/cars/audi-fiesta.svg',
        carname: uniqueName('Chat Baleno '),
        description: 'Asked about before the trip.',
        price: 900,
        // Paid at pickup: the request goes without a checkout, which this journey is not about.
        payAtPickup: true,
      });
      await registerAndSignIn(renter.context, 'user');
      const booking = await requestThroughApi(renter.context, car, { from: wholeHourIn(72), hours: 5 });

      await renter.page.goto(`/bookings/${booking.id}`);
      const renterMessages = renter.page.getByRole('region', { name: 'Messages' });
      await expect(renterMessages.getByText('Contact details show after the booking is accepted')).toBeVisible();
      await renterMessages.getByRole('textbox', { name: 'Message' }).fill('Where do we meet? Call me on +91 98765 43210.');
      await renterMessages.getByRole('button', { name: 'Send' }).click();
      const renterList = renterMessages.getByRole('list', { name: 'Messages about this booking' });
      await expect(renterList.getByRole('listitem')).toHaveCount(1);
      await expect(renterList).toContainText('Call me on •••.');
      await expect(renterList).not.toContainText('98765');

      await owner.page.goto(`/bookings/${booking.id}`);
      const ownerMessages = owner.page.getByRole('region', { name: 'Messages' });
      const ownerList = ownerMessages.getByRole('list', { name: 'Messages about this booking' });
      await expect(ownerList).toContainText('Where do we meet? Call me on •••.');
      await expect(ownerList).not.toContainText('98765');
      // Read by the owner: the renter's page says so on its next load.
      await renter.page.reload();
      await expect(renterList.getByText('Seen')).toBeVisible();

      await acceptThroughApi(owner.context, suiteServer.baseURL, booking);
      await owner.page.reload();
      await expect(ownerList).toContainText('Where do we meet? Call me on +91 98765 43210.');
      await expect(ownerMessages.getByText('Contact details show after the booking is accepted')).toHaveCount(0);
      await ownerMessages.getByRole('textbox', { name: 'Message' }).fill('At the MG Road metro gate. My number is 99887 76655.');
      await ownerMessages.getByRole('button', { name: 'Send' }).click();
      await expect(ownerList.getByRole('listitem')).toHaveCount(2);

      await renter.page.reload();
      await expect(renterList.getByRole('listitem')).toHaveCount(2);
      await expect(renterList.getByRole('listitem').nth(1)).toContainText('My number is 99887 76655.');
      await saveScreenshotsAtBothWidths(renter.page, 'booking-messages');
      for (const side of [owner, renter]) {
        expect(side.problems.pageErrors).toEqual([]);
        expect(side.problems.consoleErrors).toEqual([]);
      }
    } finally {
      await renter.context.close();
      await owner.context.close();
    }
  });
});

test.describe('reports', () => {
  test('a renter reports an owner’s message; an admin reads the conversation and closes the report, at 1280 px and 375 px', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const moderator = {
      email: 'reports-admin@example.com',
      username: 'reportsadmin',
      password: `admin-${randomBytes(8).toString('hex')}`,
    };
    const server = await startServerOnCopyOfBuild({
      env: { ADMIN_EMAIL: moderator.email, ADMIN_USERNAME: moderator.username, ADMIN_PASSWORD: moderator.password },
    });
    const owner = await openSession(browser, server.baseURL);
    const renter = await openSession(browser, server.baseURL);
    const moderation = await openSession(browser, server.baseURL);
    try {
      await registerAndSignIn(owner.context, 'owner');
      const car = await addCarThroughApi(owner.context, {
        url: '/images/cars/audi-fiesta.svg',
        carname: uniqueName('Rude Ertiga '),
        description: 'Its owner asks for cash.',
        price: 900,
        payAtPickup: true,
      });
      const asker = await registerAndSignIn(renter.context, 'user');
      const booking = await requestThroughApi(renter.context, car, { from: wholeHourIn(72), hours: 5 });
      await ok(
        'POST /api/bookings/{id}/messages',
        await owner.context.request.post(`/api/bookings/${booking.id}/messages`, {
          data: { text: 'Pay me in cash outside the app, or no car.' },
        }),
      );

      await renter.page.goto(`/bookings/${booking.id}`);
      const messages = renter.page.getByRole('region', { name: 'Messages' });
      await messages.getByRole('button', { name: /^Report this message to / }).click();
      await expect(messages.getByText(/^Reported to /)).toBeVisible();

      const admin = moderation.page;
      await signInAsAdmin(admin, moderator);
      await admin.goto('/admin/conversations');
      const row = admin.getByRole('row', { name: new RegExp(booking.number) });
      await expect(row).toContainText(asker.username);
      await row.getByRole('button', { name: `Read messages of booking ${booking.number}` }).click();
      const reading = admin.getByRole('dialog', { name: `Messages of booking ${booking.number}` });
      await expect(reading).toContainText('Pay me in cash outside the app, or no car.');
      await reading.getByRole('button', { name: 'Close' }).click();
      await saveScreenshotsAtBothWidths(admin, 'admin-reported-conversations');

      await row.getByRole('button', { name: `Close reports of booking ${booking.number}` }).click();
      const closing = admin.getByRole('dialog', { name: `Close the reports of booking ${booking.number}` });
      await closing.getByRole('textbox', { name: 'Reason' }).fill('Warned the owner: payments stay in the app.');
      await closing.getByRole('button', { name: 'Close reports' }).click();
      await expect(admin.getByText(`Closed the reports of booking ${booking.number}.`)).toBeVisible();
      await expect(admin.getByText('No report is open.')).toBeVisible();

      await admin.goto('/admin/audit');
      await expect(admin.getByRole('row', { name: /Closed reports of booking's messages/ })).toContainText(
        'Warned the owner: payments stay in the app.',
      );
      await admin.setViewportSize({ width: 375, height: 800 });
      await admin.goto('/admin/conversations');
      await expect(admin.getByText('No report is open.')).toBeVisible();
      expect(await horizontalOverflow(admin)).toBe(0);
      for (const side of [owner, renter, moderation]) {
        expect(side.problems.pageErrors).toEqual([]);
        expect(side.problems.consoleErrors).toEqual([]);
      }
    } finally {
      await Promise.all([owner.context.close(), renter.context.close(), moderation.context.close()]);
      await server.stop();
    }
  });
});

test.describe('cancelling late', () => {
  test('refunds half of the price and of its GST when the renter cancels within a day of the start, and the receipt says so', async ({
    browser,
  }) => {
    const { baseURL, razorpay } = paying;
    const owner = await openSession(browser, baseURL);
    const renter = await openSession(browser, baseURL);
    try {
      await registerAndSignIn(owner.context, 'owner');
      const car = await addCarThroughApi(owner.context, {
        url: '/images/cars/audi-fiesta.svg',
        carname: uniqueName('Late Creta '),
        description: 'Cancelled close to its start.',
        price: 1000,
      });
      await registerAndSignIn(renter.context, 'user');

      // Four hours starting in three: well inside the 24 hours before the start.
      const from = wholeHourIn(3);
      const to = new Date(from.getTime() + 4 * HOUR_MS);
      const { page, problems } = renter;
      await answerCheckoutWithStandIn(page);
      await answerRazorpayCheckoutWithStandIn(page, razorpay, 'upi');
      await page.goto(
        `/cars/${car.id}?from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`,
      );
      // 4 × ₹1,000 and 18 % GST: ₹4,720.00, of which the policy gives back half once it is late.
      await expect(page.getByRole('group', { name: 'Total Amount' })).toContainText('Total including GST₹4,720.00');
      await expect(page.getByText(/^Cancelling: free until the owner accepts/)).toBeVisible();
      await page.getByRole('button', { name: 'Pay with UPI, card or netbanking' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Booking requested' })).toBeVisible();

      const mine = (await (await renter.context.request.get('/api/bookings')).json()) as ListAnswer<Booking>;
      const booking = mine.data.find((candidate) => candidate.car.id === car.id);
      if (!booking) throw new Error('the booking was not stored');
      expect(booking.amountPaise).toBe(472_000);
      await acceptThroughApi(owner.context, baseURL, booking);

      await page.goto('/bookings');
      const item = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: car.carname });
      await item.getByRole('button', { name: 'Cancel booking' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(
        "Of the ₹4,720.00 paid, ₹2,360.00 is refunded and ₹2,360.00 is kept under the booking's cancellation policy, since it is cancelled this close to its start.",
      );
      await dialog.getByRole('button', { name: 'Cancel booking' }).click();
      await expect(page.getByText(`Booking ${booking.number} cancelled.`)).toBeVisible();

      // Razorpay was asked to give back the half, and keeps the rest captured.
      const payment = [...razorpay.payments.values()].find((candidate) => candidate.amount === 472_000);
      expect(payment).toMatchObject({ status: 'captured', refunded: 236_000 });

      await page.goto(`/bookings/${booking.id}`);
      const refund = page.getByRole('table', { name: 'Cancellation refund' });
      await expect(refund).toBeVisible();
      const rows = await refund.getByRole('row').all();
      const shown = await Promise.all(
        rows.map(async (row) => [
          ((await row.getByRole('rowheader').textContent()) ?? '').trim(),
          ((await row.getByRole('cell').textContent()) ?? '').trim(),
        ]),
      );
      expect(shown).toEqual([
        ['Refunded of the price', '₹2,000.00'],
        ['Refunded of the GST', '₹360.00'],
        ['Kept under the cancellation policy', '₹2,360.00'],
        ['Refunded', '₹2,360.00'],
      ]);
      await expect(page.getByText(/^Refunded: GST credit note .+ credits the refund against this invoice\.$/)).toBeVisible();
      await saveScreenshotsAtBothWidths(page, 'late-cancellation-receipt');
      expect(problems.pageErrors).toEqual([]);
      expect(problems.consoleErrors).toEqual([]);
    } finally {
      await renter.context.close();
      await owner.context.close();
    }
  });
});
