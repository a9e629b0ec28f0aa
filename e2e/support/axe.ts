import path from 'node:path';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from '@playwright/test';
import { projectDir } from './server';

const AXE_SCRIPT = path.join(projectDir, 'node_modules', 'axe-core', 'axe.min.js');
/**
 * The server's CSP allows scripts from its own origin only, so axe is added as a script tag whose
 * address is on that origin and answered from node_modules: the page keeps its real CSP.
 */
const AXE_PATH = '/__e2e__/axe.min.js';
const pagesServingAxe = new WeakSet<Page>();

function describe(violation: Result): string {
  const targets = violation.nodes
    .slice(0, 5)
    .map((node) => node.target.join(' '))
    .join(' | ');
  return `${violation.impact}: ${violation.id} (${violation.help}) at ${targets}`;
}

/**
 * Resolves once the page's finite animations have ended, two frames on so a transition just asked
 * for has begun: a dialog fading in blends its colours with the page behind while it runs, and axe
 * would measure the contrast of that blend. Endless ones (a spinner) never end, so they are not waited for.
 */
const AT_REST = `new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() =>
  Promise.all(document.getAnimations()
    .filter((animation) => animation.effect && animation.effect.getComputedTiming().endTime !== Infinity)
    .map((animation) => animation.finished.catch(() => undefined)))
  .then(() => resolve(true)))))`;

/** Runs axe-core on the page once it is at rest; answers the serious and critical violations, described. */
export async function seriousAccessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(AT_REST);
  const axeUrl = new URL(AXE_PATH, page.url()).toString();
  if (!pagesServingAxe.has(page)) {
    await page.route(axeUrl, (route) => route.fulfill({ path: AXE_SCRIPT, contentType: 'text/javascript' }));
    pagesServingAxe.add(page);
  }
  await page.addScriptTag({ url: axeUrl });
  const results = await page.evaluate<AxeResults>('axe.run()');
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(describe);
}
