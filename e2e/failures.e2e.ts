import { type Browser, expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { addCarThroughApi, newAccount, registerAndSignIn, registerThroughApi, uniqueName } from './support/accounts';
import { openSession, type BrowserSession } from './support/browser';
import { accountToggle } from './support/header';
import { startServerOnCopyOfBuild, type RunningServer } from './support/server';

/** What the app says whenever the server cannot be reached (src/api/client.ts). */
const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

/** Each test stops a server of its own, so the run's shared one keeps serving the other files. */
let server: RunningServer | undefined;
let session: BrowserSession | undefined;

test.afterEach(async () => {
  await session?.context.close();
  await server?.stop();
  session = undefined;
  server = undefined;
});

async function openOnOwnServer(browser: Browser): Promise<BrowserSession & { stopServer: () => Promise<void> }> {
  const started = await startServerOnCopyOfBuild();
  server = started;
  session = await openSession(browser, started.baseURL);
  return { ...session, stopServer: started.stop };
}

async function alertSays(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
}

test.describe('with the server stopped', () => {
  test('sign-in says the server could not be reached and the form stays usable', async ({ browser }) => {
    const { context, page, problems, stopServer } = await openOnOwnServer(browser);
    const account = newAccount('user');
    await registerThroughApi(context, account);
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await stopServer();

    await page.getByRole('button', { name: 'Sign in' }).click();
    await alertSays(page, UNREACHABLE);
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByLabel('Email')).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();

    // The page still answers: the owner tab opens and its form takes input.
    await page.getByRole('tab', { name: 'Owner' }).click();
    await page.getByLabel('Email').fill('owner@example.com');
    await expect(page.getByLabel('Email')).toHaveValue('owner@example.com');
    expect(problems.pageErrors).toEqual([]);
  });

  test('the owner list says its cars could not be loaded, and its Retry answers again', async ({ browser }) => {
    const { context, page, problems, stopServer } = await openOnOwnServer(browser);
    await registerAndSignIn(context, 'owner');
    const car = await addCarThroughApi(context, {
      url: '/images/cars/tesla-malibu.svg',
      carname: `Offline test car ${uniqueName('')}`,
      description: 'Listed before the server went away.',
      price: 700,
    });
    await page.goto('/get/cars');
    await expect(page.getByRole('heading', { name: car.carname })).toBeVisible();
    // Opens the add form while the server is up, so going back to the list needs no new download.
    await page.getByRole('link', { name: 'Add Cars' }).first().click();
    await expect(page.getByRole('heading', { name: 'Add Your Car', level: 1 })).toBeVisible();
    await stopServer();

    await page.getByRole('link', { name: 'Back to List' }).click();
    await alertSays(page, `Your cars could not be loaded. ${UNREACHABLE}`);
    await page.getByRole('button', { name: 'Retry' }).click();
    await alertSays(page, `Your cars could not be loaded. ${UNREACHABLE}`);
    await expect(page.getByRole('heading', { name: 'Your Cars', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Cars' }).first()).toBeEnabled();
    expect(problems.pageErrors).toEqual([]);
  });

  test('posting a comment says it was not sent and keeps the text', async ({ browser }) => {
    const { context, page, problems, stopServer } = await openOnOwnServer(browser);
    const account = await registerAndSignIn(context, 'user');
    await page.goto('/blogs/Why renting a car is better');
    await expect(page.getByRole('region', { name: 'Comments', exact: true }).getByText('No comments yet')).toBeVisible();
    // The session check can answer after the comments. Signed out, the form has a Comment field too, so
    // it is the account's name in the form that tells the answer came; and the header's menu under that
    // name is code of its own, loaded once the answer came, which a stopped server could no longer send.
    await expect(page.getByText(`Commenting as ${account.username}`)).toBeVisible();
    await expect(accountToggle(page, account.username)).toBeVisible();
    const field = page.getByLabel('Comment', { exact: true });
    await expect(field).toBeEditable();
    await stopServer();

    const text = `Written while offline ${uniqueName('')}`;
    await field.fill(text);
    await page.getByRole('button', { name: 'Post a Comment' }).click();
    await alertSays(page, UNREACHABLE);
    await expect(field).toHaveValue(text);
    await expect(page.getByRole('button', { name: 'Post a Comment' })).toBeEnabled();
    expect(problems.pageErrors).toEqual([]);
  });
});
