import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Availability } from '../src/domain/contract';
import { expectFieldError, expectNoFieldError } from './field-errors';
import { renderRoute } from './render';
import { fail } from './mocks/routes';
import { serve } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;
const PERIOD_LABEL = 'Calendar: start, then end';

/** India's calendar `ahead` days from today, read through UTC getters. */
function indiaDay(ahead: number): Date {
  return new Date(Date.now() + INDIA_OFFSET_MS + ahead * DAY_MS);
}
const dateOf = (ahead: number) => indiaDay(ahead).toISOString().slice(0, 10);

/** Day 3 booked from midnight to midnight in India, day 5 from 10:00 to 14:00. */
const BOOKED: Availability = {
  busy: [
    { from: `${dateOf(3)}T00:00:00+05:30`, to: `${dateOf(4)}T00:00:00+05:30` },
    { from: `${dateOf(5)}T10:00:00+05:30`, to: `${dateOf(5)}T14:00:00+05:30` },
  ],
};

/** The cell of India's day `ahead` in picker `which` (0 start, 1 end), with the calendar shown and paging the calendar on until it shows. */
async function dayCell(user: ReturnType<typeof renderRoute>['user'], which: 0 | 1, ahead: number): Promise<HTMLElement> {
  const showCalendar = await screen.findByRole('button', { name: 'Pick on a calendar' });
  if (showCalendar.getAttribute('aria-expanded') === 'false') await user.click(showCalendar);
  const field = (await screen.findAllByRole('textbox', { name: PERIOD_LABEL }))[which]!;
  await user.click(field);
  const calendar = field.closest('.rdt') as HTMLElement;
  const day = indiaDay(ahead);
  const selector = `td.rdtDay[data-year="${day.getUTCFullYear()}"][data-month="${day.getUTCMonth()}"][data-value="${day.getUTCDate()}"]`;
  for (let page = 0; page < 3 && !calendar.querySelector(selector); page += 1) {
    await user.click(calendar.querySelector('.rdtNext') as HTMLElement);
  }
  return calendar.querySelector(selector) as HTMLElement;
}

describe("the car page's picker and the car's bookings", () => {
  it('does not let a booked day be picked as start or end, and leaves the period as it was', async () => {
    serve('GET /api/cars/:carName/availability', BOOKED);
    const { router, user } = renderRoute('/cars/Tata%20Nexon%20EV');
    await screen.findByRole('list', { name: 'Availability, next 30 days' });
    const bookedStart = await dayCell(user, 0, 3);
    const [start, end] = screen.getAllByRole('textbox', { name: PERIOD_LABEL });
    const shown = [start!.getAttribute('value'), end!.getAttribute('value')];
    expect(bookedStart).toHaveClass('rdtDisabled', 'day-busy');
    expect(bookedStart).toHaveAttribute('title', 'Booked');
    await user.click(bookedStart);
    const bookedEnd = await dayCell(user, 1, 3);
    expect(bookedEnd).toHaveClass('rdtDisabled', 'day-busy');
    await user.click(bookedEnd);

    expect([start!.getAttribute('value'), end!.getAttribute('value')]).toEqual(shown);
    expect(new URLSearchParams(router.state.location.search).has('from')).toBe(false);
    expect(new URLSearchParams(router.state.location.search).has('to')).toBe(false);
    // The days around it stay open.
    expect(await dayCell(user, 0, 2)).not.toHaveClass('rdtDisabled');
    expect(await dayCell(user, 0, 4)).not.toHaveClass('rdtDisabled');
  });

  it('refuses a booked day typed as start or end at its date field', async () => {
    serve('GET /api/cars/:carName/availability', BOOKED);
    const { router, user } = renderRoute('/cars/Tata%20Nexon%20EV');
    await screen.findByRole('list', { name: 'Availability, next 30 days' });
    const toDate = await screen.findByLabelText('To date');
    await user.clear(toDate);
    await user.type(toDate, dateOf(3));
    await expectFieldError(toDate, 'The car is booked all of that day: choose another.');
    expectNoFieldError(screen.getByLabelText('To time'));
    const fromDate = screen.getByLabelText('From date');
    await user.clear(fromDate);
    await user.type(fromDate, dateOf(3));
    await expectFieldError(fromDate, 'The car is booked all of that day: choose another.');
    expect(await screen.findByRole('button', { name: 'Reserve Now' })).toBeDisabled();

    // The partly booked day is the server's to judge.
    await user.clear(fromDate);
    await user.type(fromDate, dateOf(5));
    await user.clear(toDate);
    await user.type(toDate, dateOf(6));
    expectNoFieldError(fromDate);
    expectNoFieldError(toDate);
    expect(new URLSearchParams(router.state.location.search).get('from')?.slice(0, 10)).toBe(dateOf(5));
    expect(screen.getByRole('button', { name: 'Reserve Now' })).toBeEnabled();
  });

  it('marks a partly booked day, which can still be picked', async () => {
    serve('GET /api/cars/:carName/availability', BOOKED);
    const { router, user } = renderRoute('/cars/Tata%20Nexon%20EV');
    await screen.findByRole('list', { name: 'Availability, next 30 days' });

    const partly = await dayCell(user, 0, 5);
    expect(partly).toHaveClass('day-partly');
    expect(partly).not.toHaveClass('rdtDisabled');
    expect(partly).toHaveAttribute('title', 'Partly booked');
    const day = indiaDay(5);
    const month = day.toLocaleDateString('en-GB', { timeZone: 'UTC', month: 'long' });
    expect(partly).toHaveAccessibleName(`${day.getUTCDate()} ${month}: partly booked`);
    expect(await dayCell(user, 0, 6)).not.toHaveClass('day-partly');

    await user.click(await dayCell(user, 0, 5));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('from')?.slice(0, 10)).toBe(dateOf(5)));
  });

  it('opens every day when the bookings could not be loaded, leaving the server to refuse a clash', async () => {
    serve('GET /api/cars/:carName/availability', fail(500, serverSays.serverFault));
    const { user } = renderRoute('/cars/Tata%20Nexon%20EV');
    await screen.findByText(/When this car is booked could not be loaded/);
    const cell = await dayCell(user, 0, 3);
    expect(cell).not.toHaveClass('rdtDisabled');
    expect(cell.className).not.toMatch(/day-/);
  });
});
