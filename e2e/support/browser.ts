import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium: the suite never downloads a browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const STEP_TIMEOUT_MS = 15_000;

export const PHONE_WIDTH = 375;
export const DESKTOP_WIDTH = 1280;

/** Headless Chromium in a fresh temporary profile (Playwright gives each launch its own user-data-dir). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
}

/** What went wrong in a page that a person would not see on the screen itself. */
export interface PageProblems {
  /** console.error calls and the browser's own error lines (a failed load, a CSP refusal). */
  consoleErrors: string[];
  /** console.warn calls and the browser's own warnings (React's, a deprecated feature). */
  consoleWarnings: string[];
  /** Exceptions nobody caught. */
  pageErrors: string[];
  /** alert/confirm/prompt dialogs the page opened (each is dismissed). */
  dialogs: string[];
}

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  problems: PageProblems;
}

/**
 * A new context (no cookies, no storage) and page on the run's server. Requests to any other host
 * are refused as if the machine were offline, which it is: tests that need the card provider's
 * script answer its address themselves.
 */
export async function openSession(browser: Browser, baseURL: string, width = DESKTOP_WIDTH): Promise<BrowserSession> {
  const origin = new URL(baseURL).origin;
  const context = await browser.newContext({
    baseURL,
    viewport: { width, height: width === PHONE_WIDTH ? 812 : 900 },
    timezoneId: 'Asia/Kolkata',
    locale: 'en-IN',
  });
  // A screen that has not shown what a step waits for in this long is not going to.
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('internetdisconnected'),
  );
  const page = await context.newPage();
  const problems: PageProblems = { consoleErrors: [], consoleWarnings: [], pageErrors: [], dialogs: [] };
  page.on('console', (message) => {
    const { url } = message.location();
    const line = url ? `${message.text()} (${url})` : message.text();
    if (message.type() === 'error') problems.consoleErrors.push(line);
    if (message.type() === 'warning') problems.consoleWarnings.push(line);
  });
  page.on('pageerror', (error) => problems.pageErrors.push(error.message));
  page.on('dialog', (dialog) => {
    problems.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return { context, page, problems };
}

/** Runs `work` in a fresh session and closes it afterwards, whether the work passed or failed. */
export async function inSession(
  browser: Browser,
  baseURL: string,
  work: (session: BrowserSession) => Promise<void>,
): Promise<void> {
  const session = await openSession(browser, baseURL);
  try {
    await work(session);
  } finally {
    await session.context.close();
  }
}
