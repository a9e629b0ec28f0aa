import { expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { newAccount, registerAndSignIn, registerThroughApi, uniqueName } from './support/accounts';
import { countPosts } from './support/page-checks';

const POST_PATH = '/blogs/If you are renting a car';

const comments = (page: Page) => page.getByRole('region', { name: 'Comments', exact: true });

/** Waits until the post and its comments have loaded. */
async function postShown(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'If you are renting a car' })).toBeVisible();
  await expect(comments(page).getByText('Loading comments…')).toHaveCount(0);
}

async function openPost(page: Page): Promise<void> {
  await page.goto(POST_PATH);
  await postShown(page);
}

async function postComment(page: Page, text: string): Promise<void> {
  await page.getByLabel('Comment', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Post a Comment' }).click();
}

test.describe('blog comments', () => {
  test('offers a signed-out visitor a way to sign in that comes back to the post, and nothing to fill in', async ({
    context,
    page,
  }) => {
    const account = newAccount('user');
    await registerThroughApi(context, account);
    await openPost(page);
    await expect(page.getByLabel('Comment', { exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Full name')).toHaveCount(0);
    await page.getByRole('link', { name: 'Sign in to comment' }).click();
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await expect(page).toHaveURL(encodeURI(POST_PATH));
    await expect(page.getByText(`Commenting as ${account.username}`)).toBeVisible();
    await expect(page.getByLabel('Comment', { exact: true })).toBeVisible();
  });

  test('lets a signed-in user post a comment and a reply under their username, and delete the comment keeping the reply', async ({
    context,
    page,
  }) => {
    const account = await registerAndSignIn(context, 'user');
    await openPost(page);
    // Once the app knows who is signed in, the form names the account instead of asking to sign in.
    await expect(page.getByText(`Commenting as ${account.username}`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
    await expect(page.getByLabel('Full name')).toHaveCount(0);

    const comment = `Great tips for a first rental ${uniqueName('')}`;
    const reply = `Agreed, check the tyres too ${uniqueName('')}`;
    await postComment(page, comment);
    const posted = comments(page).getByRole('listitem').filter({ hasText: comment });
    await expect(posted).toBeVisible();
    await expect(posted).toContainText(account.username);
    await expect(page.getByLabel('Comment', { exact: true })).toHaveValue('');

    await posted.getByRole('button', { name: `Reply to ${account.username}` }).click();
    await page.getByLabel(`Your reply to ${account.username}`).fill(reply);
    await page.getByRole('button', { name: 'Post Reply' }).click();
    const replies = posted.getByRole('list', { name: `Replies to ${account.username}` });
    await expect(replies.getByText(reply)).toBeVisible();

    await page.reload();
    await postShown(page);
    const afterReload = comments(page).getByRole('listitem').filter({ hasText: comment });
    await expect(afterReload).toBeVisible();
    await expect(afterReload.getByRole('list', { name: `Replies to ${account.username}` })).toContainText(reply);

    await afterReload.getByRole('button', { name: `Delete comment by ${account.username}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this comment?' });
    await expect(dialog).toContainText(comment);
    await dialog.getByRole('button', { name: 'Delete comment' }).click();
    await expect(comments(page).getByRole('status').filter({ hasText: 'Comment deleted.' })).toBeVisible();

    await page.reload();
    await postShown(page);
    await expect(comments(page).getByText(comment)).toHaveCount(0);
    const deleted = comments(page).getByRole('listitem').filter({ hasText: reply }).first();
    await expect(deleted).toContainText('[deleted]');
  });

  test('posts a comment once for a double click on Post a Comment, and shows it once', async ({ context, page, problems }) => {
    await registerAndSignIn(context, 'user');
    await openPost(page);
    const posts = countPosts(page, '/api/comments/get-comment');
    const text = `Double-clicked by mistake ${uniqueName('')}`;
    await page.getByLabel('Comment', { exact: true }).fill(text);
    await page.getByRole('button', { name: 'Post a Comment' }).dblclick();

    const posted = comments(page).getByText(text, { exact: true });
    await expect(posted).toBeVisible();
    // The form empties once the comment is in and the list loaded again: a second post would have been sent by then.
    await expect(page.getByLabel('Comment', { exact: true })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Post a Comment' })).toBeEnabled();
    expect(posts()).toBe(1);
    await expect(posted).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.reload();
    await postShown(page);
    await expect(comments(page).getByText(text, { exact: true })).toHaveCount(1);
    expect(problems.consoleErrors).toEqual([]);
  });

  test('shows markup typed into a comment as text and runs none of it', async ({ context, page, problems }) => {
    await registerAndSignIn(context, 'user');
    await openPost(page);
    const marker = uniqueName('xss');
    const hostile = `<img src=x onerror=alert(1)> ${marker}`;
    await postComment(page, hostile);
    await expect(comments(page).getByText(hostile, { exact: true })).toBeVisible();

    await page.reload();
    await postShown(page);
    await expect(comments(page).getByText(hostile, { exact: true })).toBeVisible();
    // Give a planted onerror handler the time to fire, were there one.
    await page.waitForTimeout(500);

    await expect(page.locator('img[src="x"]')).toHaveCount(0);
    expect(problems.dialogs).toEqual([]);
    expect(problems.pageErrors).toEqual([]);
  });
});
