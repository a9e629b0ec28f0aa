import { expect, type Page } from '@playwright/test';
import type { PageProblems } from './browser';

/** Roles of the form fields a person fills in; each must have a name (its label) in the accessibility tree. */
const FIELD_ROLES = ['textbox', 'searchbox', 'combobox', 'listbox', 'checkbox', 'radio', 'spinbutton', 'slider', 'switch'];
/** An ARIA snapshot line of such a field with no quoted name after its role, e.g. `- textbox [disabled]`. */
const UNNAMED_FIELD = new RegExp(`^\\s*- (${FIELD_ROLES.join('|')})(?! ")`);

const IMAGES_TIMEOUT_MS = 10_000;

/**
 * Polled with page.evaluate rather than waited for with waitForFunction, which evaluates a string
 * with eval: the server's CSP (rightly) refuses that.
 */
async function waitUntilTrue(page: Page, expression: string, timeoutMs: number): Promise<void> {
  await expect.poll(() => page.evaluate<boolean>(expression), { message: expression, timeout: timeoutMs }).toBe(true);
}

/** Scrolls down a window at a time, so that every lazy image below the fold is asked for. */
const SCROLL_THROUGH = `(async () => {
  const root = document.documentElement;
  for (let y = 0; y < root.scrollHeight; y += window.innerHeight) {
    window.scrollTo(0, y);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
})()`;

/** Every image is loaded, except those beside the window (a carousel's other slides), which a lazy image never asks for. */
const IMAGES_DRAWN = `Array.from(document.images).every((image) => {
  const box = image.getBoundingClientRect();
  return image.complete || box.width === 0 || box.right <= 0 || box.left >= window.innerWidth;
})`;

/** Waits until the page has drawn what it loads: its requests are done, lazy images below the fold included. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(SCROLL_THROUGH);
  await page.waitForLoadState('networkidle');
  await waitUntilTrue(page, IMAGES_DRAWN, IMAGES_TIMEOUT_MS);
  await page.evaluate('window.scrollTo(0, 0)');
}

/** Form fields a screen reader would announce without a name: the snapshot lines that show them. */
export async function unlabelledFields(page: Page): Promise<string[]> {
  const snapshot = await page.locator('body').ariaSnapshot();
  return snapshot
    .split('\n')
    .filter((line) => UNNAMED_FIELD.test(line))
    .map((line) => line.trim());
}

/**
 * Each heading that goes more than one level below the heading before it ("h1 Car Listing → h3 Tata Nexon
 * EV", as axe's heading-order finds them), among the headings a screen reader lists at this width:
 * one hidden by a stylesheet (an off-canvas panel on a phone) is not among them, one only visually hidden is.
 */
export function skippedHeadingLevels(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const headings = Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]'))
      .filter((heading) => !heading.closest('[aria-hidden="true"]') && heading.checkVisibility({ visibilityProperty: true }))
      .map((heading) => ({
        // A role="heading" without aria-level is at level 2, as ARIA defines it.
        level: Number(heading.getAttribute('aria-level') ?? (/^H[1-6]$/.test(heading.tagName) ? heading.tagName[1] : 2)),
        text: heading.textContent.trim().replace(/\\s+/g, ' ').slice(0, 60),
      }));
    const skips = [];
    for (let index = 1; index < headings.length; index += 1) {
      const before = headings[index - 1];
      const heading = headings[index];
      if (heading.level > before.level + 1) {
        skips.push('h' + before.level + ' ' + before.text + ' → h' + heading.level + ' ' + heading.text);
      }
    }
    return skips;
  })()`);
}

/** Images with no alt attribute at all (alt="" is a deliberate "decorative"). */
export async function imagesWithoutAlt(page: Page): Promise<string[]> {
  const images = await page.locator('img:not([alt])').all();
  return Promise.all(images.map(async (image) => (await image.getAttribute('src')) ?? '(no src)'));
}

/** Images that finished loading without a picture: a broken address shows an empty box. */
export function brokenImages(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(
    'Array.from(document.images).filter((image) => image.complete && image.naturalWidth === 0).map((image) => image.currentSrc || image.src)',
  );
}

/** How many pixels the page is wider than the window: anything above 0 means sideways scrolling. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

/**
 * Starts listing what Chromium puts in DevTools' Issues panel for `page`, which no console line
 * shows: a CSP refusal caught by the script that tried (Zod's `new Function` probe), a form field
 * with neither an id nor a name, a cookie the browser will refuse... Lighthouse counts these against
 * best practices. The list fills as the page runs; a good page leaves it empty.
 */
export async function watchIssuesPanel(page: Page): Promise<string[]> {
  const issues: string[] = [];
  const devtools = await page.context().newCDPSession(page);
  devtools.on('Audits.issueAdded', ({ issue }) => {
    // Each issue's details sit under one key named after its kind; node ids mean nothing outside the page.
    const details = JSON.stringify(Object.values(issue.details)[0] ?? {}).replace(/"violatingNodeId":\d+,?/g, '');
    issues.push(`${issue.code}: ${details}`);
  });
  await devtools.send('Audits.enable');
  return issues;
}

/**
 * The console errors and warnings and the uncaught exceptions of a page. None is excused: a page in
 * normal use makes no request that fails (Chromium logs every 4xx answer as "Failed to load
 * resource"), and React's warnings are bugs.
 */
export function unexpectedProblems(problems: PageProblems): string[] {
  return [
    ...problems.consoleErrors,
    ...problems.consoleWarnings.map((line) => `warning: ${line}`),
    ...problems.pageErrors.map((message) => `uncaught: ${message}`),
  ];
}

/** Counts the POSTs the page sends to `path` from now on, as they leave the browser. */
export function countPosts(page: Page, path: string): () => number {
  let sent = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) sent += 1;
  });
  return () => sent;
}
