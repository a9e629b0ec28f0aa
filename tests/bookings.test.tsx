import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BookingAction, type Booking, type BookingStatus } from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, asha, booking, fleetCar, paged, ravi, uuid } from './mocks/answers';
import { fail, unreachable } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const DAY = 24 * 60 * 60 * 1000;

/** A request from asha for ravi's Maruti Swift, starting tomorrow at 10:00 India time. */
function swiftRequest(overrides: Partial<Booking> = {}): Booking {
  const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
  return booking({ from: `${tomorrow}T10:00:00+05:30`, to: `${tomorrow}T18:00:00+05:30`, ...overrides });
}

const STATUS_AFTER: Record<BookingAction, BookingStatus> = { accept: 'accepted', decline: 'declined', cancel: 'cancelled' };

/**
 * `GET /api/bookings` answers these bookings; a step the app takes on one answers it with its new
 * status and the list shows that from then on. Returns the steps' calls.
 */
function serveBookings(...initial: Booking[]) {
  let bookings = initial;
  serve('GET /api/bookings', () => paged(bookings));
  return serve('POST /api/bookings/:id/:action', ({ params }) => {
    const status = STATUS_AFTER[BookingAction.parse(params.action)];
    bookings = bookings.map((held) => (held.id === params.id ? { ...held, status } : held));
    return bookings.find((held) => held.id === params.id) ?? fail(404, 'There is no such booking among yours.');
  });
}

describe('My bookings', () => {
  it('lists the renter’s request in India time with its total, and cancels it', async () => {
    session(asha);
    const steps = serveBookings(swiftRequest());
    const { user } = renderRoute('/bookings');

    const item = await screen.findByRole('listitem');
    expect(within(item).getByRole('link', { name: 'Maruti Swift' })).toBeInTheDocument();
    expect(item).toHaveTextContent('10:00');
    expect(item).toHaveTextContent('18:00');
    expect(item).toHaveTextContent('8 h, with a driver');
    expect(item).toHaveTextContent('₹560.00');
    expect(item).toHaveTextContent('requested');
    expect(within(item).queryByRole('button', { name: /^Accept/ })).not.toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: /^Cancel booking/ }));
    expect(await within(item).findByText('cancelled')).toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
    expect(steps.map((step) => step.params)).toEqual([{ id: swiftRequest().id, action: 'cancel' }]);
  });

  it('says so when there are no bookings yet', async () => {
    session(asha);
    serveBookings();
    renderRoute('/bookings');
    expect(await screen.findByText(/You have not booked a car yet/)).toBeInTheDocument();
  });

  it('shows the failure and a Retry that loads the list', async () => {
    session(asha);
    serveBookings(swiftRequest());
    serve('GET /api/bookings', unreachable, { once: true });
    const { user } = renderRoute('/bookings');

    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be loaded/);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Maruti Swift' })).toBeInTheDocument();
  });

  it('sends a signed-out visitor to sign in', async () => {
    renderRoute('/bookings');
    expect(await screen.findByRole('tab', { name: 'User' })).toBeInTheDocument();
  });
});

describe('Rental requests', () => {
  it('lets the owner accept a request for their car', async () => {
    session(ravi);
    serveBookings(swiftRequest());
    const { user } = renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Renter: asha');
    await user.click(within(item).getByRole('button', { name: /^Accept/ }));
    expect(await within(item).findByText('accepted')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /^Decline/ })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when another booking already holds the period', async () => {
    session(ravi);
    serveBookings(swiftRequest({ _id: uuid(302), id: uuid(302), status: 'accepted' }), swiftRequest());
    serve('POST /api/bookings/:id/:action', fail(409, serverSays.alreadyBooked));
    const { user } = renderRoute('/get/requests');

    const items = await screen.findAllByRole('listitem');
    const requested = items.find((item) => within(item).queryByText('requested'))!;
    await user.click(within(requested).getByRole('button', { name: /^Accept/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This car is already booked for part of that period.');
    expect(within(requested).getByText('requested')).toBeInTheDocument();
  });

  it('lets the owner decline a request', async () => {
    session(ravi);
    serveBookings(swiftRequest());
    const { user } = renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Decline/ }));
    expect(await within(item).findByText('declined')).toBeInTheDocument();
  });
});

describe('Rental requests for an admin', () => {
  it('accepts a fleet car’s request and only looks at an owner’s', async () => {
    session(admin);
    const bmw = fleetCar('BMW X3');
    serveBookings(
      swiftRequest({ _id: uuid(303), id: uuid(303), car: { id: bmw.id, kind: 'fleet', carName: bmw.carName } }),
      swiftRequest(),
    );
    const { user } = renderRoute('/get/requests');

    const fleetItem = (await screen.findByRole('link', { name: 'BMW X3' })).closest('li')!;
    const ownerItem = screen.getByRole('link', { name: 'Maruti Swift' }).closest('li')!;
    expect(within(ownerItem).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(fleetItem).getByRole('button', { name: /^Accept/ }));
    expect(await within(fleetItem).findByText('accepted')).toBeInTheDocument();
  });
});
