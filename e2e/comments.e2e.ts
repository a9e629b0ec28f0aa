import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { registerAndSignIn, uniqueName } from './support/accounts';
import { inSession, launchBrowser, type BrowserSession } from './support/browser';

const baseURL = inject('baseURL');
const POST_PATH = '/blogs/If you are renting a car';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const withSession = (work: (session: BrowserSession) => Promise<void>) => inSession(browser, baseURL, work);

const comments = (page: Page) => page.getByRole('region', { name: 'Comments', exact: true });

/** Waits until the post and its comments have loaded. */
async function postShown(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'If you are renting a car' }).waitFor();
  await comments(page).getByText('Loading comments…').waitFor({ state: 'detached' });
}

async function openPost(page: Page): Promise<void> {
  await page.goto(POST_PATH);
  await postShown(page);
}

async function postComment(page: Page, text: string): Promise<void> {
  await page.getByLabel('Comment', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Post a Comment' }).click();
}

describe('blog comments', () => {
  it('tells a signed-out visitor to sign in, keeps what they typed and sends nothing', () =>
    withSession(async ({ page }) => {
      await openPost(page);
      await expect(page.getByText('You must sign in to make or comment a post.').isVisible()).resolves.toBe(true);
      const text = `Signed-out note ${uniqueName('')}`;
      await postComment(page, text);

      const warning = page.getByRole('alert');
      await warning.waitFor();
      expect(await warning.textContent()).toContain('Your comment was not sent: please Sign in first.');
      expect(await page.getByLabel('Comment', { exact: true }).inputValue()).toBe(text);

      await page.reload();
      await postShown(page);
      expect(await comments(page).getByText(text).count()).toBe(0);
    }));

  it('lets a signed-in user post a comment and a reply under their username, and delete the comment keeping the reply', () =>
    withSession(async ({ context, page }) => {
      const account = await registerAndSignIn(context, 'user');
      await openPost(page);
      // Once the app knows who is signed in, the form names the account instead of asking to sign in.
      await page.getByText(`Commenting as ${account.username}`).waitFor();
      expect(await page.getByRole('link', { name: 'Sign in', exact: true }).count()).toBe(0);
      expect(await page.getByLabel('Full name').count()).toBe(0);

      const comment = `Great tips for a first rental ${uniqueName('')}`;
      const reply = `Agreed, check the tyres too ${uniqueName('')}`;
      await postComment(page, comment);
      const posted = comments(page).getByRole('listitem').filter({ hasText: comment });
      await posted.waitFor();
      expect(await posted.textContent()).toContain(account.username);
      expect(await page.getByLabel('Comment', { exact: true }).inputValue()).toBe('');

      await posted.getByRole('button', { name: `Reply to ${account.username}` }).click();
      await page.getByLabel(`Your reply to ${account.username}`).fill(reply);
      await page.getByRole('button', { name: 'Post Reply' }).click();
      const replies = posted.getByRole('list', { name: `Replies to ${account.username}` });
      await replies.getByText(reply).waitFor();

      await page.reload();
      await postShown(page);
      const afterReload = comments(page).getByRole('listitem').filter({ hasText: comment });
      await afterReload.waitFor();
      expect(await afterReload.getByRole('list', { name: `Replies to ${account.username}` }).textContent()).toContain(reply);

      await afterReload.getByRole('button', { name: `Delete comment by ${account.username}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
      expect(await dialog.textContent()).toContain(comment);
      await dialog.getByRole('button', { name: 'Delete comment' }).click();
      await comments(page).getByRole('status').filter({ hasText: 'Comment deleted.' }).waitFor();

      await page.reload();
      await postShown(page);
      expect(await comments(page).getByText(comment).count()).toBe(0);
      const deleted = comments(page).getByRole('listitem').filter({ hasText: reply }).first();
      expect(await deleted.textContent()).toContain('[deleted]');
    }));

  it('shows markup typed into a comment as text and runs none of it', () =>
    withSession(async ({ context, page, problems }) => {
      await registerAndSignIn(context, 'user');
      await openPost(page);
      const marker = uniqueName('xss');
      const hostile = `<img src=x onerror=alert(1)> ${marker}`;
      await postComment(page, hostile);
      await comments(page).getByText(hostile, { exact: true }).waitFor();

      await page.reload();
      await postShown(page);
      await comments(page).getByText(hostile, { exact: true }).waitFor();
      // Give a planted onerror handler the time to fire, were there one.
      await page.waitForTimeout(500);

      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(problems.dialogs).toEqual([]);
      expect(problems.pageErrors).toEqual([]);
    }));
});
