import type { Locator, Page } from '@playwright/test';

/** More stops than any screen of the app has: a Tab loop that long has lost its way. */
const MAX_TAB_STOPS = 60;

/** The role and name at the start of an ARIA snapshot line (YAML quotes it whole when the name holds a colon). */
const ROLE_AND_NAME = /^(\w+)(?: "((?:[^"\\]|\\.)*)")?/;

/** A control as a screen reader announces it, from Chromium's accessibility tree: `button "Sign in"`. */
async function announced(control: Locator): Promise<string> {
  const firstLine = (await control.ariaSnapshot()).split('\n')[0] ?? '';
  let entry = firstLine.replace(/^- /, '');
  if (entry.startsWith("'"))
    entry = entry
      .slice(1)
      .replace(/'(?=[^']*$)/, '')
      .replaceAll("''", "'");
  const match = ROLE_AND_NAME.exec(entry);
  if (!match) return entry;
  return match[2] === undefined ? match[1]! : `${match[1]} "${match[2]}"`;
}

/**
 * The element that has the focus: the innermost one it is within, as a date or a time field keeps it
 * while the calendar or clock button inside the field (in its own shadow tree) has it, where `:focus`
 * matches nothing.
 */
function focusedElement(page: Page): Locator {
  return page.locator(':focus-within:not(:has(:focus-within))');
}

/** The control that has the focus now, as announced. */
export function focusedControl(page: Page): Promise<string> {
  return announced(focusedElement(page));
}

/**
 * Presses Tab from the top of the page until focus leaves the page or comes back round, and
 * answers each control that took the focus, in order.
 */
export async function tabOrder(page: Page): Promise<string[]> {
  const stops: string[] = [];
  const focused = focusedElement(page);
  for (let step = 0; step < MAX_TAB_STOPS; step += 1) {
    await page.keyboard.press('Tab');
    if ((await focused.count()) === 0) break;
    const stop = await announced(focused);
    if (stops.length > 0 && stop === stops[0]) break;
    stops.push(stop);
  }
  return stops;
}

/** Every control on the screen a person could operate: visible, enabled, not taken out of the tab order. */
export async function operableControls(page: Page): Promise<string[]> {
  const controls = page.locator(
    'a[href]:visible, button:not([disabled]):not([tabindex="-1"]):visible, input:not([type=hidden]):not([disabled]):visible, select:not([disabled]):visible, textarea:not([disabled]):visible',
  );
  return Promise.all((await controls.all()).map(announced));
}

/**
 * Presses Tab until `control` (as announced) has the focus, and answers how many presses it took: a
 * date or a time field takes one Tab stop for each of its parts, as many as the browser's language gives it.
 */
export async function tabTo(page: Page, control: string): Promise<number> {
  for (let step = 1; step <= MAX_TAB_STOPS; step += 1) {
    await page.keyboard.press('Tab');
    if ((await focusedElement(page).count()) > 0 && (await focusedControl(page)) === control) return step;
  }
  throw new Error(`Tab never reached ${control}`);
}
