import { describe, expect, it } from 'vitest';
import { actOnBooking, createBooking, getBookingReceipt } from '../../src/features/bookings/api';
import { addOwnerCar, listOwnerCars } from '../../src/features/owner-cars/api';
import { indiaToday } from '../../src/domain/india-time';
import { BookingReceipt } from '../../src/domain/contract';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { signUpAndIn } from './registrations';

const live = startLiveServer();

const DAY = 24 * 60 * 60 * 1000;

describe('a booking’s receipt, against the real server', () => {
  it('answers the renter and the owner with the booking, its history and, once accepted, each other’s contact; nobody else', async () => {
    live.browser('owner');
    const owner = await signUpAndIn('owner');
    await addOwnerCar({
      url: '/uploads/swift.jpg',
      carname: `Maruti Swift ${crypto.randomUUID().slice(0, 8)}`,
      description: '',
      price: 40,
    });
    const [car] = await listOwnerCars();
    live.browser('renter');
    const renter = await signUpAndIn('user');
    const date = indiaToday(new Date(Date.now() + DAY));
    const requested = await createBooking({
      carName: car!.id,
      from: `${date}T10:00:00+05:30`,
      to: `${date}T18:00:00+05:30`,
      driver: true,
    });

    const before = conforms(BookingReceipt, await getBookingReceipt(requested.id));
    expect(before).toMatchObject({ id: requested.id, number: requested.number, hours: 8, total: 8 * 40 + 8 * 30, contacts: {} });
    expect(before.history.map((entry) => entry.status)).toEqual(['requested']);

    live.browser('owner');
    await actOnBooking(requested.id, 'accept');
    const ownersView = conforms(BookingReceipt, await getBookingReceipt(requested.id));
    expect(ownersView.contacts).toEqual({ renter: { name: renter.username, email: renter.email, phone: renter.phoneNumber } });

    live.browser('renter');
    const rentersView = conforms(BookingReceipt, await getBookingReceipt(requested.id));
    expect(rentersView.history.map((entry) => entry.status)).toEqual(['requested', 'accepted']);
    expect(rentersView.contacts).toEqual({ carKeeper: { name: owner.username, phone: owner.phoneNumber } });

    live.browser('other renter');
    await signUpAndIn('user');
    await expect(getBookingReceipt(requested.id)).rejects.toMatchObject({
      status: 404,
      message: 'There is no such booking among yours.',
    });
  });
});
