import { expect } from '@playwright/test';
import { test } from './support/fixtures';
import { newAccount } from './support/accounts';
import { countPosts } from './support/page-checks';

test.describe('registration', () => {
  test('sends one registration for a double click on Register, and signs the person in, with no conflict told', async ({
    page,
    problems,
  }) => {
    const renter = newAccount('user');
    const registrations = countPosts(page, '/register/user');
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Register', level: 1 })).toBeVisible();
    await page.getByLabel('Username').fill(renter.username);
    await page.getByLabel('Email').fill(renter.email);
    await page.getByLabel('Password', { exact: true }).fill(renter.password);
    await page.getByLabel('Confirm Password').fill(renter.password);
    const answered = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/register/user',
    );
    await page.getByRole('button', { name: 'Register' }).dblclick();

    expect((await answered).status()).toBe(201);
    // Registered is signed in: straight on to a renter's home, named in the header.
    await expect(page).toHaveURL('/layout/home');
    await expect(page.getByRole('button', { name: `Signed in as ${renter.username}` })).toBeVisible();
    await expect(page.getByText('An account with this email or username already exists.')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    expect(registrations()).toBe(1);
    expect(problems.consoleErrors).toEqual([]);
  });
});
