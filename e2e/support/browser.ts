import type { Browser, BrowserContext, Page } from '@playwright/test';
import { chromium, type Browser as CoreBrowser } from 'playwright-core';

/** Debian's Chromium: the suite never downloads a browser of its own. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** A screen that has not shown what a step waits for in this long is not going to. */
export const STEP_TIMEOUT_MS = 15_000;

export const PHONE_WIDTH = 375;
export const DESKTOP_WIDTH = 1280;

/** What every context of the suite is: India's zone and language, a window of the given width. */
export function contextOptions(width: number) {
  return {
    viewport: { width, height: width === PHONE_WIDTH ? 812 : 900 },
    timezoneId: 'Asia/Kolkata',
    locale: 'en-IN',
  };
}

/**
 * Headless Chromium in a fresh temporary profile, for the benches and the reliability suite, which
 * drive a browser outside Playwright's runner; the e2e suite gets the same one from playwright.config.ts.
 */
export function launchBrowser(): Promise<CoreBrowser> {
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
 * Requests to any other host than the server are refused as if the machine were offline, which it
 * is: tests that need the card provider's script answer its address themselves.
 */
export async function refuseOtherHosts(context: BrowserContext, baseURL: string): Promise<void> {
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('internetdisconnected'),
  );
}

/** Starts listing the page's console errors and warnings, uncaught exceptions and dialogs. */
export function watchProblems(page: Page): PageProblems {
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
  return problems;
}

/**
 * A new context (no cookies, no storage) and page on a server, for tests that need more than the
 * one `page` fixture: two people at once, another width from the start, a server of their own.
 */
export async function openSession(browser: Browser, baseURL: string, width = DESKTOP_WIDTH): Promise<BrowserSession> {
  const context = await browser.newContext({ baseURL, ...contextOptions(width) });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  await refuseOtherHosts(context, baseURL);
  const page = await context.newPage();
  return { context, page, problems: watchProblems(page) };
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
