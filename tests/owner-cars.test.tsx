import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderRoute } from './render';
import { API } from './mocks/api';
import { server } from './mocks/server';
import { signInAs } from './mocks/handlers/accounts';
import { watchRequests } from './requests';

function card(carname: string): HTMLElement {
  const heading = screen.getByRole('heading', { name: carname });
  const found = heading.closest('.card');
  if (!(found instanceof HTMLElement)) throw new Error(`no card around ${carname}`);
  return found;
}

describe('Your Cars (/get/cars)', () => {
  beforeEach(() => {
    signInAs('owner');
  });

  it("shows a spinner, then only the signed-in owner's cars with image, text, price and EDIT link", async () => {
    renderRoute('/get/cars');
    expect(await screen.findByRole('status')).toHaveTextContent('Loading…');

    expect(await screen.findByRole('heading', { name: 'Maruti Swift' })).toBeInTheDocument();
    const swift = card('Maruti Swift');
    expect(within(swift).getByRole('img', { name: 'Maruti Swift' })).toHaveAttribute('src', '/uploads/maruti-swift.jpg');
    expect(within(swift).getByText('A nippy hatchback, serviced last month, ideal for city errands.')).toBeInTheDocument();
    expect(within(swift).getByText('Rs.40 Only/-')).toBeInTheDocument();
    expect(within(swift).getByRole('link', { name: 'Edit Maruti Swift' })).toHaveAttribute('href', '/get/car/owner-car-1');

    expect(within(card('Hyundai Creta')).getByText('Rs.65 Only/-')).toBeInTheDocument();
    expect(screen.queryByText('Tata Nexon')).not.toBeInTheDocument();
    expect(document.title).toBe('WheelsOnWeb - Your Cars');
  });

  it('links to adding a car and back home', async () => {
    renderRoute('/get/cars');
    await screen.findByRole('heading', { name: 'Maruti Swift' });
    expect(screen.getByRole('link', { name: 'Add Cars' })).toHaveAttribute('href', '/renting');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/layout/home');
  });

  it('shows DELETE SELECTED only while at least one car is ticked', async () => {
    const { user } = renderRoute('/get/cars');
    const swift = await screen.findByRole('checkbox', { name: 'Delete Maruti Swift' });
    const creta = screen.getByRole('checkbox', { name: 'Delete Hyundai Creta' });
    expect(screen.queryByRole('button', { name: 'DELETE SELECTED' })).not.toBeInTheDocument();

    await user.click(swift);
    await user.click(creta);
    expect(screen.getByRole('button', { name: 'DELETE SELECTED' })).toBeInTheDocument();

    await user.click(swift);
    expect(swift).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'DELETE SELECTED' })).toBeInTheDocument();

    await user.click(creta);
    expect(screen.queryByRole('button', { name: 'DELETE SELECTED' })).not.toBeInTheDocument();
  });

  it('deletes the ticked cars, reloads the list and clears the selection', async () => {
    const { user } = renderRoute('/get/cars');
    await user.click(await screen.findByRole('checkbox', { name: 'Delete Maruti Swift' }));
    const deletes = watchRequests('post', '/delete-cars');
    const loads = watchRequests('get', '/get-cars');

    await user.click(screen.getByRole('button', { name: 'DELETE SELECTED' }));

    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Maruti Swift' })).not.toBeInTheDocument());
    expect(deletes).toEqual([['owner-car-1']]);
    expect(loads).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Hyundai Creta' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Delete Hyundai Creta' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'DELETE SELECTED' })).not.toBeInTheDocument();
  });

  it('keeps the cars and the selection when the delete fails, and says why', async () => {
    server.use(
      http.post(`${API}/delete-cars`, () =>
        HttpResponse.json({ code: 404, message: 'Some of those cars are not among your cars, so nothing was deleted.' }, { status: 404 }),
      ),
    );
    const { user } = renderRoute('/get/cars');
    await user.click(await screen.findByRole('checkbox', { name: 'Delete Maruti Swift' }));
    await user.click(screen.getByRole('button', { name: 'DELETE SELECTED' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('nothing was deleted');
    expect(screen.getByRole('checkbox', { name: 'Delete Maruti Swift' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'DELETE SELECTED' })).toBeEnabled();
    expect(screen.getByRole('heading', { name: 'Maruti Swift' })).toBeInTheDocument();
  });

  it('says when there are no cars yet and offers to add one', async () => {
    server.use(http.get(`${API}/get-cars`, () => HttpResponse.json({ code: 200, message: 'success', data: [] })));
    renderRoute('/get/cars');
    const empty = await screen.findByText(/No cars yet/);
    expect(empty).toHaveTextContent('No cars yet — Add Cars');
    expect(within(empty).getByRole('link', { name: 'Add Cars' })).toHaveAttribute('href', '/renting');
  });

  it('explains a failed load and loads again on Retry', async () => {
    server.use(http.get(`${API}/get-cars`, () => HttpResponse.error(), { once: true }));
    const { user } = renderRoute('/get/cars');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your cars could not be loaded. We could not reach the server');

    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Maruti Swift' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('falls back to a neutral silhouette when a car photo does not load', async () => {
    renderRoute('/get/cars');
    const photo = await screen.findByRole('img', { name: 'Hyundai Creta' });
    fireEvent.error(photo);
    const fallback = await screen.findByRole('img', { name: 'Hyundai Creta (no photo available)' });
    expect(fallback).toHaveAttribute('src', '/images/cars/placeholder.svg');
  });
});
