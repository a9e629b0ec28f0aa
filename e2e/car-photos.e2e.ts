import { expect } from '@playwright/test';
import sharp from 'sharp';
import type { CodedAnswer, OwnerCar } from '#domain/contract';
import { registerAndSignIn, uniqueName } from './support/accounts';
import { test } from './support/fixtures';

// The add form's photos in a real browser: the type told from the bytes at once, and a photo over
// 40 megapixels scaled down by the browser's own canvas before it is sent.

test('an owner’s text file named .jpg is refused at once, and a 48-megapixel PNG is scaled and uploaded', async ({
  page,
  context,
  problems,
}) => {
  await registerAndSignIn(context, 'owner');
  // 8,000 × 6,000 px: a small file of one colour, over the pixel limit the server would refuse it for.
  const wide = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: { r: 30, g: 110, b: 190 } } })
    .png()
    .toBuffer();
  const carname = uniqueName('Photo Kwid ');

  await page.goto('/renting');
  await expect(page.getByRole('heading', { name: 'Add Your Car', level: 1 })).toBeVisible();
  await page.getByLabel('Car Name').fill(carname);
  await page.getByLabel('Any Description').fill('Small and thrifty.');
  await page.getByLabel('Price', { exact: true }).fill('700');
  const input = page.getByLabel('Add photos');

  await input.setInputFiles({
    name: 'car.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('Only words, no photo.\n'.repeat(50)),
  });
  await expect(page.getByRole('alert')).toHaveText('car.jpg: A photo must be a JPEG, PNG or WebP image.');
  await expect(page.getByRole('list', { name: 'Photos, the cover first' })).toHaveCount(0);

  await input.setInputFiles({ name: 'wide.png', mimeType: 'image/png', buffer: wide });
  await expect(page.getByRole('img', { name: 'wide.png (cover)' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  const uploading = page.waitForRequest(
    (request) => request.method() === 'POST' && /\/api\/cars\/[^/]+\/photos$/.test(request.url()),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  const upload = await uploading;
  const body = upload.postDataBuffer() ?? Buffer.alloc(0);
  // The browser sent its scaled WebP, not the PNG.
  expect(body.includes('Content-Type: image/webp')).toBe(true);
  await expect(page).toHaveURL('/get/cars');

  const listed = (await (await context.request.get('/get-cars')).json()) as CodedAnswer<OwnerCar[]>;
  const car = listed.data.find((owned) => owned.carname === carname);
  expect(car?.photos).toHaveLength(1);
  // Stored at most 1,200 px wide from the scaled 4,000 × 3,000, its shape kept.
  expect(car?.photos.map((photo) => [photo.width, photo.height])).toEqual([[1200, 900]]);
  expect(problems.pageErrors).toEqual([]);
});
