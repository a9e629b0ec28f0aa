import { expect, type Page } from '@playwright/test';
import { test } from './support/fixtures';
import { formatIndiaTime, toIndiaIso } from '#domain/india-time';
import { registerAndSignIn } from './support/accounts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const PERIOD_LABEL = 'Calendar: start, then end';

/** 'MMM DD YYYY HH:mm' in India time, as the picker and the car page show it, to an instant. */
function indiaTime(shown: string): Date {
  return new Date(`${shown} GMT+0530`);
}

/** India's calendar fields of an instant, read through UTC getters. */
const indiaDay = (instant: Date) => new Date(instant.getTime() + 5.5 * HOUR_MS);

/** Shows the calendar picker, hidden behind its button until asked for. */
async function showCalendar(page: Page): Promise<void> {
  const button = page.getByRole('button', { name: 'Pick on a calendar' });
  if ((await button.getAttribute('aria-expanded')) === 'false') await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

/** Opens picker `which` (0 start, 1 end) and clicks the day of `target` (India's calendar), as a person does. */
async function clickDay(page: Page, which: 0 | 1, target: Date): Promise<void> {
  await showCalendar(page);
  const field = page.getByRole('textbox', { name: PERIOD_LABEL }).nth(which);
  const calendar = page.locator('.rdt').nth(which);
  await field.click();
  const wanted = indiaDay(target);
  const shownMonth = async () => {
    const [month, year] = ((await calendar.locator('.rdtSwitch').textContent()) ?? '').split(' ');
    return new Date(`${month} 1 ${year} UTC`);
  };
  while ((await shownMonth()).getUTCMonth() !== wanted.getUTCMonth()) {
    await calendar.locator('.rdtNext').first().click();
  }
  await calendar.locator('td.rdtDay:not(.rdtOld):not(.rdtNew)', { hasText: new RegExp(`^${wanted.getUTCDate()}$`) }).click();
  await page.getByRole('heading', { name: 'Check Out' }).click();
}

const shownTerm = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`);

const ZONES_AND_DAYS_AHEAD = [
  ['Asia/Kolkata', 2],
  ['UTC', 6],
  ['America/New_York', 10],
] as const;

for (const [timezoneId, daysAhead] of ZONES_AND_DAYS_AHEAD) {
  test.describe(`the car page’s picker in the browser zone ${timezoneId}`, () => {
    test.use({ timezoneId });

    // Nothing leaves the machine: the card checkout cannot load, so once its button is pressed the unpaid request is offered.
    test('books the start and end days clicked, and the server stores them', async ({ context, page }) => {
      await registerAndSignIn(context, 'user');
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      await page.goto('/cars/Maruti%20Ertiga');
      await showCalendar(page);
      const shownStart = indiaTime(await page.getByRole('textbox', { name: PERIOD_LABEL }).first().inputValue());
      expect(indiaDay(shownStart).getUTCMinutes()).toBe(0);

      // A start past the shown end (the package's own default end is one day after the start).
      const from = new Date(shownStart.getTime() + daysAhead * DAY_MS);
      await clickDay(page, 0, from);
      await expect(shownTerm(page, 'From')).toHaveText(formatIndiaTime(from));
      await expect(shownTerm(page, 'To')).toHaveText(formatIndiaTime(new Date(from.getTime() + DAY_MS)));

      const to = new Date(from.getTime() + 3 * DAY_MS);
      await clickDay(page, 1, to);
      await expect(shownTerm(page, 'To')).toHaveText(formatIndiaTime(to));
      await expect(shownTerm(page, 'From')).toHaveText(formatIndiaTime(from));
      const totalBox = page.getByRole('group', { name: 'Total Amount' });
      await expect(totalBox).toContainText('72 hours ×');
      // The typed fields show what was clicked, on India's clock.
      await expect(page.getByLabel('From date')).toHaveValue(toIndiaIso(from).slice(0, 10));
      await expect(page.getByLabel('To date')).toHaveValue(toIndiaIso(to).slice(0, 10));
      await expect(page.getByLabel('To time')).toHaveValue(toIndiaIso(to).slice(11, 16));
      const address = new URL(page.url()).searchParams;
      expect([address.get('from'), address.get('to')]).toEqual([toIndiaIso(from), toIndiaIso(to)]);

      // Starting to pay first asks the server to check the request for exactly the period picked.
      const [checked] = await Promise.all([
        page.waitForResponse(
          (response) => response.url().endsWith('/api/bookings/check') && response.request().method() === 'POST',
        ),
        page.getByRole('button', { name: 'Pay with a card' }).click(),
      ]);
      expect(checked.status()).toBe(204);
      const asked = checked.request().postDataJSON() as { from: string; to: string };
      expect([new Date(asked.from).getTime(), new Date(asked.to).getTime()]).toEqual([from.getTime(), to.getTime()]);
      expect(pageErrors).toEqual([]);
    });
  });
}
