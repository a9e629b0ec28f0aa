import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Account, Booking } from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, asha, booking, paged, ravi } from './mocks/answers';
import { serve, session } from './mocks/serve';

function header(): HTMLElement {
  return screen.getByRole('banner');
}

/** The header once it knows who is signed in. */
async function signedInHeader(who: Account): Promise<HTMLElement> {
  const banner = await waitFor(() => header());
  await within(banner).findByText(who.username);
  return banner;
}

describe("the header's badges", () => {
  it('shows a renter how many of their bookings changed, and opening My bookings clears it', async () => {
    session(asha);
    let updates = 2;
    const asked = serve('GET /api/notifications/summary', () => ({ requestsAwaitingAnswer: 0, bookingUpdates: updates }));
    const marked = serve('POST /api/notifications/bookings-seen', () => {
      updates = 0;
      return { requestsAwaitingAnswer: 0, bookingUpdates: 0 };
    });
    serve('GET /api/bookings', paged([]));
    const { router, user } = renderRoute('/layout/home');
    const banner = await signedInHeader(asha);

    const link = await within(banner).findByRole('link', { name: 'My bookings, 2 bookings updated' });
    expect(link).toHaveAttribute('href', '/bookings');
    expect(link).toHaveTextContent(/^My bookings2$/);
    expect(asked.length).toBeGreaterThan(0);

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    await waitFor(() => expect(marked.length).toBeGreaterThan(0));

    await act(() => router.navigate('/layout/home'));
    const back = await signedInHeader(asha);
    await waitFor(() => expect(within(back).getByRole('link', { name: 'My bookings' })).toHaveTextContent(/^My bookings$/));
  });

  it('says one booking in the singular', async () => {
    session(asha);
    serve('GET /api/notifications/summary', { requestsAwaitingAnswer: 0, bookingUpdates: 1 });
    renderRoute('/layout/home');
    const banner = await signedInHeader(asha);
    expect(await within(banner).findByRole('link', { name: 'My bookings, 1 booking updated' })).toHaveTextContent('1');
  });

  it('shows an owner the requests awaiting their answer, and catches up once they answer one', async () => {
    session(ravi);
    let waiting = 1;
    const request: Booking = booking();
    let list = [request];
    serve('GET /api/notifications/summary', () => ({ requestsAwaitingAnswer: waiting, bookingUpdates: 0 }));
    serve('GET /api/bookings', () => paged(list));
    serve('POST /api/bookings/:id/:action', () => {
      waiting = 0;
      list = [{ ...request, status: 'accepted' }];
      return list[0] ?? request;
    });
    const { router, user } = renderRoute('/layout/home');
    const banner = await signedInHeader(ravi);

    await user.click(await within(banner).findByRole('link', { name: 'Rental requests, 1 awaiting your answer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/requests'));
    const item = await screen.findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Accept/ }));
    expect(await within(item).findByText('accepted')).toBeInTheDocument();

    await act(() => router.navigate('/layout/home'));
    const back = await signedInHeader(ravi);
    await waitFor(() =>
      expect(within(back).getByRole('link', { name: 'Rental requests' })).toHaveTextContent(/^Rental requests$/),
    );
  });

  it('shows an admin the fleet requests awaiting an answer', async () => {
    session(admin);
    serve('GET /api/notifications/summary', { requestsAwaitingAnswer: 12, bookingUpdates: 0 });
    renderRoute('/layout/home');
    const banner = await signedInHeader(admin);
    const link = await within(banner).findByRole('link', { name: 'Rental requests, 12 awaiting your answer' });
    expect(link).toHaveAttribute('href', '/get/requests');
  });

  it('asks for no counts while nobody is signed in', async () => {
    const asked = serve('GET /api/notifications/summary', { requestsAwaitingAnswer: 0, bookingUpdates: 0 });
    renderRoute('/layout/home');
    expect(await within(await waitFor(() => header())).findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});

describe('the Account link', () => {
  it.each([asha, ravi, admin])('is in the header for $role accounts', async (who) => {
    session(who);
    renderRoute('/layout/home');
    const banner = await signedInHeader(who);
    expect(within(banner).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  });
});
