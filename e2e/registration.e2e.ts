import { expect } from '@playwright/test';
import { test } from './support/fixtures';
import { newAccount } from './support/accounts';
import { countPosts } from './support/page-checks';

test.describe('registration', () => {
  test('sends one registration for a double click on Register, and tells of success, not a conflict', async ({
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
    await expect(page.getByRole('status').filter({ hasText: 'Account created. Taking you to sign in…' })).toBeVisible();
    await expect(page.getByText('An account with this email or username already exists.')).toHaveCount(0);
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The page moves on once the success has been read; a second request would have left by then.
    await expect(page).toHaveURL('/login');
    expect(registrations()).toBe(1);
    expect(problems.consoleErrors).toEqual([]);
  });
});
