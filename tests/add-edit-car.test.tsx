import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { API } from './mocks/api';
import { server } from './mocks/server';
import { signInAs } from './mocks/handlers/accounts';
import { holdRequests, watchRequests } from './requests';

type User = ReturnType<typeof renderRoute>['user'];

async function fillCar(user: User, values: { url: string; carname: string; description: string; price: string }) {
  await user.type(await screen.findByLabelText('Image'), values.url);
  await user.type(screen.getByLabelText('Car Name'), values.carname);
  await user.type(screen.getByLabelText('Any Description'), values.description);
  await user.type(screen.getByLabelText('Price'), values.price);
}

const kwid = { url: 'https://example.com/kwid.jpg', carname: 'Renault Kwid', description: 'Small and thrifty.', price: '700' };

describe('Add Your Car (/renting)', () => {
  beforeEach(() => {
    signInAs('owner');
  });

  it('has four required, labelled fields and a link back to the list', async () => {
    renderRoute('/Renting');
    expect(await screen.findByRole('heading', { name: 'Add Your Car' })).toBeInTheDocument();
    for (const label of ['Image', 'Car Name', 'Any Description', 'Price']) {
      expect(screen.getByLabelText(label)).toBeRequired();
    }
    expect(screen.getByRole('link', { name: 'Back to List' })).toHaveAttribute('href', '/get/cars');
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Add Your Car'));
  });

  it('sends the price as typed text and, on "saved", shows the new car in Your Cars', async () => {
    const { router, user } = renderRoute('/renting');
    const calls = watchRequests('post', '/add-cars');
    await fillCar(user, kwid);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(calls).toEqual([kwid]);
    expect(await screen.findByRole('heading', { name: 'Renault Kwid' })).toBeInTheDocument();
    expect(screen.getByText('Rs.700 Only/-')).toBeInTheDocument();
  });

  it('disables Submit while saving', async () => {
    const { router, user } = renderRoute('/renting');
    const release = holdRequests('post', '/add-cars');
    await fillCar(user, kwid);
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    release();
    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
  });

  it("shows the server's message and keeps what was typed when the car is refused", async () => {
    const { router, user } = renderRoute('/renting');
    await fillCar(user, { ...kwid, url: 'kwid.jpg' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('url must be an http(s) link or a site path starting with /.');
    expect(router.state.location.pathname).toBe('/renting');
    expect(screen.getByLabelText('Image')).toHaveValue('kwid.jpg');
    expect(screen.getByLabelText('Car Name')).toHaveValue('Renault Kwid');
    expect(screen.getByLabelText('Any Description')).toHaveValue('Small and thrifty.');
    expect(screen.getByLabelText('Price')).toHaveValue(700);
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  it('says so when the server cannot be reached', async () => {
    server.use(http.post(`${API}/add-cars`, () => HttpResponse.error()));
    const { user } = renderRoute('/renting');
    await fillCar(user, kwid);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach the server');
    expect(screen.getByLabelText('Car Name')).toHaveValue('Renault Kwid');
  });
});

describe('Edit your Car Details (/get/car/{id})', () => {
  beforeEach(() => {
    signInAs('owner');
  });

  it('prefills the four fields from the server and links back to the list', async () => {
    renderRoute('/get/car/owner-car-2');
    expect(await screen.findByLabelText('Car Name')).toHaveValue('Hyundai Creta');
    expect(screen.getByLabelText('Image')).toHaveValue('https://example.com/creta.jpg');
    expect(screen.getByLabelText('Any Description')).toHaveValue('Roomy SUV with a big boot for family trips.');
    expect(screen.getByLabelText('Price')).toHaveValue(65);
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/get/cars');
    expect(document.title).toBe('WheelsOnWeb - Edit your Car Details');
  });

  it('sends the price as a number and, on code 200, shows the change in Your Cars', async () => {
    const { router, user } = renderRoute('/get/car/owner-car-2');
    const calls = watchRequests('post', '/edit-cars');
    const price = await screen.findByLabelText('Price');
    await user.clear(price);
    await user.type(price, '80');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/get/cars'));
    expect(calls).toEqual([
      {
        id: 'owner-car-2',
        url: 'https://example.com/creta.jpg',
        carname: 'Hyundai Creta',
        description: 'Roomy SUV with a big boot for family trips.',
        price: 80,
      },
    ]);
    const creta = (await screen.findByRole('heading', { name: 'Hyundai Creta' })).closest('.card');
    expect(creta).not.toBeNull();
    expect(within(creta as HTMLElement).getByText('Rs.80 Only/-')).toBeInTheDocument();
  });

  it("shows the server's message and keeps the edits when saving fails", async () => {
    server.use(
      http.post(`${API}/edit-cars`, () =>
        HttpResponse.json({ code: 500, message: 'Saving failed on our side. Please try again.' }, { status: 500 }),
      ),
    );
    const { router, user } = renderRoute('/get/car/owner-car-2');
    const name = await screen.findByLabelText('Car Name');
    await user.clear(name);
    await user.type(name, 'Hyundai Creta SX');
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Saving failed on our side. Please try again.');
    expect(router.state.location.pathname).toBe('/get/car/owner-car-2');
    expect(screen.getByLabelText('Car Name')).toHaveValue('Hyundai Creta SX');
  });

  it("says a car that is not the owner's was not found, with a way back", async () => {
    renderRoute('/get/car/owner-car-3');
    expect(await screen.findByText('This car was not found among your cars.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Car Name')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/get/cars');
  });

  it('treats a malformed id the server refuses as no car of theirs, with no Retry', async () => {
    server.use(http.get(`${API}/get-car/:id`, () => HttpResponse.json({ code: 400, message: 'Id is not a valid id.' }, { status: 400 })));
    renderRoute('/get/car/not-an-id');
    expect(await screen.findByText('This car was not found among your cars.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('explains a failed load and loads again on Retry', async () => {
    server.use(http.get(`${API}/get-car/:id`, () => HttpResponse.error(), { once: true }));
    const { user } = renderRoute('/get/car/owner-car-1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not reach the server');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('Car Name')).toHaveValue('Maruti Swift');
  });
});
