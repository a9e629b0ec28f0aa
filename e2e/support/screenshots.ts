import path from 'node:path';
import type { Page } from 'playwright-core';
import { projectDir } from './server';

/** Written anew on every run (git-ignored), to be looked at: the suite compares nothing. */
export const SCREENSHOT_DIR = path.join(projectDir, 'e2e', 'screenshots');

/** A file name from a route name: "cars/{slug}" becomes "cars-slug". */
function fileStem(name: string): string {
  return name.replace(/[^a-z0-9]+/gi, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'landing';
}

/** The whole page at the viewport's width, with animations stopped so sliders are caught at rest. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const width = page.viewportSize()?.width ?? 0;
  const file = path.join(SCREENSHOT_DIR, `${fileStem(name)}-${width}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}
