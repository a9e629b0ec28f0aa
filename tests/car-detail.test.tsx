import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicCar } from '../src/domain/contract';
import { renderRoute } from './render';
import { CARD_PAYMENTS, FROM, PERIOD, TO, nexonBooked } from './checkout';
import { expectFieldError, expectNoFieldError } from './field-errors';
import { asha, creta, fleetCar, listed, ravi, swift } from './mocks/answers';
import { fail } from './mocks/routes';
import { acceptSignIn, recordAllRequests, serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const nexon = fleetCar('Tata Nexon EV');

/** `GET /api/cars/{name or id}` answers this car. */
function serveCar(car: PublicCar) {
  serve('GET /api/cars/:carName', car);
}

function totalAmount(): HTMLElement {
  return screen.getByRole('group', { name: 'Total Amount' });
}

describe('car page', () => {
  it('says a car with instant booking is confirmed as soon as the renter pays', async () => {
    const instantSwift = listed({ ...swift, instantBooking: true });
    serveCar(instantSwift);
    renderRoute(`/cars/${instantSwift.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Maruti Swift' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Instant booking: confirmed as soon as you pay' })).toHaveTextContent('Instant');
  });

  it('tells the renter of an instant car that paying takes the money and confirms at once, with no owner to wait for', async () => {
    session(asha);
    serve('GET /api/config', { payments: CARD_PAYMENTS, cancellation: { freeCancelHours: 24, lateRefundBps: 5000 } });
    const instantSwift = listed({ ...swift, instantBooking: true });
    serveCar(instantSwift);
    renderRoute(`/cars/${instantSwift.id}?${PERIOD}`);

    expect(
      await screen.findByText(
        'Instant booking: the amount is taken when you pay, and the booking is confirmed at once, with no wait for the owner.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Cancelling: free until .+ \(India time\); later, .+ comes back;/)).toBeInTheDocument();
    expect(screen.queryByText(/taken only when the owner accepts/)).not.toBeInTheDocument();
    expect(screen.queryByText(/free until the owner accepts/)).not.toBeInTheDocument();
  });

  it('shows a catalogue car at once with its price label and specifications, and no stars it cannot know', async () => {
    const asked = recordAllRequests();
    renderRoute('/cars/Tata%20Nexon%20EV');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tata Nexon EV' })).toBeInTheDocument();
    expect(screen.getByText('₹50.00 / hour')).toBeInTheDocument();
    // The catalogue holds no ratings: stars wait for the car's reviews (reviews.test.tsx).
    expect(screen.queryByTestId('stars')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Tata Nexon EV' })).toHaveAttribute('src', '/images/cars/tesla-malibu.svg');
    for (const [label, value] of [
      ['Model', 'Empowered 45'],
      ['Body type', 'SUV'],
      ['Transmission', 'Automatic'],
      ['Seats', '5 seats'],
      ['Fuel', 'Electric'],
      ['Year', '2024'],
      // An electric car burns no fuel: it has a range where others have a mileage.
      ['Range', '489 km (ARAI)'],
      ['GPS', 'GPS Navigation'],
      ['Brand', 'Tata'],
    ]) {
      expect(screen.getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    for (const gone of ['Mileage', 'Gearbox', 'Seating']) expect(screen.queryByText(gone)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Car Listing' })).toHaveAttribute('href', '/layout/cars');
    expect(screen.getByRole('heading', { name: 'Check Out' })).toBeInTheDocument();
    expect(screen.getByText('Pay Here')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Tata Nexon EV'));
    // The catalogue is in the app: its cars need no call to the server, only when they are booked and reviewed does.
    await waitFor(() =>
      expect(asked.filter((call) => call.includes('/api/cars')).sort()).toEqual([
        'GET /api/cars/Tata%20Nexon%20EV/availability',
        'GET /api/cars/Tata%20Nexon%20EV/reviews',
      ]),
    );
  });

  it('starts the period from the address, shows it in India time and totals the whole hours', async () => {
    serveCar(nexon);
    renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    expect(await screen.findByText('Jan 31 2030 22:30')).toBeInTheDocument();
    expect(screen.getByText('Feb 01 2030 02:15')).toBeInTheDocument();
    expect(totalAmount()).toHaveTextContent('₹150.00');
    expect(totalAmount()).toHaveTextContent('3 hours × ₹50.00');
  });

  it('shows the period in typed fields on India’s clock, and a typed period changes the total and the address', async () => {
    serveCar(nexon);
    const { router, user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    const fromDate = await screen.findByLabelText('From date');
    expect(fromDate).toHaveValue('2030-01-31');
    expect(screen.getByLabelText('From time')).toHaveValue('22:30');
    expect(screen.getByLabelText('To date')).toHaveValue('2030-02-01');
    expect(screen.getByLabelText('To time')).toHaveValue('02:15');
    expect(fromDate).toHaveAccessibleDescription('Times are India time (IST).');

    await user.clear(screen.getByLabelText('To date'));
    await user.type(screen.getByLabelText('To date'), '2030-02-02');
    await user.clear(screen.getByLabelText('To time'));
    await user.type(screen.getByLabelText('To time'), '10:45');

    expect(totalAmount()).toHaveTextContent('36 hours × ₹50.00');
    expect(totalAmount()).toHaveTextContent('₹1,800.00');
    expect(screen.getByText('Feb 02 2030 10:45')).toBeInTheDocument();
    const address = new URLSearchParams(router.state.location.search);
    expect([address.get('from'), address.get('to')]).toEqual([FROM, '2030-02-02T10:45:00+05:30']);
    expectNoFieldError(screen.getByLabelText('To date'));
  });

  it('shows a day picked on the calendar in the typed fields, starting on the day clicked after the end and ending a day later', async () => {
    serveCar(nexon);
    const { router, user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    const showCalendar = await screen.findByRole('button', { name: 'Pick on a calendar' });
    expect(showCalendar).toHaveAttribute('aria-expanded', 'false');
    await user.click(showCalendar);
    expect(showCalendar).toHaveAttribute('aria-expanded', 'true');
    const [start, end] = await screen.findAllByRole('textbox', { name: 'Calendar: start, then end' });
    expect(start).toHaveValue('Jan 31 2030 22:30');
    expect(end).toHaveValue('Feb 01 2030 02:15');

    await user.click(start!);
    const startCalendar = start!.closest('.rdt') as HTMLElement;
    await user.click(within(startCalendar).getByText('›'));
    const fifthOfFebruary = within(startCalendar)
      .getAllByRole('cell', { name: '5' })
      .find((cell) => !/rdtOld|rdtNew/.test(cell.className));
    await user.click(fifthOfFebruary!);

    expect(start).toHaveValue('Feb 05 2030 22:30');
    expect(end).toHaveValue('Feb 06 2030 22:30');
    expect(screen.getByLabelText('From date')).toHaveValue('2030-02-05');
    expect(screen.getByLabelText('From time')).toHaveValue('22:30');
    expect(screen.getByLabelText('To date')).toHaveValue('2030-02-06');
    expect(totalAmount()).toHaveTextContent('24 hours × ₹50.00');
    const address = new URLSearchParams(router.state.location.search);
    expect([address.get('from'), address.get('to')]).toEqual(['2030-02-05T22:30:00+05:30', '2030-02-06T22:30:00+05:30']);

    // A typed end moves the calendar's end too.
    await user.clear(screen.getByLabelText('To date'));
    await user.type(screen.getByLabelText('To date'), '2030-02-08');
    expect(end).toHaveValue('Feb 08 2030 22:30');
  });

  it('adds the driver surcharge when Driver Required is ticked, and takes it off again', async () => {
    serveCar(nexon);
    const { router, user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    const driver = await screen.findByRole('checkbox', { name: /Driver Required/ });
    expect(driver).not.toBeChecked();

    await user.click(driver);
    expect(totalAmount()).toHaveTextContent('₹240.00');
    expect(totalAmount()).toHaveTextContent('driver 3 hours × ₹30.00');
    expect(new URLSearchParams(router.state.location.search).get('driver')).toBe('1');

    await user.click(screen.getByRole('checkbox', { name: /Driver Required/ }));
    expect(totalAmount()).toHaveTextContent('₹150.00');
  });

  it('offers a one-day period when the address names only a start', async () => {
    serveCar(fleetCar('Kia Seltos'));
    renderRoute(`/cars/Kia%20Seltos?from=${encodeURIComponent('2030-03-01T09:00:00+05:30')}`);
    expect(await screen.findByText('Mar 02 2030 09:00')).toBeInTheDocument();
    expect(totalAmount()).toHaveTextContent('₹1,560.00');
  });

  it('marks the end shorter than an hour after the start with the rule’s words, and disables Reserve Now', async () => {
    const instant = encodeURIComponent('2030-01-31T22:30:00+05:30');
    const halfHourLater = encodeURIComponent('2030-01-31T23:00:00+05:30');
    serveCar(nexon);
    renderRoute(`/cars/Tata%20Nexon%20EV?from=${instant}&to=${halfHourLater}`);
    await expectFieldError(await screen.findByLabelText('To date'), 'The end must be at least one hour after the start.');
    await expectFieldError(screen.getByLabelText('To time'), 'The end must be at least one hour after the start.');
    expectNoFieldError(screen.getByLabelText('From date'));
    expect(screen.getByText('Correct the rental period above to reserve.')).toBeInTheDocument();
    expect(totalAmount()).toHaveTextContent('₹0.00');
    // The button shows once the session check has answered.
    expect(await screen.findByRole('button', { name: 'Reserve Now' })).toBeDisabled();
  });

  it('refuses a typed start in the past at the From fields, and an unfinished time at its own field', async () => {
    serveCar(nexon);
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    const fromDate = await screen.findByLabelText('From date');
    const toDate = screen.getByLabelText('To date');
    await user.clear(toDate);
    await user.type(toDate, '2020-02-01');
    await expectFieldError(toDate, 'The end must be after the start.');
    await user.clear(fromDate);
    await user.type(fromDate, '2020-01-31');
    await expectFieldError(fromDate, 'The start must not be in the past.');
    await expectFieldError(screen.getByLabelText('From time'), 'The start must not be in the past.');
    expectNoFieldError(toDate);
    expect(await screen.findByRole('button', { name: 'Reserve Now' })).toBeDisabled();

    await user.clear(fromDate);
    await user.type(fromDate, '2030-01-31');
    await user.clear(toDate);
    await user.type(toDate, '2030-02-01');
    expectNoFieldError(fromDate);
    expectNoFieldError(toDate);
    expect(screen.getByRole('button', { name: 'Reserve Now' })).toBeEnabled();

    await user.clear(screen.getByLabelText('To time'));
    await expectFieldError(screen.getByLabelText('To time'), 'Enter the time: hours and minutes.');
    expectNoFieldError(screen.getByLabelText('To date'));
    expect(screen.getByRole('button', { name: 'Reserve Now' })).toBeDisabled();
  });

  it('reads a typed period as India time and sends it as typed', async () => {
    session(asha);
    serveCar(nexon);
    const bookings = serve('POST /api/bookings', nexonBooked({ driver: false }));
    const { user } = renderRoute('/cars/Tata%20Nexon%20EV');
    for (const [label, value] of [
      ['From date', '2030-01-31'],
      ['From time', '22:30'],
      ['To date', '2030-02-01'],
      ['To time', '02:15'],
    ] as const) {
      const field = await screen.findByLabelText(label);
      await user.clear(field);
      await user.type(field, value);
    }
    expect(totalAmount()).toHaveTextContent('3 hours × ₹50.00');
    await user.click(await screen.findByRole('button', { name: 'Send request without paying' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Total: ₹150.00');
    expect(bookings.map((call) => call.body)).toEqual([{ carName: 'Tata Nexon EV', from: FROM, to: TO, driver: false }]);
  });

  it('sends a signed-out visitor to sign in first and brings them back with the period', async () => {
    serveCar(nexon);
    acceptSignIn(session(null), 'POST /carsSchema', asha);
    const { router, user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    await user.click(await screen.findByRole('button', { name: 'Reserve Now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to reserve the Tata Nexon EV' })).toBeInTheDocument();

    await user.type(await screen.findByLabelText('Email'), 'asha@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse-42');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/cars/Tata%20Nexon%20EV'));
    expect(await screen.findByText('Jan 31 2030 22:30')).toBeInTheDocument();
  });

  it('says card payments are not configured and sends the request unpaid on request', async () => {
    session(asha);
    serveCar(nexon);
    const bookings = serve('POST /api/bookings', nexonBooked({ driver: true }));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}&driver=1`);
    expect(await screen.findByText('Card payments are not configured yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay with a card' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send request without paying' }));
    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent('Booking requested');
    expect(confirmation).toHaveTextContent('Total: ₹240.00');
    expect(confirmation).toHaveTextContent('Jan 31 2030 22:30 to Feb 01 2030 02:15 (3 hours, with a driver)');
    expect(confirmation).toHaveTextContent('Not paid');
    expect(bookings.map((call) => call.body)).toEqual([
      { carName: 'Tata Nexon EV', from: '2030-01-31T22:30:00+05:30', to: '2030-02-01T02:15:00+05:30', driver: true },
    ]);
  });

  it('books an owner’s car by its id, so two cars of one name never get mixed up', async () => {
    session(asha);
    serveCar(listed(creta));
    const bookings = serve('POST /api/bookings', {
      ...nexonBooked({ driver: false }),
      car: { id: creta.id, kind: 'listed', carName: creta.carname },
      pricePerDay: 65,
      total: 195,
      amountPaise: 19_500,
    });
    const { user } = renderRoute(`/cars/${creta.id}?${PERIOD}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Hyundai Creta' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Send request without paying' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Total: ₹195.00');
    expect(bookings.map((call) => call.body)).toEqual([
      { carName: creta.id, from: '2030-01-31T22:30:00+05:30', to: '2030-02-01T02:15:00+05:30', driver: false },
    ]);
  });

  it('tells the renter when the car is already taken and keeps the choice', async () => {
    session(asha);
    serveCar(nexon);
    serve('POST /api/bookings', fail(409, serverSays.alreadyBooked));
    const { user } = renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    await user.click(await screen.findByRole('button', { name: 'Send request without paying' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.alreadyBooked);
    expect(screen.getByText('Jan 31 2030 22:30')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send request without paying' })).toBeEnabled();
  });

  it('explains that owners do not book cars', async () => {
    session(ravi);
    serveCar(nexon);
    renderRoute(`/cars/Tata%20Nexon%20EV?${PERIOD}`);
    expect(await screen.findByText(/Cars are booked from a renter account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send request without paying' })).not.toBeInTheDocument();
  });

  it('asks the server for an owner’s car and shows what it has', async () => {
    serveCar(listed(swift));
    renderRoute('/cars/Maruti%20Swift');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maruti Swift' })).toBeInTheDocument();
    expect(screen.getByText('₹40.00 / hour')).toBeInTheDocument();
    expect(screen.getByText('Listed by').nextElementSibling).toHaveTextContent('ravi');
    expect(screen.queryByText(/ratings\)/)).not.toBeInTheDocument();
  });

  it('falls back to a neutral silhouette when an owner’s picture cannot be loaded', async () => {
    serveCar(listed(creta));
    renderRoute('/cars/Hyundai%20Creta');
    const picture = await screen.findByRole('img', { name: 'Hyundai Creta' });
    expect(picture).toHaveAttribute('src', 'https://example.com/creta.jpg');
    fireEvent.error(picture);
    expect(screen.getByRole('img', { name: 'Hyundai Creta (no photo available)' })).toHaveAttribute(
      'src',
      '/images/cars/placeholder.svg',
    );
  });

  it('says so when no car has that name', async () => {
    serve('GET /api/cars/:carName', fail(404, serverSays.noSuchCar));
    renderRoute('/cars/Flying%20Carpet');
    expect(await screen.findByRole('heading', { name: 'Car not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all cars' })).toHaveAttribute('href', '/layout/cars');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Car not found'));
  });

  it('offers Retry when the server fails to answer for an owner’s car', async () => {
    serveCar(listed(swift));
    serve('GET /api/cars/:carName', fail(500, serverSays.serverFault), { once: true });
    const { user } = renderRoute('/cars/Maruti%20Swift');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(serverSays.serverFault);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maruti Swift' })).toBeInTheDocument();
  });
});
