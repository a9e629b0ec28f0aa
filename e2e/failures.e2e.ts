import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, afterEach, describe, expect, it } from 'vitest';
import { addCarThroughApi, newAccount, registerAndSignIn, registerThroughApi, uniqueName } from './support/accounts';
import { launchBrowser, openSession, type BrowserSession } from './support/browser';
import { startServerOnCopyOfBuild, type RunningServer } from './support/server';

/** What the app says whenever the server cannot be reached (src/api/client.ts). */
const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

let browser: Browser;
/** Each test stops a server of its own, so the run's shared one keeps serving the other files. */
let server: RunningServer | undefined;
let session: BrowserSession | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterEach(async () => {
  await session?.context.close();
  await server?.stop();
  session = undefined;
  server = undefined;
});
afterAll(() => browser?.close());

async function openOnOwnServer(): Promise<BrowserSession & { stopServer: () => Promise<void> }> {
  const started = await startServerOnCopyOfBuild();
  server = started;
  session = await openSession(browser, started.baseURL);
  return { ...session, stopServer: started.stop };
}

async function alertSays(page: Page, text: string): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).waitFor();
}

describe('with the server stopped', () => {
  it('sign-in says the server could not be reached and the form stays usable', async () => {
    const { context, page, problems, stopServer } = await openOnOwnServer();
    const account = newAccount('user');
    await registerThroughApi(context, account);
    await page.goto('/login');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await stopServer();

    await page.getByRole('button', { name: 'Sign in' }).click();
    await alertSays(page, UNREACHABLE);
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    expect(await page.getByLabel('Email').isEnabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign in' }).isEnabled()).toBe(true);

    // The page still answers: the owner tab opens and its form takes input.
    await page.getByRole('tab', { name: 'Become an owner' }).click();
    await page.getByLabel('Email').fill('owner@example.com');
    expect(await page.getByLabel('Email').inputValue()).toBe('owner@example.com');
    expect(problems.pageErrors).toEqual([]);
  });

  it('the owner list says its cars could not be loaded, and its Retry answers again', async () => {
    const { context, page, problems, stopServer } = await openOnOwnServer();
    await registerAndSignIn(context, 'owner');
    const car = await addCarThroughApi(context, {
      url: '/images/cars/tesla-malibu.svg',
      carname: `Offline test car ${uniqueName('')}`,
      description: 'Listed before the server went away.',
      price: 700,
    });
    await page.goto('/get/cars');
    await page.getByRole('heading', { name: car.carname }).waitFor();
    // Opens the add form while the server is up, so going back to the list needs no new download.
    await page.getByRole('link', { name: 'Add Cars' }).first().click();
    await page.getByRole('heading', { name: 'Add Your Car', level: 1 }).waitFor();
    await stopServer();

    await page.getByRole('link', { name: 'Back to List' }).click();
    await alertSays(page, `Your cars could not be loaded. ${UNREACHABLE}`);
    await page.getByRole('button', { name: 'Retry' }).click();
    await alertSays(page, `Your cars could not be loaded. ${UNREACHABLE}`);
    expect(await page.getByRole('heading', { name: 'Your Cars', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Add Cars' }).first().isEnabled()).toBe(true);
    expect(problems.pageErrors).toEqual([]);
  });

  it('posting a comment says it was not sent and keeps the text', async () => {
    const { context, page, problems, stopServer } = await openOnOwnServer();
    await registerAndSignIn(context, 'user');
    await page.goto('/blogs/Why renting a car is better');
    await page.getByRole('region', { name: 'Comments', exact: true }).getByText('No comments yet').waitFor();
    // The form shows once the session check has answered, which can come after the comments.
    const field = page.getByLabel('Comment', { exact: true });
    await expect.poll(() => field.isEditable()).toBe(true);
    await stopServer();

    const text = `Written while offline ${uniqueName('')}`;
    await field.fill(text);
    await page.getByRole('button', { name: 'Post a Comment' }).click();
    await alertSays(page, UNREACHABLE);
    expect(await field.inputValue()).toBe(text);
    expect(await page.getByRole('button', { name: 'Post a Comment' }).isEnabled()).toBe(true);
    expect(problems.pageErrors).toEqual([]);
  });
});
