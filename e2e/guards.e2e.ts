import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import type { OwnerCar } from '#domain/contract';
import { addCarThroughApi, registerAndSignIn, uniqueName } from './support/accounts';
import { inSession } from './support/browser';
import { accountToggle, openAccountMenu } from './support/header';

/** A car of an owner that no test below signs in as. */
let othersCar: OwnerCar;

async function listCar(context: BrowserContext, label: string): Promise<OwnerCar> {
  return addCarThroughApi(context, {
    url: '/images/cars/audi-fiesta.svg',
    carname: `${label} ${uniqueName('')}`,
    description: 'A car that only its owner may change.',
    price: 900,
  });
}

test.beforeAll(async ({ browser, suiteServer }) => {
  await inSession(browser, suiteServer.baseURL, async ({ context }) => {
    await registerAndSignIn(context, 'owner');
    othersCar = await listCar(context, 'Private');
  });
});

async function showsOwnerOnlyNotice(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'This page is for owner accounts' })).toBeVisible();
}

test.describe('route guards and signing out', () => {
  test('keeps a renter out of the owner screens and off another owner’s car', async ({ context, page }) => {
    const renter = await registerAndSignIn(context, 'user');
    for (const path of ['/get/cars', '/Renting', '/owner', '/get/requests', `/get/car/${othersCar.id}`]) {
      await showsOwnerOnlyNotice(page, path);
      await expect(page.getByText(`You are signed in as ${renter.username}, a user account.`)).toHaveCount(1);
      await expect(page.getByText(othersCar.carname)).toHaveCount(0);
      await expect(page.getByRole('textbox')).toHaveCount(0);
    }
    // The server refuses too, whatever the screens do.
    expect((await context.request.get(`/get-car/${othersCar.id}`)).status()).toBe(403);
    expect((await context.request.get('/get-cars')).status()).toBe(403);
  });

  test('shows an owner nothing of another owner’s car on its edit page', async ({ context, page }) => {
    await registerAndSignIn(context, 'owner');
    await page.goto(`/get/car/${othersCar.id}`);
    await expect(page.getByRole('alert').filter({ hasText: 'This car was not found among your cars.' })).toBeVisible();
    await expect(page.getByText(othersCar.carname)).toHaveCount(0);
    await expect(page.getByRole('textbox')).toHaveCount(0);

    await page.goto('/get/cars');
    await expect(page.getByText('No cars yet')).toBeVisible();
    await expect(page.getByText(othersCar.carname)).toHaveCount(0);
  });

  test('ends an owner’s session with the header’s Logout; Back does not bring the owner’s cars back', async ({
    context,
    page,
  }) => {
    const owner = await registerAndSignIn(context, 'owner');
    const mine = await listCar(context, 'Mine');
    await page.goto('/get/cars');
    await expect(page.getByRole('heading', { name: mine.carname })).toBeVisible();

    await (await openAccountMenu(page, owner.username)).getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { name: 'Best offers and variety of cars for your need!' })).toBeVisible();
    expect(await (await context.request.get('/api/session')).json()).toEqual({ user: null });

    await page.goBack();
    await expect(page).toHaveURL(/\/login/);
    // The guard sends them to sign in again, saying what for.
    await expect(page.getByRole('heading', { name: 'Sign in to see your cars', level: 1 })).toBeVisible();
    await expect(page.getByText(mine.carname)).toHaveCount(0);

    await page.goto('/get/cars');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByText(mine.carname)).toHaveCount(0);
  });

  test('ends a renter’s session with the header’s Logout; Back shows them signed out', async ({ context, page }) => {
    const renter = await registerAndSignIn(context, 'user');
    await page.goto('/layout/about');
    await (await openAccountMenu(page, renter.username)).getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    expect(await (await context.request.get('/api/session')).json()).toEqual({ user: null });

    await page.goBack();
    await expect(page.getByRole('heading', { name: 'About Us', level: 1 })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(accountToggle(page, renter.username)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Logout' })).toHaveCount(0);

    await page.goto('/bookings');
    await expect(page).toHaveURL(/\/login/);
  });
});
