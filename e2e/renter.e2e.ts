import { expect, type Locator, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { newAccount, registerAndSignIn, verifyPhoneThroughApi } from './support/accounts';
import { seriousAccessibilityViolations } from './support/axe';
import { answerCheckoutWithStandIn, checkoutsOpened, TEST_TOKEN_PREFIX } from './support/checkout-stand-in';
import { accountToggle } from './support/header';
import { horizontalOverflow } from './support/page-checks';
import { saveScreenshotsAtBothWidths } from './support/screenshots';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The spec's surcharge for a driver, per hour, in rupees. */
const DRIVER_PER_HOUR = 30;
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** 'MMM DD YYYY HH:mm' in India time, as the car page shows a period's ends, to an instant. */
function indiaTime(shown: string): Date {
  return new Date(`${shown} GMT+0530`);
}

async function shownPeriod(page: Page): Promise<{ from: Date; to: Date }> {
  const value = async (term: string) => (await page.locator(`dt:text-is("${term}") + dd`).textContent()) ?? '';
  return { from: indiaTime(await value('From')), to: indiaTime(await value('To')) };
}

/** Names and prices of the cars listed, top to bottom. */
async function listedCars(page: Page): Promise<{ name: string; price: number }[]> {
  const cards = await page
    .locator('.card')
    .filter({ has: page.getByRole('heading', { level: 3 }) })
    .all();
  return Promise.all(
    cards.map(async (card: Locator) => ({
      name: ((await card.getByRole('heading', { level: 3 }).textContent()) ?? '').trim(),
      price: Number(((await card.locator('.price').first().textContent()) ?? '').replace(/[^\d.]/g, '')),
    })),
  );
}

/** Shows the calendar and clicks a day in the end picker's month, two days after the day it shows, the way a person picks one. */
async function moveEndTwoDaysLater(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Pick on a calendar' }).click();
  const end = page.getByRole('textbox', { name: 'Calendar: start, then end' }).nth(1);
  const target = new Date(indiaTime(await end.inputValue()).getTime() + 2 * DAY_MS);
  const indiaDay = (date: Date) => new Date(date.getTime() + 5.5 * HOUR_MS);
  const calendar = page.locator('.rdt').nth(1);
  await end.click();
  if (indiaDay(target).getUTCMonth() !== indiaDay(new Date(indiaTime(await end.inputValue()))).getUTCMonth()) {
    await calendar.locator('.rdtNext').first().click();
  }
  await calendar
    .locator('td.rdtDay:not(.rdtOld):not(.rdtNew)', { hasText: new RegExp(`^${indiaDay(target).getUTCDate()}$`) })
    .click();
  await page.getByRole('heading', { name: 'Check Out' }).click();
}

test.describe('a renter', () => {
  test('registers (and so signs in), finds a car by budget, books it with a driver and sees the booking', async ({
    page,
    problems,
  }) => {
    const renter = newAccount('user');
    await answerCheckoutWithStandIn(page);

    await page.goto('/');
    await page.getByRole('link', { name: 'Register Now' }).click();
    await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
    await page.getByLabel('Username').fill(renter.username);
    await page.getByLabel('Email').fill(renter.email);
    await page.getByLabel('Password', { exact: true }).fill(renter.password);
    await page.getByLabel('Confirm Password').fill(`${renter.password}-typo`);
    await page.getByRole('button', { name: 'Register' }).click();
    // The mismatch is told under the field it concerns, which is marked invalid.
    await expect(page.getByText('Passwords do not match.')).toBeVisible();
    await expect(page.getByLabel('Confirm Password')).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Confirm Password').fill(renter.password);
    await page.getByRole('button', { name: 'Register' }).click();
    // Registering signs the renter in.
    await expect(page).toHaveURL('/layout/home');
    await expect(accountToggle(page, renter.username)).toBeVisible();
    // A first booking request needs a verified mobile, proved here as the account page would.
    await verifyPhoneThroughApi(page.context());

    await page.getByRole('navigation').getByRole('link', { name: 'Cars', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Car Listing', level: 1 })).toBeVisible();
    const carsAnswered = (...wanted: string[]) =>
      page.waitForResponse(
        (response) => response.url().includes('/api/cars?') && wanted.every((part) => response.url().includes(part)),
      );
    await Promise.all([carsAnswered('sort=price-asc'), page.getByLabel('Sort by price').selectOption({ label: 'Low to High' })]);
    await page.getByLabel('Max price per hour').fill('50');
    await Promise.all([
      carsAnswered('sort=price-asc', 'maxPrice=50'),
      page.getByRole('button', { name: 'Apply filters' }).click(),
    ]);
    await expect(page.getByRole('status').filter({ hasText: /cars? match your filters/ })).toBeVisible();

    const cars = await listedCars(page);
    expect(cars.length).toBeGreaterThan(0);
    expect(cars.every((car) => car.price <= 50)).toBe(true);
    expect(cars.map((car) => car.price)).toEqual([...cars.map((car) => car.price)].sort((a, b) => a - b));
    expect(cars.map((car) => car.name)).toContain('Maruti Baleno');

    await page.getByRole('link', { name: 'Rent Maruti Baleno' }).click();
    await expect(page.getByRole('heading', { name: 'Maruti Baleno', level: 1 })).toBeVisible();
    // The unit the page labels the price in is the one the total below charges it by.
    await expect(page.getByText(`${rupees.format(45)} / hour`, { exact: true })).toBeVisible();
    await moveEndTwoDaysLater(page);
    // The choice lives in the address, so the box shows ticked once the router has moved there.
    const driver = page.getByRole('checkbox', { name: /Driver Required/ });
    await driver.click();
    await expect(driver).toBeChecked();

    const { from, to } = await shownPeriod(page);
    const hours = Math.floor((to.getTime() - from.getTime()) / HOUR_MS);
    expect(hours).toBe(72);
    const total = hours * 45 + hours * DRIVER_PER_HOUR;
    const totalBox = page.getByRole('group', { name: 'Total Amount' });
    await expect(totalBox.getByText(rupees.format(total), { exact: true })).toBeVisible();
    await expect(totalBox).toContainText(`${hours} hours × ${rupees.format(45)}`);

    const carPage = page.url();
    await page.getByRole('button', { name: 'Pay with a card' }).click();
    const confirmation = page.getByRole('status').filter({ hasText: 'Booking requested' });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toContainText(rupees.format(total));
    await expect(confirmation).toContainText('Card payment held: taken only when the request is accepted');
    const [opened] = await checkoutsOpened(page);
    expect(opened).toMatchObject({ key: 'pk_test_e2e', amount: total * 100, currency: 'INR', email: renter.email });
    expect(opened?.token.startsWith(TEST_TOKEN_PREFIX)).toBe(true);

    await confirmation.getByRole('link', { name: 'See my bookings' }).click();
    await expect(page).toHaveURL('/bookings');
    const booking = page.getByRole('list', { name: 'Bookings' }).getByRole('listitem').filter({ hasText: 'Maruti Baleno' });
    await expect(booking).toBeVisible();
    await expect(booking).toContainText('requested');
    await expect(booking).toContainText(rupees.format(total));
    await expect(booking).toContainText(`${hours} h, with a driver`);
    await expect(booking).toContainText('Card payment held: taken only when the request is accepted');

    await saveScreenshotsAtBothWidths(page, 'journey-my-bookings');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Asking again for the same period is refused before the card checkout opens, naming the booking and linking to it.
    const number = /Booking (WOW-\d{5})/.exec((await booking.textContent()) ?? '')?.[1];
    await page.goto(carPage);
    await page.getByRole('button', { name: 'Pay with a card' }).click();
    const refusal = page.getByRole('alert');
    await expect(refusal).toContainText(`You already asked for this car for part of that period: booking ${number}, `);
    await expect(refusal).toContainText('(India time)');
    expect(await checkoutsOpened(page)).toEqual([]);
    await refusal.getByRole('link', { name: `Open booking ${number} in My bookings` }).click();
    await expect(page).toHaveURL(/\/bookings\/[0-9a-f-]{36}$/);
    await expect(page.getByText(number ?? 'no number', { exact: false }).first()).toBeVisible();
    expect(problems.pageErrors).toEqual([]);
  });

  test('is told when the card checkout cannot load and offered to try again, never to send the request unpaid', async ({
    context,
    page,
    problems,
  }) => {
    // No stand-in here: the checkout's address stays unreachable, as it is from this machine.
    await registerAndSignIn(context, 'user');
    await page.goto('/cars/Maruti Dzire');
    // The checkout's script is fetched when the renter starts paying.
    await page.getByRole('button', { name: 'Pay with a card' }).click();
    await expect(page.getByText('The checkout could not load.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pay with a card' })).toHaveCount(0);
    // The server takes card payments, so it would refuse an unpaid request: none is offered.
    await expect(page.getByRole('button', { name: /without paying/ })).toHaveCount(0);

    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('button', { name: 'Pay with a card' })).toBeVisible();
    expect(problems.pageErrors).toEqual([]);
  });
});
