import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { findNotice } from './find-notice';
import { renderRoute } from './render';
import { creta, ravi, success, swift, uuid } from './mocks/answers';
import { fail, unreachable } from './mocks/routes';
import { hold, serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';
import { expectFieldError } from './field-errors';

type User = ReturnType<typeof renderRoute>['user'];

async function fillCar(user: User, values: { url: string; carname: string; description: string; price: string }) {
  await user.type(await screen.findByLabelText('Picture address'), values.url);
  await user.type(screen.getByLabelText('Car Name'), values.carname);
  await user.type(screen.getByLabelText('Any Description'), values.description);
  await user.type(screen.getByLabelText('Price'), values.price);
}

const kwid = { url: 'https://example.com/kwid.jpg', carname: 'Renault Kwid', description: 'Small and thrifty.', price: '700' };

describe('Add Your Car (/renting)', () => {
  beforeEach(() => {
    session(ravi);
  });

  it('has four required, labelled fields, where the car is and what it is with sensible defaults, and a link back to the list', async () => {
    renderRoute('/Renting');
    expect(await screen.findByRole('heading', { name: 'Add Your Car' })).toBeInTheDocument();
    for (const label of ['Picture address', 'Car Name', 'Any Description', 'Price']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByLabelText('City')).toHaveDisplayValue('Bengaluru');
    expect(screen.getByLabelText('Pickup area')).toHaveValue('');
    expect(screen.getByLabelText('Body type')).toHaveDisplayValue('Hatchback');
    expect(screen.getByLabelText('Seats')).toHaveValue(5);
    expect(screen.getByLabelText('Transmission')).toHaveDisplayValue('Manual');
    expect(screen.getByLabelText('Fuel')).toHaveDisplayValue('Petrol');
    // A guessed year would be listed unless the owner noticed it.
    expect(screen.getByLabelText('Year')).toHaveValue(null);
    expect(screen.getByLabelText('Air conditioned (AC)')).toBeChecked();
    expect(screen.getByLabelText('Km per day limit')).toHaveValue(null);
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Rupees per hour, a whole number.');
    expect(screen.getByRole('link', { name: 'Back to List' })).toHaveAttribute('href', '/get/cars');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Add Your Car'));
  });

  it('sends the price as typed text and, on "saved", shows the new car in Your Cars', async () => {
    const saved = { ...swift, _id: uuid(199), id: uuid(199), ...kwid, price: 700 };
    const calls = serve('POST /add-cars', 'saved');
    // The list has the new car, first (newest), once the server has saved it.
    serve('GET /get-cars', () => success(calls.length > 0 ? [saved, swift, creta] : [swift, creta]));
    const { router, user } = renderRoute('/renting');
    await fillCar(user, kwid);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    // What the owner left as it was goes as the form's defaults; a blank year or km limit is not sent.
    expect(calls.map((call) => call.body)).toEqual([
      {
        ...kwid,
        city: 'Bengaluru',
        pickupArea: '',
        ac: true,
        bodyType: 'hatchback',
        seats: 5,
        transmission: 'manual',
        fuel: 'petrol',
        payAtPickup: false,
        instantBooking: false,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Renault Kwid' })).toBeInTheDocument();
    expect(screen.getByText('₹700.00 / hour')).toBeInTheDocument();
    const notice = await findNotice('Renault Kwid is listed.');
    // Read once: the history entry no longer carries it, so reloading the list does not say it again.
    expect(router.state.location.state).toBeNull();

    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(notice).toBeEmptyDOMElement();
  });

  it('sends where the car is and what it is as the owner chose', async () => {
    const calls = serve('POST /add-cars', 'saved');
    serve('GET /get-cars', success([swift, creta]));
    const { router, user } = renderRoute('/renting');
    await fillCar(user, kwid);
    await user.selectOptions(screen.getByLabelText('City'), 'Pune');
    await user.type(screen.getByLabelText('Pickup area'), 'Aundh, near the ITI');
    await user.selectOptions(screen.getByLabelText('Body type'), 'SUV');
    await user.clear(screen.getByLabelText('Seats'));
    await user.type(screen.getByLabelText('Seats'), '7');
    await user.selectOptions(screen.getByLabelText('Transmission'), 'Automatic');
    await user.selectOptions(screen.getByLabelText('Fuel'), 'CNG');
    await user.type(screen.getByLabelText('Year'), '2019');
    await user.click(screen.getByLabelText('Air conditioned (AC)'));
    await user.type(screen.getByLabelText('Km per day limit'), '250');
    await user.type(screen.getByLabelText('Price per extra km (₹)'), '12.5');
    await user.type(screen.getByLabelText('Security deposit (₹)'), '4000');
    const payAtPickup = screen.getByLabelText('Renters may pay at pickup');
    expect(payAtPickup).not.toBeChecked();
    expect(payAtPickup).toHaveAccessibleDescription(
      'When on, renters can send a request without paying now and pay you when they collect the car.',
    );
    await user.click(payAtPickup);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(calls.map((call) => call.body)).toEqual([
      {
        ...kwid,
        city: 'Pune',
        pickupArea: 'Aundh, near the ITI',
        ac: false,
        bodyType: 'suv',
        seats: 7,
        transmission: 'automatic',
        fuel: 'cng',
        year: 2019,
        kmPerDayLimit: 250,
        // Typed in rupees, sent in paise; the fuel price left blank is the body type's.
        extraKmPrice: 1250,
        depositPaise: 400_000,
        payAtPickup: true,
        instantBooking: false,
      },
    ]);
  });

  it('refuses a km limit without its price per extra km, in the server’s words, sending nothing', async () => {
    const calls = serve('POST /add-cars', 'saved');
    const { user } = renderRoute('/renting');
    await fillCar(user, kwid);
    await user.type(screen.getByLabelText('Km per day limit'), '250');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Price per extra km is needed with a km per day limit: say what each km beyond it costs.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Price per extra km (₹)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it('asks the price of fuel returned short, or of charge for an electric car, and bounds the deposit', async () => {
    serve('GET /api/config', {
      payments: {},
      trips: { depositMinPaise: 100_000, depositMaxPaise: 2_500_000, lateFeeBps: 15_000 },
    });
    const { user } = renderRoute('/renting');
    const deposit = await screen.findByLabelText('Security deposit (₹)');
    await waitFor(() =>
      expect(deposit).toHaveAccessibleDescription(
        'Refundable, paid by the renter at handover, from ₹1,000.00 to ₹25,000.00; leave it blank for the usual for its body type.',
      ),
    );
    expect(deposit).toHaveAttribute('min', '1000');
    expect(deposit).toHaveAttribute('max', '25000');
    expect(screen.getByLabelText('Price per eighth of a tank (₹)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Price per tenth of the battery (₹)')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Fuel'), 'Electric');
    expect(await screen.findByLabelText('Price per tenth of the battery (₹)')).toBeInTheDocument();
    expect(screen.queryByLabelText('Price per eighth of a tank (₹)')).not.toBeInTheDocument();
  });

  it('offers instant booking, explained, and disables it while pay at pickup is on', async () => {
    const calls = serve('POST /add-cars', 'saved');
    serve('GET /get-cars', success([swift, creta]));
    const { router, user } = renderRoute('/renting');
    await fillCar(user, kwid);
    const instant = screen.getByRole('checkbox', { name: 'Instant booking' });
    expect(instant).not.toBeChecked();
    expect(instant).toBeEnabled();
    expect(instant).toHaveAccessibleDescription(
      'When on, a request paid online is confirmed at once, without waiting for you to accept it.',
    );
    await user.click(screen.getByLabelText('Renters may pay at pickup'));
    expect(instant).toBeDisabled();
    expect(instant).toHaveAccessibleDescription('Instant booking needs online payment: turn off pay at pickup to use it.');
    await user.click(screen.getByLabelText('Renters may pay at pickup'));
    expect(instant).toBeEnabled();
    await user.click(instant);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(calls[0]?.body).toMatchObject({ payAtPickup: false, instantBooking: true });
  });

  it('disables Submit while saving', async () => {
    serve('POST /add-cars', 'saved');
    serve('GET /get-cars', success([swift, creta]));
    const release = hold('POST /add-cars');
    const { router, user } = renderRoute('/renting');
    await fillCar(user, kwid);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
  });

  it("shows the server's message under the field it refuses and keeps what was typed", async () => {
    serve('POST /add-cars', fail(400, serverSays.badCarUrl));
    const { router, user } = renderRoute('/renting');
    await fillCar(user, { ...kwid, url: 'kwid.jpg' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await expectFieldError(screen.getByLabelText('Picture address'), serverSays.badCarUrl);
    expect(router.state.location.pathname).toBe('/renting');
    expect(screen.getByLabelText('Picture address')).toHaveValue('kwid.jpg');
    expect(screen.getByLabelText('Car Name')).toHaveValue('Renault Kwid');
    expect(screen.getByLabelText('Any Description')).toHaveValue('Small and thrifty.');
    expect(screen.getByLabelText('Price')).toHaveValue(700);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('says so when the server cannot be reached', async () => {
    serve('POST /add-cars', unreachable);
    const { user } = renderRoute('/renting');
    await fillCar(user, kwid);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server');
    expect(screen.getByLabelText('Car Name')).toHaveValue('Renault Kwid');
  });
});

describe('the add and edit forms keep what was typed', () => {
  beforeEach(() => {
    session(ravi);
  });

  it('bring back a draft on return (a reload, Back) and let it go once the car is saved', async () => {
    const first = renderRoute('/renting');
    await fillCar(first.user, kwid);
    await first.user.selectOptions(screen.getByLabelText('City'), 'Pune');
    await first.user.click(screen.getByLabelText('Air conditioned (AC)'));
    first.unmount();

    const calls = serve('POST /add-cars', 'saved');
    serve('GET /get-cars', success([swift]));
    const { user, router, unmount } = renderRoute('/renting');
    expect(await screen.findByLabelText('Car Name')).toHaveValue('Renault Kwid');
    expect(screen.getByLabelText('Any Description')).toHaveValue('Small and thrifty.');
    expect(screen.getByLabelText('City')).toHaveDisplayValue('Pune');
    expect(screen.getByLabelText('Air conditioned (AC)')).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(calls.map((call) => call.body)).toEqual([
      expect.objectContaining({ carname: 'Renault Kwid', city: 'Pune', ac: false }),
    ]);
    unmount();

    renderRoute('/renting');
    expect(await screen.findByLabelText('Car Name')).toHaveValue('');
  });

  it("keeps an edit's draft for that car alone, over what the server has", async () => {
    serve('GET /get-car/:id', ({ params }) => success(params.id === creta.id ? creta : swift));
    const first = renderRoute(`/get/car/${creta.id}`);
    const price = await screen.findByLabelText('Price');
    await first.user.clear(price);
    await first.user.type(price, '90');
    first.unmount();

    const again = renderRoute(`/get/car/${creta.id}`);
    expect(await screen.findByLabelText('Price')).toHaveValue(90);
    expect(screen.getByLabelText('Car Name')).toHaveValue('Hyundai Creta');
    again.unmount();
    renderRoute(`/get/car/${swift.id}`);
    expect(await screen.findByLabelText('Car Name')).toHaveValue('Maruti Swift');
    expect(screen.getByLabelText('Price')).toHaveValue(swift.price);
  });

  it('asks before leaving with unsaved changes for another page of the app, and stays on Stay', async () => {
    serve('GET /get-cars', success([swift]));
    const { user, router, unmount } = renderRoute('/renting');
    await user.type(await screen.findByLabelText('Car Name'), 'Renault Kwid');
    await user.click(screen.getByRole('link', { name: 'Back to List' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/renting');
    expect(screen.getByLabelText('Car Name')).toHaveValue('Renault Kwid');

    await user.click(screen.getByRole('link', { name: 'Back to List' }));
    const again = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    await user.click(within(again).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    unmount();

    // Untouched (and with no draft), the form lets the owner go without a word.
    sessionStorage.clear();
    const untouched = renderRoute('/renting');
    await untouched.user.click(await screen.findByRole('link', { name: 'Back to List' }));
    await waitFor(() => expect(untouched.router.state.location.pathname).toBe('/get/cars'));
  });

  it('has the browser ask before closing or reloading the tab, only while there are unsaved changes', async () => {
    const { user } = renderRoute('/renting');
    const leaving = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    await screen.findByLabelText('Car Name');
    expect(leaving()).toBe(false);
    await user.type(screen.getByLabelText('Car Name'), 'K');
    expect(leaving()).toBe(true);
    await user.clear(screen.getByLabelText('Car Name'));
    expect(leaving()).toBe(false);
  });

  it('show how many characters are left in the fields with a limit', async () => {
    const { user } = renderRoute('/renting');
    const name = await screen.findByLabelText('Car Name');
    expect(name).toHaveAccessibleDescription('100 characters left');
    expect(screen.getByLabelText('Any Description')).toHaveAccessibleDescription('2,000 characters left');
    await user.type(name, 'Renault Kwid');
    expect(name).toHaveAccessibleDescription('88 characters left');
    expect(screen.getByLabelText('Pickup area')).toHaveAccessibleDescription(/characters left$/);
  });
});

describe('Edit your Car Details (/get/car/{id})', () => {
  beforeEach(() => {
    session(ravi);
  });

  it('prefills the four fields from the server and links back to the list', async () => {
    serve('GET /get-car/:id', success(creta));
    renderRoute(`/get/car/${creta.id}`);
    expect(await screen.findByLabelText('Car Name')).toHaveValue('Hyundai Creta');
    expect(screen.getByLabelText('Picture address')).toHaveValue('https://example.com/creta.jpg');
    expect(screen.getByLabelText('Any Description')).toHaveValue('Roomy SUV with a big boot for family trips.');
    expect(screen.getByLabelText('Price')).toHaveValue(65);
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Rupees per hour, a whole number.');
    expect(screen.getByLabelText('City')).toHaveDisplayValue('Mumbai');
    expect(screen.getByLabelText('Pickup area')).toHaveValue('Bandra West, Hill Road');
    expect(screen.getByLabelText('Body type')).toHaveDisplayValue('SUV');
    expect(screen.getByLabelText('Seats')).toHaveValue(7);
    expect(screen.getByLabelText('Transmission')).toHaveDisplayValue('Automatic');
    expect(screen.getByLabelText('Fuel')).toHaveDisplayValue('Diesel');
    expect(screen.getByLabelText('Year')).toHaveValue(2023);
    expect(screen.getByLabelText('Air conditioned (AC)')).toBeChecked();
    // Creta has no km limit: the field is blank, and saving it blank clears any limit.
    expect(screen.getByLabelText('Km per day limit')).toHaveValue(null);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/get/cars');
    expect(document.title).toBe('WheelsOnWeb - Edit your Car Details');
  });

  it('sends the price as a number and, on code 200, shows the change in Your Cars', async () => {
    const edited = { ...creta, price: 80 };
    serve('GET /get-car/:id', success(creta));
    const calls = serve('POST /edit-cars', { code: 200, message: 'edit success', data: edited });
    serve('GET /get-cars', () => success([swift, calls.length > 0 ? edited : creta]));
    const { router, user } = renderRoute(`/get/car/${creta.id}`);
    const price = await screen.findByLabelText('Price');
    await user.clear(price);
    await user.type(price, '80');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(calls.map((call) => call.body)).toEqual([
      {
        id: creta.id,
        url: 'https://example.com/creta.jpg',
        carname: 'Hyundai Creta',
        description: 'Roomy SUV with a big boot for family trips.',
        price: 80,
        city: 'Mumbai',
        pickupArea: 'Bandra West, Hill Road',
        ac: true,
        bodyType: 'suv',
        seats: 7,
        transmission: 'automatic',
        fuel: 'diesel',
        year: 2023,
        kmPerDayLimit: null,
        // As stored, in paise: an SUV's defaults, with no price per extra km as there is no limit.
        depositPaise: 700_000,
        extraKmPrice: null,
        fuelEighthPrice: 80_000,
        batteryTenthPrice: 30_000,
        payAtPickup: false,
        instantBooking: false,
      },
    ]);
    const card = (await screen.findByRole('heading', { name: 'Hyundai Creta' })).closest('.card');
    expect(card).not.toBeNull();
    expect(within(card as HTMLElement).getByText('₹80.00 / hour')).toBeInTheDocument();
    expect(await findNotice('Your changes to Hyundai Creta are saved.')).toBeInTheDocument();
    expect(router.state.location.state).toBeNull();
  });

  it("shows the server's message and keeps the edits when saving fails", async () => {
    serve('GET /get-car/:id', success(creta));
    serve('POST /edit-cars', fail(500, serverSays.serverFault));
    const { router, user } = renderRoute(`/get/car/${creta.id}`);
    const name = await screen.findByLabelText('Car Name');
    await user.clear(name);
    await user.type(name, 'Hyundai Creta SX');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.serverFault);
    expect(router.state.location.pathname).toBe(`/get/car/${creta.id}`);
    expect(screen.getByLabelText('Car Name')).toHaveValue('Hyundai Creta SX');
  });

  it("says a car that is not the owner's was not found, with a way back", async () => {
    serve('GET /get-car/:id', fail(404, serverSays.notYourCar));
    renderRoute(`/get/car/${uuid(999)}`);
    expect(await screen.findByText('This car was not found among your cars.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Car Name')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/get/cars');
  });

  it('treats a malformed id the server refuses as no car of theirs, with no Retry', async () => {
    serve('GET /get-car/:id', fail(400, serverSays.notAnId));
    renderRoute('/get/car/not-an-id');
    expect(await screen.findByText('This car was not found among your cars.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('explains a failed load and loads again on Retry', async () => {
    serve('GET /get-car/:id', success(swift));
    serve('GET /get-car/:id', unreachable, { once: true });
    const { user } = renderRoute(`/get/car/${swift.id}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not reach the server');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Car Name')).toHaveValue('Maruti Swift');
  });
});
