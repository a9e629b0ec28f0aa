import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { server } from './mocks/server';
import { API } from './mocks/api';
import { seededAccount, signInAs } from './mocks/handlers/accounts';
import { addBooking, marketplaceRecords } from './mocks/handlers/marketplace';
import type { Booking } from '../src/domain/contract';

const DAY = 24 * 60 * 60 * 1000;

/** A request from asha for ravi's Maruti Swift, starting tomorrow at 10:00 India time. */
function swiftRequest(overrides: Partial<Booking> = {}): Booking {
  const renter = seededAccount('user');
  const tomorrow = new Date(Date.now() + DAY).toISOString().slice(0, 10);
  return {
    _id: 'booking-9',
    id: 'booking-9',
    car: { id: 'owner-car-1', kind: 'listed', carName: 'Maruti Swift' },
    renter: { id: renter.id, username: renter.username },
    from: `${tomorrow}T10:00:00+05:30`,
    to: `${tomorrow}T18:00:00+05:30`,
    hours: 8,
    driver: true,
    pricePerDay: 40,
    total: 560,
    amountPaise: 56000,
    status: 'requested',
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
    ...overrides,
  };
}

describe('My bookings', () => {
  it('lists the renter’s request in India time with its total, and cancels it', async () => {
    signInAs('user');
    addBooking(swiftRequest());
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
    expect(marketplaceRecords().bookings[0]?.status).toBe('cancelled');
  });

  it('says so when there are no bookings yet', async () => {
    signInAs('user');
    renderRoute('/bookings');
    expect(await screen.findByText(/You have not booked a car yet/)).toBeInTheDocument();
  });

  it('shows the failure and a Retry that loads the list', async () => {
    signInAs('user');
    addBooking(swiftRequest());
    server.use(http.get(`${API}/api/bookings`, () => HttpResponse.error(), { once: true }));
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
    signInAs('owner');
    addBooking(swiftRequest());
    const { user } = renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    expect(item).toHaveTextContent('Renter: asha');
    await user.click(within(item).getByRole('button', { name: /^Accept/ }));
    expect(await within(item).findByText('accepted')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /^Decline/ })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when another booking already holds the period', async () => {
    signInAs('owner');
    addBooking(swiftRequest());
    addBooking(swiftRequest({ _id: 'booking-8', id: 'booking-8', status: 'accepted' }));
    const { user } = renderRoute('/get/requests');

    const items = await screen.findAllByRole('listitem');
    const requested = items.find((item) => within(item).queryByText('requested'))!;
    await user.click(within(requested).getByRole('button', { name: /^Accept/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This car is already booked for part of that period.');
    expect(within(requested).getByText('requested')).toBeInTheDocument();
  });

  it('lets the owner decline a request', async () => {
    signInAs('owner');
    addBooking(swiftRequest());
    const { user } = renderRoute('/get/requests');

    const item = await screen.findByRole('listitem');
    await user.click(within(item).getByRole('button', { name: /^Decline/ }));
    expect(await within(item).findByText('declined')).toBeInTheDocument();
  });
});

describe('Rental requests for an admin', () => {
  it('accepts a fleet car’s request and only looks at an owner’s', async () => {
    signInAs('admin');
    const renter = seededAccount('user');
    addBooking(swiftRequest());
    addBooking(
      swiftRequest({
        _id: 'booking-7',
        id: 'booking-7',
        car: { id: 'fleet-03', kind: 'fleet', carName: 'BMW X3' },
        renter: { id: renter.id, username: renter.username },
      }),
    );
    const { user } = renderRoute('/get/requests');

    const fleetItem = (await screen.findByRole('link', { name: 'BMW X3' })).closest('li')!;
    const ownerItem = screen.getByRole('link', { name: 'Maruti Swift' }).closest('li')!;
    expect(within(ownerItem).queryByRole('button')).not.toBeInTheDocument();
    await user.click(within(fleetItem).getByRole('button', { name: /^Accept/ }));
    expect(await within(fleetItem).findByText('accepted')).toBeInTheDocument();
  });
});
