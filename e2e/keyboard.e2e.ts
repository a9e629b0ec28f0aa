import { expect } from '@playwright/test';
import { test } from './support/fixtures';
import { newAccount, registerAndSignIn, registerThroughApi } from './support/accounts';
import { answerCheckoutWithStandIn, checkoutsOpened } from './support/checkout-stand-in';
import { headerTabStops } from './support/header';
import { focusedControl, operableControls, tabOrder } from './support/keyboard';

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

  test('the car page tabs through the header, then from the way back to the period, the driver and the card button, which opens the checkout', async ({
    context,
    page,
  }) => {
    const renter = await registerAndSignIn(context, 'user');
    await answerCheckoutWithStandIn(page);
    await page.goto('/cars/Tesla Malibu');
    const reserve = page.getByRole('button', { name: 'Pay with a card' });
    // The prerendered page's controls are disabled, out of the tab order, until the app has hydrated them.
    await expect(reserve).toBeEnabled();

    const order = await tabOrder(page);
    expect(order).toEqual([
      ...headerTabStops(renter.username),
      'link "← Car Listing"',
      'textbox "Rental period: start, then end"',
      'textbox "Rental period: start, then end"',
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
});
