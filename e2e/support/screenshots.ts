import path from 'node:path';
import type { Page } from '@playwright/test';
import { DESKTOP_WIDTH, PHONE_WIDTH } from './browser';
import { projectDir } from './server';

/** Written anew on every run (git-ignored), to be looked at: the suite compares nothing. */
export const SCREENSHOT_DIR = path.join(projectDir, 'e2e', 'screenshots');

/** A file name from a route name: "cars/{slug}" becomes "cars-slug". */
function fileStem(name: string): string {
  return (
    name
      .replace(/[^a-z0-9]+/gi, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'landing'
  );
}

/** The whole page at the viewport's width, with animations stopped so sliders are caught at rest. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${fileStem(name)}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/**
 * The page as it is now, at the desktop and the phone width, for screens whose content a journey
 * made (a filled list); the window is left at the phone width, for checks there.
 */
export async function saveScreenshotsAtBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [DESKTOP_WIDTH, PHONE_WIDTH]) {
    await page.setViewportSize({ width, height: 900 });
    await saveScreenshot(page, name);
  }
}
