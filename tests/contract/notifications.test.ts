import { describe, expect, it } from 'vitest';
import { actOnBooking, createBooking } from '../../src/features/bookings/api';
import { getNotificationSummary, markBookingsSeen } from '../../src/features/notifications/api';
import { addOwnerCar, listOwnerCars } from '../../src/features/owner-cars/api';
import { indiaToday } from '../../src/domain/india-time';
import { NotificationSummary } from '../../src/domain/contract';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { signUpAndIn } from './registrations';

const live = startLiveServer();

const DAY = 24 * 60 * 60 * 1000;

/** 10:00 to 14:00 India time, `days` from today. */
function period(days: number): { from: string; to: string } {
  const date = indiaToday(new Date(Date.now() + days * DAY));
  return { from: `${date}T10:00:00+05:30`, to: `${date}T14:00:00+05:30` };
}

describe('notification counts, against the real server', () => {
  it("counts the owner's open requests and the renter's changed bookings as the badges read them; marking seen clears the renter's", async () => {
    live.browser('owner');
    await signUpAndIn('owner');
    await addOwnerCar({ url: '/uploads/i20.jpg', carname: 'Hyundai i20 badge', description: '', price: 50 });
    const [car] = await listOwnerCars();

    live.browser('renter');
    await signUpAndIn('user');
    const first = await createBooking({ carName: car?.id ?? '', ...period(3), driver: false });
    await createBooking({ carName: car?.id ?? '', ...period(4), driver: false });
    expect(conforms(NotificationSummary, await getNotificationSummary())).toEqual({
      requestsAwaitingAnswer: 0,
      bookingUpdates: 0,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });

    live.browser('owner');
    expect(conforms(NotificationSummary, await getNotificationSummary()).requestsAwaitingAnswer).toBe(2);
    await actOnBooking(first.id, 'accept');
    expect((await getNotificationSummary()).requestsAwaitingAnswer).toBe(1);

    live.browser('renter');
    expect((await getNotificationSummary()).bookingUpdates).toBe(1);
    expect(conforms(NotificationSummary, await markBookingsSeen())).toEqual({
      requestsAwaitingAnswer: 0,
      bookingUpdates: 0,
      unreadMessages: 0,
      unreadMessagesIn: null,
    });
    expect((await getNotificationSummary()).bookingUpdates).toBe(0);
  });

  it('refuses both calls signed out', async () => {
    live.browser('nobody');
    await expect(getNotificationSummary()).rejects.toMatchObject({ status: 401 });
    await expect(markBookingsSeen()).rejects.toMatchObject({ status: 401 });
  });
});
