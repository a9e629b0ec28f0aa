import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import sharp from 'sharp';
import { test } from './support/fixtures';
import { registerAndSignIn, uniqueName } from './support/accounts';
import { openSession } from './support/browser';
import { unexpectedProblems } from './support/page-checks';

let photoDir: string;
let photoFiles: string[];

test.beforeAll(async () => {
  photoDir = await mkdtemp(path.join(tmpdir(), 'wow-e2e-photos-'));
  // Two photos as a phone would take them: a large JPEG and a PNG, told apart by colour.
  photoFiles = [path.join(photoDir, 'front.jpg'), path.join(photoDir, 'side.png')];
  await sharp({ create: { width: 2000, height: 1250, channels: 3, background: { r: 180, g: 30, b: 30 } } })
    .jpeg()
    .toFile(photoFiles[0] ?? '');
  await sharp({ create: { width: 1400, height: 875, channels: 3, background: { r: 30, g: 60, b: 180 } } })
    .png()
    .toFile(photoFiles[1] ?? '');
});
test.afterAll(async () => {
  await rm(photoDir, { recursive: true, force: true });
});

/** Tomorrow's date in India, as a date field takes it. */
function indiaTomorrow(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(Date.now() + 24 * 60 * 60 * 1000);
}

/** Whether an image in the page has really loaded (a served file, not a broken link) and from where. */
function loadedFrom(page: Page, alt: string): Promise<string | null> {
  return page
    .locator(`img[alt="${alt}"]`)
    .evaluate((image: { complete: boolean; naturalWidth: number; currentSrc: string }) =>
      image.complete && image.naturalWidth > 0 ? image.currentSrc : null,
    );
}

test.describe('finding a car by where it is and what it is', () => {
  test('an owner lists a Pune SUV with two photos; a renter finds it from the home search and the filters and sees its gallery', async ({
    browser,
    suiteServer,
  }) => {
    const carName = uniqueName('Mahindra XUV700 ');
    const owner = await openSession(browser, suiteServer.baseURL);
    const renter = await openSession(browser, suiteServer.baseURL);
    try {
      await registerAndSignIn(owner.context, 'owner');
      const { page } = owner;
      await page.goto('/Renting');
      await expect(page.getByRole('heading', { name: 'Add Your Car', level: 1 })).toBeVisible();
      await page.getByLabel('Car Name').fill(carName);
      await page.getByLabel('Any Description').fill('Seven seats, sunroof, child seat on request.');
      await page.getByLabel('Price', { exact: true }).fill('450');
      await page.getByLabel('City').selectOption({ label: 'Pune' });
      await page.getByLabel('Pickup area').fill('Baner, near the D-Mart');
      await page.getByLabel('Body type').selectOption({ label: 'SUV' });
      await page.getByLabel('Seats').fill('7');
      await page.getByLabel('Transmission').selectOption({ label: 'Automatic' });
      await page.getByLabel('Fuel').selectOption({ label: 'Diesel' });
      await page.getByLabel('Add photos').setInputFiles(photoFiles);
      const chosen = page.getByRole('list', { name: 'Photos, the cover first' }).getByRole('listitem');
      await expect(chosen).toHaveCount(2);
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page).toHaveURL('/get/cars');
      expect(unexpectedProblems(owner.problems)).toEqual([]);

      const shopper = renter.page;
      await shopper.goto('/layout/home');
      await shopper.getByLabel('From address').fill('Pune');
      await shopper.getByLabel('Journey date').fill(indiaTomorrow());
      await shopper.getByLabel('Journey time').fill('10:00');
      await shopper.getByRole('button', { name: 'Find Car' }).click();
      await expect(shopper).toHaveURL((url) => url.pathname === '/layout/cars');
      expect(new URL(shopper.url()).searchParams.get('city')).toBe('Pune');

      const filters = shopper.getByRole('form', { name: 'Filter cars' });
      await filters.getByLabel('Body type').selectOption({ label: 'SUV' });
      await filters.getByLabel('Transmission').selectOption({ label: 'Automatic' });
      await filters.getByRole('button', { name: 'Apply filters' }).click();
      await expect.poll(() => new URL(shopper.url()).searchParams.get('transmission')).toBe('automatic');
      expect(new URL(shopper.url()).searchParams.get('bodyType')).toBe('suv');

      // The city's cars stay on screen until the filtered answer replaces them; then every car found
      // is a Pune SUV with an automatic gearbox: the filters reached the server.
      const cards = shopper.locator('.card');
      const everyCardFiltered = async () => {
        const texts = await cards.allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes('Pune') && /SUV · \d seats · Automatic/.test(text));
      };
      await expect.poll(everyCardFiltered).toBe(true);
      const card = cards.filter({ has: shopper.getByRole('heading', { name: carName, exact: true }) });
      await expect(card).toBeVisible();
      await expect(card).toContainText('SUV · 7 seats · Automatic · Diesel');

      await card.getByRole('link', { name: `Details of ${carName}` }).click();
      await expect(shopper.getByRole('heading', { name: carName, level: 1 })).toBeVisible();
      await expect(shopper.getByText('Baner, near the D-Mart')).toBeVisible();
      const gallery = shopper.getByRole('region', { name: `Photos of ${carName}` });
      await expect(gallery).toBeVisible();
      // Slick hides the slides not shown from assistive technology, so they are counted as elements.
      await expect(gallery.locator('img')).toHaveCount(2);
      const first = `${carName}, photo 1 of 2`;
      await expect.poll(() => loadedFrom(shopper, first)).toMatch(/\/uploads\/[0-9a-f]{32}-\d+\.webp$/);
      await gallery.getByRole('button', { name: 'Next' }).click();
      const second = `${carName}, photo 2 of 2`;
      await expect.poll(() => loadedFrom(shopper, second)).toMatch(/\/uploads\/[0-9a-f]{32}-\d+\.webp$/);
      expect(await loadedFrom(shopper, second)).not.toBe(await loadedFrom(shopper, first));
      expect(unexpectedProblems(renter.problems)).toEqual([]);
    } finally {
      await owner.context.close();
      await renter.context.close();
    }
  });

  test('a new sort applies the filters being edited with it, and the period fields show their AM at 1280 px', async ({
    page,
    problems,
  }) => {
    await page.goto('/layout/cars');
    const filters = page.getByRole('form', { name: 'Filter cars' });
    await expect(filters.getByLabel('City')).toBeVisible();
    // Only the cities with a car: the fleet's here, and not Chandigarh, where none stands.
    await expect(filters.getByLabel('City').locator('option', { hasText: 'Pune' })).toHaveCount(1);
    await expect(filters.getByLabel('City').locator('option', { hasText: 'Chandigarh' })).toHaveCount(0);

    await filters.getByLabel('City').selectOption({ label: 'Pune' });
    await filters.getByLabel('Max price per hour').fill('80');
    await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/cars?') && response.url().includes('sort=price-desc')),
      page.getByLabel('Sort by price').selectOption({ label: 'High to Low' }),
    ]);
    const url = new URL(page.url());
    expect(url.searchParams.get('sort')).toBe('price-desc');
    expect(url.searchParams.get('city')).toBe('Pune');
    expect(url.searchParams.get('maxPrice')).toBe('80');
    await expect(filters.getByLabel('City')).toHaveValue('Pune');
    await expect(filters.getByLabel('Max price per hour')).toHaveValue('80');
    await expect(page.getByLabel('Sort by price')).toHaveValue('price-desc');

    // A period typed in: its box is wide enough for the whole value, "AM" included.
    const from = filters.getByLabel('Available from');
    await from.fill('2030-01-31T10:00');
    await expect(from).toHaveValue('2030-01-31T10:00');
    const clipped = await from.evaluate((input) => input.scrollWidth > input.clientWidth);
    expect(clipped).toBe(false);
    expect((await from.boundingBox())?.width ?? 0).toBeGreaterThan(300);
    expect(unexpectedProblems(problems)).toEqual([]);
  });
});
