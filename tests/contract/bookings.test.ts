import { describe, expect, it } from 'vitest';
import { registerUser, signIn } from '../../src/features/auth/api';
import { actOnBooking, checkBooking, createBooking, listBookings } from '../../src/features/bookings/api';
import { listCars } from '../../src/entities/car/api';
import { addOwnerCar, listOwnerCars } from '../../src/features/owner-cars/api';
import { formatIndiaTime, indiaToday } from '../../src/domain/india-time';
import { paths } from '../../src/config/paths';
import { Booking, pagedAnswer, type OwnerCar } from '../../src/domain/contract';
import { newAccount } from '../../server/tests/helpers';
import { serverSays } from '../mocks/server-says';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { signUpAndIn } from './registrations';

const admin = { ...newAccount(), username: 'admin' };
const live = startLiveServer({ admin });

const DAY = 24 * 60 * 60 * 1000;

/** A period `days` ahead, between two whole hours of India's clock. */
function period(days: number, fromHour: number, toHour: number): { from: string; to: string } {
  const date = indiaToday(new Date(Date.now() + days * DAY));
  const at = (hour: number) => `${date}T${String(hour).padStart(2, '0')}:00:00+05:30`;
  return { from: at(fromHour), to: at(toHour) };
}

/** Signs a new owner up in the 'owner' browser and lists one car for them at `price` an hour. */
async function ownerWithCar(price: number): Promise<OwnerCar> {
  live.browser('owner');
  await signUpAndIn('owner');
  await addOwnerCar({
    url: '/uploads/swift.jpg',
    carname: `Maruti Swift ${crypto.randomUUID().slice(0, 8)}`,
    description: '',
    price,
  });
  const [car] = await listOwnerCars();
  return car;
}

describe('bookings, against the real server', () => {
  it("books an owner's car by its id, with the server's total, and shows it to the renter and the owner", async () => {
    const car = await ownerWithCar(40);
    live.browser('renter');
    const renter = await signUpAndIn('user');
    const when = period(1, 10, 18);

    const booking = conforms(Booking, await createBooking({ carName: car.id, ...when, driver: true }));
    expect(booking).toMatchObject({
      car: { id: car.id, kind: 'listed', carName: car.carname },
      renter: { id: renter.id, username: renter.username },
      ...when,
      hours: 8,
      driver: true,
      pricePerDay: 40,
      total: 8 * 40 + 8 * 30,
      amountPaise: (8 * 40 + 8 * 30) * 100,
      status: 'requested',
    });
    expect(conforms(pagedAnswer(Booking), await listBookings()).data).toEqual([booking]);

    live.browser('owner');
    // The owner also reads what the renter's licence and trips say of them (never the licence itself).
    expect((await listBookings()).data).toEqual([
      { ...booking, renterSummary: { approvedToDrive: true, ageBand: expect.any(String), completedTrips: 0, ratingCount: 0 } },
    ]);
  });

  it('takes each step once: the owner accepts, the renter cancels; a step that is not possible says why', async () => {
    const car = await ownerWithCar(40);
    live.browser('renter');
    await signUpAndIn('user');
    const requested = await createBooking({ carName: car.id, ...period(2, 9, 12), driver: false });

    live.browser('owner');
    expect(conforms(Booking, await actOnBooking(requested.id, 'accept')).status).toBe('accepted');
    // The owner may still cancel an accepted booking, or later say the renter did not come, so the refusal says so.
    await expect(actOnBooking(requested.id, 'decline')).rejects.toMatchObject({
      status: 409,
      message: 'This booking is accepted: you can only cancel or report a no-show on it.',
    });

    live.browser('renter');
    expect((await actOnBooking(requested.id, 'cancel')).status).toBe('cancelled');
    expect((await listBookings()).data[0]?.status).toBe('cancelled');
    expect((await listBookings({ status: 'cancelled' })).data.map((booking) => booking.id)).toContain(requested.id);
    expect((await listBookings({ status: 'requested' })).data.map((booking) => booking.id)).not.toContain(requested.id);
  });

  it("refuses a renter's second open request overlapping their first, naming it", async () => {
    const car = await ownerWithCar(40);
    live.browser('renter');
    await signUpAndIn('user');
    const first = await createBooking({ carName: car.id, ...period(2, 10, 14), driver: false });
    await expect(createBooking({ carName: car.id, ...period(2, 12, 16), driver: true })).rejects.toMatchObject({
      status: 409,
      message: `You already asked for this car for part of that period: booking ${first.number}, ${formatIndiaTime(first.from)} to ${formatIndiaTime(first.to)} (India time).`,
      booking: { number: first.number, path: paths.booking(first.id) },
    });
    expect((await listBookings()).data.map((booking) => booking.id)).toEqual([first.id]);
  });

  it('lets the owner decline, and keeps an accepted period: overlapping requests are declined with a reason, a second booking refused', async () => {
    const car = await ownerWithCar(65);
    const when = period(3, 10, 14);
    live.browser('other renter');
    await signUpAndIn('user');
    const second = await createBooking({ carName: car.id, ...period(3, 12, 16), driver: false });
    live.browser('renter');
    await signUpAndIn('user');
    const first = await createBooking({ carName: car.id, ...when, driver: false });
    const third = await createBooking({ carName: car.id, ...period(4, 12, 16), driver: false });

    live.browser('owner');
    await actOnBooking(first.id, 'accept');
    await expect(actOnBooking(second.id, 'accept')).rejects.toMatchObject({
      status: 409,
      message: 'This booking is declined: you cannot change it any more.',
    });
    expect((await actOnBooking(third.id, 'decline')).status).toBe('declined');
    expect((await listBookings()).data.find((booking) => booking.id === third.id)).not.toHaveProperty('declineReason');

    live.browser('other renter');
    expect(conforms(pagedAnswer(Booking), await listBookings()).data).toEqual([
      expect.objectContaining({
        id: second.id,
        status: 'declined',
        declineReason: 'Another request for this period was accepted.',
      }),
    ]);

    live.browser('renter');
    await expect(createBooking({ carName: car.id, ...when, driver: false })).rejects.toMatchObject({
      status: 409,
      message: serverSays.alreadyBooked,
    });
    expect((await listCars(when)).data.map((listed) => listed.id)).not.toContain(car.id);
    expect((await listCars(period(5, 10, 14))).data.map((listed) => listed.id)).toContain(car.id);
  });

  it('lists a request whose period has begun as expired, and refuses to accept it', async () => {
    const car = await ownerWithCar(40);
    live.browser('renter');
    await signUpAndIn('user');
    const start = Date.now() - 60 * 1000;
    const late = await createBooking({
      carName: car.id,
      from: new Date(start).toISOString(),
      to: new Date(start + 2 * 60 * 60 * 1000).toISOString(),
      driver: false,
    });
    expect(late.status).toBe('expired');
    expect(conforms(pagedAnswer(Booking), await listBookings()).data).toEqual([late]);

    live.browser('owner');
    await expect(actOnBooking(late.id, 'accept')).rejects.toMatchObject({
      status: 409,
      message: 'This booking is expired: you cannot change it any more.',
    });
  });

  it('lets an admin answer for a fleet car, and nobody else', async () => {
    live.browser('renter');
    await signUpAndIn('user');
    const booking = await createBooking({ carName: 'Tata Nexon EV', ...period(6, 10, 13), driver: false });
    expect(booking).toMatchObject({
      car: { kind: 'fleet', carName: 'Tata Nexon EV' },
      hours: 3,
      total: 150,
      amountPaise: 15_000,
    });

    await ownerWithCar(40);
    await expect(actOnBooking(booking.id, 'accept')).rejects.toMatchObject({
      status: 404,
      message: 'There is no such booking among yours.',
    });

    live.browser('admin');
    await signIn({ email: admin.username, password: admin.password });
    expect((await listBookings()).data.map((seen) => seen.id)).toContain(booking.id);
    expect((await actOnBooking(booking.id, 'accept')).status).toBe('accepted');
  });

  it('refuses an unknown car, a period in the past and a signed-out visitor, in the words the app shows', async () => {
    live.browser('renter');
    await signUpAndIn('user');
    await expect(createBooking({ carName: 'Flying Carpet', ...period(1, 10, 12), driver: false })).rejects.toMatchObject({
      status: 404,
      message: serverSays.noSuchCar,
    });
    await expect(createBooking({ carName: 'Tata Nexon EV', ...period(-2, 10, 12), driver: false })).rejects.toMatchObject({
      status: 400,
      message: 'The start must not be in the past.',
    });
    live.browser('visitor');
    await expect(listBookings()).rejects.toMatchObject({ status: 401, message: serverSays.notSignedIn });
  });

  it('refuses a first request, and its check, until the renter’s number is verified, in the words the app shows', async () => {
    live.browser('new renter');
    const account = newAccount();
    await registerUser({ ...account, confirmPassword: account.password });
    await signIn({ email: account.email, password: account.password });
    const request = { carName: 'Tata Nexon EV', ...period(3, 10, 12), driver: false };
    const refusal = { status: 403, message: serverSays.verifyToBook, reason: 'phoneNotVerified' };
    await expect(checkBooking(request)).rejects.toMatchObject(refusal);
    await expect(createBooking(request)).rejects.toMatchObject(refusal);
  });
});
