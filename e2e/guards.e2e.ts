import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { OwnerCar } from '#domain/contract';
import { addCarThroughApi, registerAndSignIn, uniqueName } from './support/accounts';
import { inSession, launchBrowser, type BrowserSession } from './support/browser';
import { accountToggle, openAccountMenu } from './support/header';

const baseURL = inject('baseURL');
let browser: Browser;
/** A car of an owner that no test below signs in as. */
let othersCar: OwnerCar;

const withSession = (work: (session: BrowserSession) => Promise<void>) => inSession(browser, baseURL, work);

async function listCar(context: BrowserContext, label: string): Promise<OwnerCar> {
  return addCarThroughApi(context, {
    url: '/images/cars/audi-fiesta.svg',
    carname: `${label} ${uniqueName('')}`,
    description: 'A car that only its owner may change.',
    price: 900,
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  await withSession(async ({ context }) => {
    await registerAndSignIn(context, 'owner');
    othersCar = await listCar(context, 'Private');
  });
});
afterAll(() => browser?.close());

async function showsOwnerOnlyNotice(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: 'This page is for owner accounts' }).waitFor();
}

describe('route guards and signing out', () => {
  it('keeps a renter out of the owner screens and off another owner’s car', () =>
    withSession(async ({ context, page }) => {
      const renter = await registerAndSignIn(context, 'user');
      for (const path of ['/get/cars', '/Renting', '/owner', '/get/requests', `/get/car/${othersCar.id}`]) {
        await showsOwnerOnlyNotice(page, path);
        expect(await page.getByText(`You are signed in as ${renter.username}, a user account.`).count()).toBe(1);
        expect(await page.getByText(othersCar.carname).count()).toBe(0);
        expect(await page.getByRole('textbox').count()).toBe(0);
      }
      // The server refuses too, whatever the screens do.
      expect((await context.request.get(`/get-car/${othersCar.id}`)).status()).toBe(403);
      expect((await context.request.get('/get-cars')).status()).toBe(403);
    }));

  it('shows an owner nothing of another owner’s car on its edit page', () =>
    withSession(async ({ context, page }) => {
      await registerAndSignIn(context, 'owner');
      await page.goto(`/get/car/${othersCar.id}`);
      await page.getByRole('alert').filter({ hasText: 'This car was not found among your cars.' }).waitFor();
      expect(await page.getByText(othersCar.carname).count()).toBe(0);
      expect(await page.getByRole('textbox').count()).toBe(0);

      await page.goto('/get/cars');
      await page.getByText('No cars yet').waitFor();
      expect(await page.getByText(othersCar.carname).count()).toBe(0);
    }));

  it('ends an owner’s session with the header’s Logout; Back does not bring the owner’s cars back', () =>
    withSession(async ({ context, page }) => {
      const owner = await registerAndSignIn(context, 'owner');
      const mine = await listCar(context, 'Mine');
      await page.goto('/get/cars');
      await page.getByRole('heading', { name: mine.carname }).waitFor();

      await (await openAccountMenu(page, owner.username)).getByRole('link', { name: 'Logout' }).click();
      await page.waitForURL(`${baseURL}/`);
      await page.getByRole('heading', { name: 'Best offers and variety of cars for your need!' }).waitFor();
      expect(await (await context.request.get('/api/session')).json()).toEqual({ user: null });

      await page.goBack();
      await page.waitForURL(/\/login/);
      // The guard sends them to sign in again, saying what for.
      await page.getByRole('heading', { name: 'Sign in to see your cars', level: 1 }).waitFor();
      expect(await page.getByText(mine.carname).count()).toBe(0);

      await page.goto('/get/cars');
      await page.waitForURL(/\/login/);
      expect(await page.getByText(mine.carname).count()).toBe(0);
    }));

  it('ends a renter’s session with the header’s Logout; Back shows them signed out', () =>
    withSession(async ({ context, page }) => {
      const renter = await registerAndSignIn(context, 'user');
      await page.goto('/layout/about');
      await (await openAccountMenu(page, renter.username)).getByRole('link', { name: 'Logout' }).click();
      await page.waitForURL(`${baseURL}/`);
      expect(await (await context.request.get('/api/session')).json()).toEqual({ user: null });

      await page.goBack();
      await page.getByRole('heading', { name: 'About Us', level: 1 }).waitFor();
      await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
      expect(await accountToggle(page, renter.username).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Logout' }).count()).toBe(0);

      await page.goto('/bookings');
      await page.waitForURL(/\/login/);
    }));
});
