import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicCar } from '../src/domain/contract';
import { renderRoute } from './render';
import { asha, booking, fleet, paged, uuid } from './mocks/answers';
import { serve, session } from './mocks/serve';

/** 51 cars, "Car 1" to "Car 51", in the order the server lists them. */
const manyCars: PublicCar[] = Array.from({ length: 51 }, (_, index) => ({
  ...fleet[index % fleet.length]!,
  _id: uuid(500 + index),
  id: uuid(500 + index),
  carName: `Car ${index + 1}`,
}));

/** `GET /api/cars` answers the page asked for, as the server would. */
function serveManyCars() {
  return serve('GET /api/cars', ({ query }) => paged(manyCars, Number(query.page ?? 1)));
}

const shownCarNames = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
const button = (name: string) => screen.getByRole('button', { name });

let scrolled: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
afterEach(() => scrolled.mockRestore());

describe('Cars pages', () => {
  it('shows where the page sits in the list, and goes to the next page, keeping it in the address', async () => {
    const calls = serveManyCars();
    const { user, router } = renderRoute('/layout/cars');

    expect(await screen.findByText('1–24 of 51')).toBeInTheDocument();
    expect(screen.getByText('51 cars')).toBeInTheDocument();
    expect(shownCarNames()).toHaveLength(24);
    expect(button('Previous')).toBeDisabled();

    await user.click(button('Next'));
    expect(await screen.findByText('25–48 of 51')).toBeInTheDocument();
    expect(shownCarNames()[0]).toBe('Car 25');
    expect(router.state.location.search).toBe('?page=2');
    expect(calls.at(-1)?.query).toMatchObject({ page: '2' });
    expect(scrolled).toHaveBeenCalledWith({ top: 0, behavior: 'instant' });
  });

  it('shows the last page with Next turned off, and goes back to the first, leaving the page out of the address', async () => {
    serveManyCars();
    const { user, router } = renderRoute('/layout/cars?page=2');
    expect(await screen.findByText('25–48 of 51')).toBeInTheDocument();

    await user.click(button('Next'));
    expect(await screen.findByText('49–51 of 51')).toBeInTheDocument();
    expect(shownCarNames()).toEqual(['Car 49', 'Car 50', 'Car 51']);
    expect(button('Next')).toBeDisabled();

    await user.click(button('Previous'));
    expect(await screen.findByText('25–48 of 51')).toBeInTheDocument();
    await user.click(button('Previous'));
    expect(await screen.findByText('1–24 of 51')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('opens the page a shared address names', async () => {
    const calls = serveManyCars();
    renderRoute('/layout/cars?page=3');
    expect(await screen.findByText('49–51 of 51')).toBeInTheDocument();
    expect(calls[0]?.query).toMatchObject({ page: '3' });
  });

  it('asks for the first page when the address names no sensible page', async () => {
    const calls = serveManyCars();
    renderRoute('/layout/cars?page=zero');
    expect(await screen.findByText('1–24 of 51')).toBeInTheDocument();
    expect(calls[0]?.query).not.toHaveProperty('page');
  });

  it('shows no pager when every car fits on one page', async () => {
    serve('GET /api/cars', paged(manyCars.slice(0, 8)));
    renderRoute('/layout/cars');
    expect(await screen.findByText('8 cars')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Cars pages' })).not.toBeInTheDocument();
  });

  it('lets a page past the end go back', async () => {
    serveManyCars();
    const { user } = renderRoute('/layout/cars?page=9');
    expect(await screen.findByText('Nothing on page 9 of 51')).toBeInTheDocument();
    await user.click(button('Previous'));
    expect(await screen.findByText('49–51 of 51')).toBeInTheDocument();
  });
});

describe('My bookings pages', () => {
  const bookings = Array.from({ length: 30 }, (_, index) =>
    booking({ _id: uuid(700 + index), id: uuid(700 + index), number: `WOW-${String(700 + index).padStart(5, '0')}` }),
  );

  it('pages the bookings the same way', async () => {
    session(asha);
    const calls = serve('GET /api/bookings', ({ query }) => paged(bookings, Number(query.page ?? 1)));
    const { user, router } = renderRoute('/bookings');

    expect(await screen.findByText('1–24 of 30')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(24);
    await user.click(button('Next'));
    expect(await screen.findByText('25–30 of 30')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(6));
    expect(screen.getByRole('link', { name: 'Receipt of booking WOW-00724' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(calls.at(-1)?.query).toMatchObject({ page: '2' });
  });
});
