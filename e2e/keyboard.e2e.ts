import { expect } from '@playwright/test';
import { test } from './support/fixtures';
import { newAccount, registerAndSignIn, registerThroughApi } from './support/accounts';
import { answerCheckoutWithStandIn, checkoutsOpened } from './support/checkout-stand-in';
import { headerTabStops } from './support/header';
import { seriousAccessibilityViolations } from './support/axe';
import { focusedControl, operableControls, tabOrder, tabTo } from './support/keyboard';
import { toIndiaIso } from '#domain/india-time';

/**
 * The Tab stops of Chromium's date or time field: one for each of its three parts (month, day and
 * year; hours, minutes and a.m. or p.m.), then its calendar or clock button.
 */
const fieldStops = (control: string) => Array.from({ length: 4 }, () => control);

test.describe('keyboard only', () => {
  test('the login page tabs through its controls in reading order, and an owner signs in without a mouse', async ({
    context,
    page,
  }) => {
    const owner = newAccount('owner');
    await registerThroughApi(context, owner);
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeVisible();

    const order = await tabOrder(page);
    expect(order).toEqual([
      ...headerTabStops(),
      'tab "User"',
      'textbox "Email"',
      'textbox "Password"',
      'button "Sign in"',
      'link "Forgot Password?"',
      'link "Create an account"',
      'link "Browse cars without signing in"',
    ]);
    expect(order).toEqual(expect.arrayContaining(await operableControls(page)));

    // The tab list takes one Tab stop; an arrow key selects the next tab and takes the focus along.
    await page.getByRole('tab', { name: 'User' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Owner', selected: true })).toBeVisible();
    await expect.poll(() => focusedControl(page)).toBe('tab "Owner"');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedControl(page)).toBe('textbox "Email"');
    await page.keyboard.type(owner.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(owner.password);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/get/cars');
    await expect(page.getByRole('heading', { name: 'Your Cars', level: 1 })).toBeVisible();
  });

  test('the car page tabs through the header, then from the way back to the period’s fields, the calendar’s button, the driver and the card button, which opens the checkout', async ({
    context,
    page,
  }) => {
    const renter = await registerAndSignIn(context, 'user');
    await answerCheckoutWithStandIn(page);
    await page.goto('/cars/Tata Nexon EV');
    const reserve = page.getByRole('button', { name: 'Pay with a card' });
    // The prerendered page's controls are disabled, out of the tab order, until the app has hydrated them.
    await expect(reserve).toBeEnabled();

    const order = await tabOrder(page);
    expect(order).toEqual([
      ...headerTabStops(renter.username),
      'link "← Car Listing"',
      ...fieldStops('textbox "From date"'),
      ...fieldStops('textbox "From time"'),
      ...fieldStops('textbox "To date"'),
      ...fieldStops('textbox "To time"'),
      'button "Pick on a calendar"',
      'checkbox "Driver Required (₹30.00 per hour)"',
      'button "Pay with a card"',
    ]);
    expect(order).toEqual(expect.arrayContaining(await operableControls(page)));

    const total = page.getByRole('group', { name: 'Total Amount' });
    const before = await total.textContent();
    await page.getByRole('checkbox', { name: /Driver Required/ }).focus();
    await page.keyboard.press('Space');
    await expect(total.getByText(/\+ driver/)).toBeVisible();
    expect(await total.textContent()).not.toBe(before);

    await page.keyboard.press('Tab');
    await expect.poll(() => focusedControl(page)).toBe('button "Pay with a card"');
    await page.keyboard.press('Enter');
    await expect.poll(() => checkoutsOpened(page)).toHaveLength(1);
    const [opened] = await checkoutsOpened(page);
    // The page's default period is one day: 24 hours × (₹50 + ₹30 for the driver), in paise.
    expect(opened).toMatchObject({ key: 'pk_test_e2e', currency: 'INR', email: renter.email, amount: 24 * (50 + 30) * 100 });
  });

  test('a renter types a period of their own on the car page, sees its total and books it, all without a mouse', async ({
    context,
    page,
    problems,
  }) => {
    await registerAndSignIn(context, 'user');
    await answerCheckoutWithStandIn(page);
    await page.goto('/cars/Tata Nexon EV');
    await expect(page.getByRole('button', { name: 'Pay with a card' })).toBeEnabled();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    // Next year's third of March, whose day and month read the same whichever order the browser's date field takes them in.
    const year = Number(toIndiaIso(new Date()).slice(0, 4)) + 1;
    const day = `${year}-03-03`;
    await tabTo(page, 'textbox "From date"');
    await page.keyboard.type(`0303${year}`);
    await tabTo(page, 'textbox "From time"');
    // Hours, minutes, then "a" for a.m. where the field has a 12-hour clock (a 24-hour one ignores it).
    await page.keyboard.type('0900a');
    const toTime = page.getByLabel('To time');
    // The end is still the page's own, before the new start: the To fields say so.
    await expect(toTime).toHaveAttribute('aria-invalid', 'true');
    await expect(toTime).toHaveAccessibleDescription(/The end must be after the start\./);
    await expect(page.getByRole('button', { name: 'Pay with a card' })).toBeDisabled();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    await tabTo(page, 'textbox "To date"');
    await page.keyboard.type(`0303${year}`);
    await tabTo(page, 'textbox "To time"');
    await page.keyboard.type('1100a');
    await expect(toTime).not.toHaveAttribute('aria-invalid');
    await expect(page.getByRole('group', { name: 'Total Amount' })).toContainText('2 hours × ₹50.00');

    await tabTo(page, 'button "Pay with a card"');
    const [answer] = await Promise.all([
      page.waitForResponse((response) => response.url().endsWith('/api/bookings') && response.request().method() === 'POST'),
      page.keyboard.press('Enter'),
    ]);
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toMatchObject({ from: `${day}T09:00:00+05:30`, to: `${day}T11:00:00+05:30` });
    const confirmation = page.getByRole('status').filter({ hasText: 'Booking requested' });
    await expect(confirmation).toContainText('(2 hours)');
    expect(problems.pageErrors).toEqual([]);
  });
});
