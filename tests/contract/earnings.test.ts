import { describe, expect, it } from 'vitest';
import { actOnBooking, createBooking } from '../../src/features/bookings/api';
import { getOwnerEarnings, getOwnerStatement } from '../../src/features/earnings/api';
import { addOwnerCar, listOwnerCars } from '../../src/features/owner-cars/api';
import { indiaToday } from '../../src/domain/india-time';
import { OwnerEarnings, OwnerStatement } from '../../src/domain/contract';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { signUpAndIn } from './registrations';

const live = startLiveServer();

const DAY = 24 * 60 * 60 * 1000;

describe('an owner’s earnings and statements, against the real server', () => {
  it('answers the earnings page’s and the statement page’s calls in the contract’s shapes', async () => {
    live.browser('owner');
    await signUpAndIn('owner');
    await addOwnerCar({ url: '/uploads/i20.jpg', carname: 'Hyundai i20 earner', description: '', price: 50 });
    const [car] = await listOwnerCars();

    // With no payments taken by this server, the renter pays at pickup and the owner owes the platform's share.
    live.browser('renter');
    await signUpAndIn('user');
    const date = indiaToday(new Date(Date.now() + 3 * DAY));
    const booking = await createBooking({
      carName: car?.id ?? '',
      from: `${date}T10:00:00+05:30`,
      to: `${date}T14:00:00+05:30`,
      driver: false,
    });
    live.browser('owner');
    await actOnBooking(booking.id, 'accept');

    const figures = conforms(OwnerEarnings, await getOwnerEarnings(undefined));
    expect(figures).toMatchObject({ pendingPaise: 0, availablePaise: -4_000 });
    expect(figures.bookings.items).toEqual([
      expect.objectContaining({
        id: booking.id,
        state: 'owedAtPickup',
        grossPaise: 20_000,
        platformPaise: 4_000,
        netPaise: 16_000,
      }),
    ]);
    const month = figures.months.at(-1)?.month ?? '';
    expect(conforms(OwnerEarnings, await getOwnerEarnings(month)).bookings.month).toBe(month);

    const statement = conforms(OwnerStatement, await getOwnerStatement(month));
    expect(statement.lines.map(({ kind, booking: line }) => [kind, line?.id])).toEqual([['pickupShare', booking.id]]);
    expect(statement.closingAvailablePaise).toBe(-4_000);
  });

  it('refuses a month that is not one in the words the page shows, a renter, and someone signed out', async () => {
    live.browser('owner');
    await signUpAndIn('owner');
    await expect(getOwnerStatement('2026-13')).rejects.toMatchObject({
      status: 400,
      message: 'The month must be written as YYYY-MM, such as 2026-11.',
    });
    live.browser('renter');
    await signUpAndIn('user');
    await expect(getOwnerEarnings(undefined)).rejects.toMatchObject({ status: 403 });
    live.browser('nobody');
    await expect(getOwnerEarnings(undefined)).rejects.toMatchObject({ status: 401 });
  });
});
