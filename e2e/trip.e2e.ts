import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Booking } from '#domain/contract';
import { acceptThroughApi, addCarThroughApi, registerAndSignIn, requestThroughApi, uniqueName } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { openSession, PHONE_WIDTH } from './support/browser';
import { test } from './support/fixtures';
import { horizontalOverflow, unexpectedProblems } from './support/page-checks';
import { saveScreenshotsAtBothWidths } from './support/screenshots';

// The trip on two phones: the renter records the handover with a photo of each side, the owner
// confirms it on their own phone, and at the return the owner records less fuel, which the renter
// corrects; each side sees the other's words beside their own.

const SIDES = ['Front', 'Rear', 'Left side', 'Right side'] as const;
/** What one phone sends shows on the other's open page by its next read of the records, every 10 s. */
const OTHER_PHONE_MS = 25_000;

async function carPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 60, b: 40 } } })
    .jpeg()
    .toBuffer();
}

/** Fills the checklist of `kind` on `page` and sends it, a photo for each side. */
async function sendChecklist(page: Page, kind: 'Handover' | 'Return', odometer: string, fuel: string): Promise<void> {
  const form = page.getByRole('form', { name: `${kind} checklist` });
  await expect(form).toBeVisible();
  const photo = await carPhoto();
  for (const side of SIDES) {
    const field = form.getByLabel(side, { exact: true });
    await expect(field).toHaveAttribute('capture', 'environment');
    await field.setInputFiles({ name: `${side}.jpg`, mimeType: 'image/jpeg', buffer: photo });
  }
  await form.getByLabel('Odometer (km)').fill(odometer);
  await form.getByText(fuel, { exact: true }).click();
  await form.getByRole('button', { name: 'Send for confirmation' }).click();
  await expect(page.getByText('Waiting for the other side to confirm on their phone.')).toBeVisible();
}

test('renter and owner record the handover and the return on their own phones, with a correction both see', async ({
  browser,
  baseURL,
}) => {
  if (!baseURL) throw new Error('the run has no server');
  const owner = await openSession(browser, baseURL, PHONE_WIDTH);
  const renter = await openSession(browser, baseURL, PHONE_WIDTH);
  try {
    await registerAndSignIn(owner.context, 'owner');
    const car = await addCarThroughApi(owner.context, {
      url: '/images/cars/audi-fiesta.svg',
      carname: uniqueName('Tata Nexon '),
      description: 'Full tank at handover.',
      price: 90,
      payAtPickup: true,
    });
    await registerAndSignIn(renter.context, 'user');
    // Starting in a minute: the handover checklist is open from half an hour before the start.
    const booking: Booking = await requestThroughApi(renter.context, car, {
      from: new Date(Math.ceil(Date.now() / 60_000) * 60_000 + 60_000),
      hours: 3,
    });
    await acceptThroughApi(owner.context, baseURL, booking);

    // Both have the booking open. The renter records the handover; it shows on the owner's phone
    // without a reload, and the owner confirms it.
    await owner.page.goto(`/bookings/${booking.id}`);
    await expect(owner.page.getByRole('form', { name: 'Handover checklist' })).toBeVisible();
    await renter.page.goto(`/bookings/${booking.id}`);
    await sendChecklist(renter.page, 'Handover', '12000', '8/8');
    await expect(owner.page.getByRole('heading', { name: 'Check the handover' })).toBeVisible({ timeout: OTHER_PHONE_MS });
    await expect(owner.page.getByText('Odometer: 12000 km')).toBeVisible();
    await expect(owner.page.getByRole('img', { name: /^Front photo, taken / })).toBeVisible();
    await owner.page.getByRole('button', { name: 'Confirm', exact: true }).click();
    await expect(owner.page.getByText(/^Confirmed by .+ \(the car's side\) on /)).toBeVisible();

    // The return: the owner records it, and the renter corrects the fuel they left in the tank.
    await expect(owner.page.getByRole('form', { name: 'Return checklist' })).toBeVisible();
    await sendChecklist(owner.page, 'Return', '12180', '5/8');
    await expect(renter.page.getByRole('heading', { name: 'Check the return' })).toBeVisible({ timeout: OTHER_PHONE_MS });
    await renter.page.getByRole('button', { name: 'Correct', exact: true }).click();
    const correction = renter.page.getByRole('form', { name: 'Correct' });
    await correction.getByText('6/8', { exact: true }).click();
    await correction.getByRole('button', { name: 'Confirm with my correction' }).click();
    await expect(renter.page.getByText(/^Confirmed by .+ \(the renter\) on /)).toBeVisible();

    // Both phones show the return as sent and as corrected, and the booking as returned.
    for (const { page } of [renter, owner]) {
      await page.goto(`/bookings/${booking.id}`);
      const returned = page.getByRole('region', { name: 'Return' });
      await expect(returned.getByText('Fuel: 5/8')).toBeVisible();
      await expect(returned.getByText('Corrected by the renter:')).toBeVisible();
      await expect(returned.getByText('Fuel: 6/8')).toBeVisible();
      await expect(page.getByText('returned', { exact: true }).first()).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    }
    await saveScreenshotsAtBothWidths(renter.page, 'trip-returned');
    expect(unexpectedProblems(renter.problems)).toEqual([]);
    expect(unexpectedProblems(owner.problems)).toEqual([]);
  } finally {
    await owner.context.close();
    await renter.context.close();
  }
});
