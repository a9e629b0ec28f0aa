import { describe, expect, it } from 'vitest';
import { actOnBooking, createBooking } from '../../src/features/bookings/api';
import { getCarAvailability } from '../../src/entities/car/api';
import { availabilityPeriod, dayStates, indiaDays } from '../../src/entities/car/busy-days';
import { addOwnerCar, listOwnerCars } from '../../src/features/owner-cars/api';
import { indiaToday } from '../../src/domain/india-time';
import { Availability } from '../../src/domain/contract';
import { serverSays } from '../mocks/server-says';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { signUpAndIn } from './registrations';

const live = startLiveServer();

describe("a car's availability, against the real server", () => {
  it('answers the accepted bookings of the 90 days the car page asks about, which read as the days the page marks', async () => {
    live.browser('owner');
    await signUpAndIn('owner');
    await addOwnerCar({
      url: '/uploads/thar.jpg',
      carname: `Mahindra Thar ${crypto.randomUUID().slice(0, 8)}`,
      description: '',
      price: 90,
    });
    const [car] = await listOwnerCars();
    const days = indiaDays(indiaToday(), 8);
    const wholeDay = { from: `${days[3]}T00:00:00+05:30`, to: `${days[4]}T00:00:00+05:30` };
    const someHours = { from: `${days[6]}T10:00:00+05:30`, to: `${days[6]}T14:00:00+05:30` };

    live.browser('renter');
    await signUpAndIn('user');
    const accepted = [await createBooking({ carName: car!.id, ...wholeDay, driver: false })];
    accepted.push(await createBooking({ carName: car!.id, ...someHours, driver: false }));
    const requestOnly = await createBooking({
      carName: car!.id,
      from: `${days[5]}T10:00:00+05:30`,
      to: `${days[5]}T12:00:00+05:30`,
      driver: false,
    });
    live.browser('owner');
    for (const booking of accepted) await actOnBooking(booking.id, 'accept');

    live.browser('visitor');
    const answer = conforms(Availability, await getCarAvailability(car!.id, availabilityPeriod(indiaToday())));
    expect(answer).toEqual({ busy: [wholeDay, someHours] });
    expect(requestOnly.status).toBe('requested');
    const stateOf = dayStates(answer.busy);
    expect(days.slice(2).map((day) => stateOf(day))).toEqual(['free', 'busy', 'free', 'free', 'partly', 'free']);
  });

  it("refuses a longer period and an unknown car in the server's words", async () => {
    const period = availabilityPeriod(indiaToday());
    await expect(getCarAvailability('Tata Nexon EV', { from: period.from, to: '9999-01-01T00:00:00Z' })).rejects.toMatchObject({
      status: 400,
      message: 'The end must be at most 90 days after the start: ask for a longer period in parts.',
    });
    await expect(getCarAvailability('No Such Car', period)).rejects.toMatchObject({ status: 404, message: serverSays.noSuchCar });
  });
});
