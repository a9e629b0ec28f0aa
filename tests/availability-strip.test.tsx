import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Availability } from '../src/domain/contract';
import { renderRoute } from './render';
import { fail } from './mocks/routes';
import { hold, serve } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const DAY_MS = 24 * 60 * 60 * 1000;
const INDIA_OFFSET_MS = 5.5 * 60 * 60 * 1000;

/** India's date `ahead` days from today, "YYYY-MM-DD". */
function indiaDate(ahead: number): string {
  return new Date(Date.now() + INDIA_OFFSET_MS + ahead * DAY_MS).toISOString().slice(0, 10);
}

/** "Tue 24 Nov", as the strip names India's day `ahead` days from today. */
function dayName(ahead: number): string {
  const day = new Date(`${indiaDate(ahead)}T00:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => day.toLocaleDateString('en-GB', { timeZone: 'UTC', ...options });
  return `${part({ weekday: 'short' })} ${part({ day: 'numeric' })} ${part({ month: 'short' })}`;
}

/** Day 2 booked from midnight to midnight in India, day 4 from 10:00 to 14:00. */
const BOOKED: Availability = {
  busy: [
    { from: `${indiaDate(2)}T00:00:00+05:30`, to: `${indiaDate(3)}T00:00:00+05:30` },
    { from: `${indiaDate(4)}T10:00:00+05:30`, to: `${indiaDate(4)}T14:00:00+05:30` },
  ],
};

function strip(): HTMLElement {
  return screen.getByRole('list', { name: 'Availability, next 30 days' });
}

describe("the car page's availability strip", () => {
  it('shows the next 30 India days, each free, partly booked or booked in words as well as colour, with a legend', async () => {
    const calls = serve('GET /api/cars/:carName/availability', BOOKED);
    renderRoute('/cars/Tata%20Nexon%20EV');
    await screen.findByRole('list', { name: 'Availability, next 30 days' });

    const days = within(strip()).getAllByRole('listitem');
    expect(days).toHaveLength(30);
    expect(days[0]).toHaveTextContent(`${dayName(0)}: free`);
    expect(days[29]).toHaveTextContent(`${dayName(29)}: free`);
    expect(days[2]).toHaveTextContent(`${dayName(2)}: booked`);
    expect(days[2]).toHaveTextContent('✕');
    expect(days[3]).toHaveTextContent(`${dayName(3)}: free`);
    expect(days[4]).toHaveTextContent(`${dayName(4)}: partly booked`);
    expect(days[4]).toHaveTextContent('◐');
    expect(days.map((day) => day.className.match(/availability-day--(\w+)/)?.[1]).slice(0, 6)).toEqual([
      'free',
      'free',
      'busy',
      'free',
      'partly',
      'free',
    ]);
    const legend = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['✓Free', '◐Partly booked', '✕Booked']);

    // One request, for the car as the address names it, from the start of India's today for 90 days.
    expect(calls).toHaveLength(1);
    expect(calls[0]?.params.carName).toBe('Tata Nexon EV');
    expect(calls[0]?.query).toEqual({
      from: `${indiaDate(0)}T00:00:00+05:30`,
      to: `${indiaDate(90)}T00:00:00+05:30`,
    });
  });

  it('says it is loading while the server has not answered, with the car already shown', async () => {
    const release = hold('GET /api/cars/:carName/availability');
    renderRoute('/cars/Tata%20Nexon%20EV');
    const loading = await screen.findByText('Loading when this car is booked…');
    expect(loading).toHaveAttribute('role', 'status');
    expect(screen.getByRole('heading', { level: 1, name: 'Tata Nexon EV' })).toBeInTheDocument();
    release();
    expect(await screen.findByRole('list', { name: 'Availability, next 30 days' })).toBeInTheDocument();
  });

  it('says in a line when it cannot load, keeps the page and its checkout, and tries again when asked', async () => {
    serve('GET /api/cars/:carName/availability', fail(500, serverSays.serverFault), { once: true });
    const { user } = renderRoute('/cars/Tata%20Nexon%20EV');
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent('When this car is booked could not be loaded. You can still pick a period');
    expect(screen.getByRole('heading', { level: 1, name: 'Tata Nexon EV' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Check Out' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Availability, next 30 days' })).not.toBeInTheDocument();

    serve('GET /api/cars/:carName/availability', BOOKED);
    await user.click(within(note).getByRole('button', { name: 'Try again' }));
    expect(
      within(await screen.findByRole('list', { name: 'Availability, next 30 days' })).getAllByRole('listitem')[2],
    ).toHaveTextContent('booked');
  });
});
