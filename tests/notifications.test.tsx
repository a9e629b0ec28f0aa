import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Account, Booking } from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, asha, booking, paged, ravi, uuid } from './mocks/answers';
import { serve, session } from './mocks/serve';

function header(): HTMLElement {
  return screen.getByRole('banner');
}

/** The menu button under the signed-in person's name, named with any count its badge shows. */
async function accountToggle(who: Account): Promise<HTMLElement> {
  const banner = await waitFor(() => header());
  return within(banner).findByRole('button', { name: new RegExp(`^Signed in as ${who.username}`) });
}

/** The header with the signed-in person's menu open. */
async function openMenu(user: UserEvent, who: Account): Promise<HTMLElement> {
  const toggle = await accountToggle(who);
  if (toggle.getAttribute('aria-expanded') !== 'true') await user.click(toggle);
  return header();
}

describe("the header's badges", () => {
  it('shows a renter how many of their bookings changed, and opening My bookings clears it', async () => {
    session(asha);
    let updates = 2;
    const asked = serve('GET /api/notifications/summary', () => ({
      requestsAwaitingAnswer: 0,
      bookingUpdates: updates,
      unreadMessages: 0,
      unreadMessagesIn: null,
    }));
    const marked = serve('POST /api/notifications/bookings-seen', () => {
      updates = 0;
      return { requestsAwaitingAnswer: 0, bookingUpdates: 0, unreadMessages: 0, unreadMessagesIn: null };
    });
    serve('GET /api/bookings', paged([]));
    const { router, user } = renderRoute('/layout/home');
    // The count shows on the closed menu's button, which says what it counts.
    const toggle = await accountToggle(asha);
    await waitFor(() => expect(toggle).toHaveAccessibleName('Signed in as asha, 2 bookings updated'));
    expect(toggle).toHaveTextContent(/^asha 2$/);

    const banner = await openMenu(user, asha);
    const link = within(banner).getByRole('link', { name: 'My bookings, 2 bookings updated' });
    expect(link).toHaveAttribute('href', '/bookings');
    expect(link).toHaveTextContent(/^My bookings2$/);
    expect(asked.length).toBeGreaterThan(0);

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookings'));
    await waitFor(() => expect(marked.length).toBeGreaterThan(0));

    await act(() => router.navigate('/layout/home'));
    await waitFor(async () => expect(await accountToggle(asha)).toHaveAccessibleName('Signed in as asha'));
    const back = await openMenu(user, asha);
    expect(within(back).getByRole('link', { name: 'My bookings' })).toHaveTextContent(/^My bookings$/);
  });

  it('says one booking in the singular', async () => {
    session(asha);
    serve('GET /api/notifications/summary', {
      requestsAwaitingAnswer: 0,
      bookingUpdates: 1,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });
    const { user } = renderRoute('/layout/home');
    const toggle = await accountToggle(asha);
    await waitFor(() => expect(toggle).toHaveAccessibleName('Signed in as asha, 1 booking updated'));
    const banner = await openMenu(user, asha);
    expect(within(banner).getByRole('link', { name: 'My bookings, 1 booking updated' })).toHaveTextContent('1');
  });

  it('leads from the badge to the booking whose conversation holds unread messages', async () => {
    session(asha);
    serve('GET /api/notifications/summary', {
      requestsAwaitingAnswer: 0,
      bookingUpdates: 0,
      unreadMessages: 2,
      unreadMessagesIn: uuid(301),
    });
    const { user } = renderRoute('/layout/home');
    const toggle = await accountToggle(asha);
    await waitFor(() => expect(toggle).toHaveAccessibleName('Signed in as asha, 2 messages unread'));
    const banner = await openMenu(user, asha);
    expect(within(banner).getByRole('link', { name: 'Unread messages, 2 messages unread' })).toHaveAttribute(
      'href',
      `/bookings/${uuid(301)}`,
    );
  });

  it('shows an owner the requests awaiting their answer, and catches up once they answer one', async () => {
    session(ravi);
    let waiting = 1;
    const request: Booking = booking();
    let list = [request];
    serve('GET /api/notifications/summary', () => ({
      requestsAwaitingAnswer: waiting,
      bookingUpdates: 0,
      unreadMessages: 0,
      unreadMessagesIn: null,
    }));
    serve('GET /api/bookings', () => paged(list));
    serve('POST /api/bookings/:id/:action', () => {
      waiting = 0;
      list = [{ ...request, status: 'accepted' }];
      return list[0] ?? request;
    });
    const { router, user } = renderRoute('/layout/home');
    const toggle = await accountToggle(ravi);
    await waitFor(() => expect(toggle).toHaveAccessibleName('Signed in as ravi, 1 rental request awaiting your answer'));
    expect(toggle).toHaveTextContent(/^ravi 1$/);

    const banner = await openMenu(user, ravi);
    await user.click(within(banner).getByRole('link', { name: 'Rental requests, 1 awaiting your answer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/requests'));
    const item = within(await screen.findByRole('list', { name: 'Bookings' })).getByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Accept/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Accept unpaid request' }));
    expect(await within(item).findByText('accepted')).toBeInTheDocument();

    await act(() => router.navigate('/layout/home'));
    await waitFor(async () => expect(await accountToggle(ravi)).toHaveAccessibleName('Signed in as ravi'));
    const back = await openMenu(user, ravi);
    expect(within(back).getByRole('link', { name: 'Rental requests' })).toHaveTextContent(/^Rental requests$/);
  });

  it('shows an admin the fleet requests awaiting an answer', async () => {
    session(admin);
    serve('GET /api/notifications/summary', {
      requestsAwaitingAnswer: 12,
      bookingUpdates: 0,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });
    const { user } = renderRoute('/layout/home');
    const toggle = await accountToggle(admin);
    await waitFor(() => expect(toggle).toHaveAccessibleName('Signed in as admin, 12 rental requests awaiting your answer'));
    const banner = await openMenu(user, admin);
    const link = within(banner).getByRole('link', { name: 'Rental requests, 12 awaiting your answer' });
    expect(link).toHaveAttribute('href', '/get/requests');
  });

  it('asks for no counts while nobody is signed in', async () => {
    const asked = serve('GET /api/notifications/summary', {
      requestsAwaitingAnswer: 0,
      bookingUpdates: 0,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });
    renderRoute('/layout/home');
    expect(await within(await waitFor(() => header())).findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});

describe('the Account link', () => {
  it.each([asha, ravi, admin])('is in the header for $role accounts', async (who) => {
    session(who);
    const { user } = renderRoute('/layout/home');
    const banner = await openMenu(user, who);
    expect(within(banner).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
  });
});
