import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import type { Booking, OwnerCar } from '#domain/contract';
import { addCarThroughApi, ok, registerAndSignIn, uniqueName } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { openSession, PHONE_WIDTH } from './support/browser';
import { horizontalOverflow, unexpectedProblems } from './support/page-checks';

const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const PERIOD_LABEL = 'Calendar: start, then end';

/** India's date `ahead` days from today, "YYYY-MM-DD". */
function indiaDate(ahead: number): string {
  return new Date(Date.now() + INDIA_OFFSET_MS + ahead * DAY_MS).toISOString().slice(0, 10);
}

/**
 * An owner's car with two accepted bookings, made through the API: India's day 3 from midnight to
 * midnight, and day 5 from 10:00 to 14:00; and a request for day 7 nobody answered.
 */
async function carWithBookings(browser: Browser, baseURL: string): Promise<OwnerCar> {
  const ownerContext = await browser.newContext({ baseURL });
  const renterContext = await browser.newContext({ baseURL });
  try {
    await registerAndSignIn(ownerContext, 'owner');
    const car = await addCarThroughApi(ownerContext, {
      url: '/images/cars/audi-fiesta.svg',
      carname: uniqueName('Mahindra Thar '),
      description: 'Booked on some days.',
      price: 90,
      // Paid at pickup: with card payments on, only such a car takes a request sent unpaid.
      payAtPickup: true,
    });
    await registerAndSignIn(renterContext, 'user');
    const periods = [
      [`${indiaDate(3)}T00:00:00+05:30`, `${indiaDate(4)}T00:00:00+05:30`],
      [`${indiaDate(5)}T10:00:00+05:30`, `${indiaDate(5)}T14:00:00+05:30`],
      [`${indiaDate(7)}T10:00:00+05:30`, `${indiaDate(7)}T14:00:00+05:30`],
    ];
    const made: Booking[] = [];
    for (const [from, to] of periods) {
      const data = { carName: car.id, from, to, driver: false };
      made.push(await ok<Booking>('POST /api/bookings', await renterContext.request.post('/api/bookings', { data })));
    }
    for (const booking of made.slice(0, 2)) {
      // As the owner's page sends it: a bodiless step names the page it comes from, this site.
      const headers = { origin: new URL(baseURL).origin };
      await ok(`accept ${booking.id}`, await ownerContext.request.post(`/api/bookings/${booking.id}/accept`, { headers }));
    }
    return car;
  } finally {
    await ownerContext.close();
    await renterContext.close();
  }
}

/** The cell of India's day `ahead` in picker `which` (0 start, 1 end), with the calendar shown, open and paged to it. */
async function pickerDay(page: Page, which: 0 | 1, ahead: number) {
  const showCalendar = page.getByRole('button', { name: 'Pick on a calendar' });
  if ((await showCalendar.getAttribute('aria-expanded')) === 'false') await showCalendar.click();
  await page.getByRole('textbox', { name: PERIOD_LABEL }).nth(which).click();
  const calendar = page.locator('.rdt').nth(which);
  const [year, month, day] = indiaDate(ahead).split('-').map(Number) as [number, number, number];
  const cell = calendar.locator(`td.rdtDay[data-year="${year}"][data-month="${month - 1}"][data-value="${day}"]`);
  for (let turn = 0; turn < 3 && (await cell.count()) === 0; turn += 1) await calendar.locator('.rdtNext').first().click();
  return cell;
}

const stripDay = (page: Page, ahead: number) => page.locator(`.availability-strip li[data-day="${indiaDate(ahead)}"]`);

/** Opens the car's page and checks what it shows of the bookings carWithBookings made. */
async function checkPageOf(car: OwnerCar, page: Page): Promise<void> {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(`/cars/${car.id}`);

  // The strip: 30 days from today, day 3 booked, day 5 partly, the unanswered request's day 7 free.
  await expect(page.getByRole('list', { name: 'Availability, next 30 days' })).toBeVisible();
  await expect(page.locator('.availability-strip li')).toHaveCount(30);
  await expect(stripDay(page, 0)).toHaveAttribute('data-day', indiaDate(0));
  await expect(stripDay(page, 3)).toHaveText(/: booked$/);
  expect(await stripDay(page, 3).getAttribute('class')).toContain('availability-day--busy');
  await expect(stripDay(page, 5)).toHaveText(/: partly booked$/);
  await expect(stripDay(page, 4)).toHaveText(/: free$/);
  await expect(stripDay(page, 7)).toHaveText(/: free$/);

  // The picker: the booked day is disabled for start and end; clicking it changes nothing.
  const bookedStart = await pickerDay(page, 0, 3);
  const start = page.getByRole('textbox', { name: PERIOD_LABEL }).first();
  const end = page.getByRole('textbox', { name: PERIOD_LABEL }).nth(1);
  const shown = [await start.inputValue(), await end.inputValue()];
  expect(await bookedStart.getAttribute('class')).toMatch(/\brdtDisabled\b.*\bday-busy\b/);
  await expect(bookedStart).toHaveAttribute('title', 'Booked');
  await bookedStart.click();
  await page.getByRole('heading', { name: 'Check Out' }).click();
  const bookedEnd = await pickerDay(page, 1, 3);
  expect(await bookedEnd.getAttribute('class')).toContain('rdtDisabled');
  await bookedEnd.click();
  await page.getByRole('heading', { name: 'Check Out' }).click();
  expect([await start.inputValue(), await end.inputValue()]).toEqual(shown);
  expect(new URL(page.url()).searchParams.has('from')).toBe(false);

  // The partly booked day is marked, and can be picked.
  const partly = await pickerDay(page, 0, 5);
  expect(await partly.getAttribute('class')).toContain('day-partly');
  expect(await partly.getAttribute('class')).not.toContain('rdtDisabled');
  await expect(partly).toHaveAttribute('title', 'Partly booked');
  await partly.click();
  await page.getByRole('heading', { name: 'Check Out' }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('from')?.slice(0, 10)).toBe(indiaDate(5));
  expect(pageErrors).toEqual([]);
}

for (const timezoneId of ['Asia/Kolkata', 'America/New_York']) {
  test.describe(`the car page of a car with accepted bookings, in the browser zone ${timezoneId}`, () => {
    test.use({ timezoneId });

    test('marks the booked and partly booked days in the strip and the picker, and a booked day cannot be picked', async ({
      browser,
      page,
      suiteServer,
    }) => {
      const car = await carWithBookings(browser, suiteServer.baseURL);
      await checkPageOf(car, page);
    });
  });
}

test.describe('the availability strip on a phone', () => {
  test('fits 375 px without sideways scrolling and passes axe', async ({ browser, suiteServer }) => {
    const car = await carWithBookings(browser, suiteServer.baseURL);
    const { context, page, problems } = await openSession(browser, suiteServer.baseURL, PHONE_WIDTH);
    try {
      await page.goto(`/cars/${car.id}`);
      await expect(page.getByRole('list', { name: 'Availability, next 30 days' })).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      expect(unexpectedProblems(problems)).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
