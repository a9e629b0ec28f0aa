import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueCars } from '../src/data/cars';
import type { PublicCar } from '../src/domain/contract';
import { renderRoute } from './render';
import { allCars, creta, fleetCar, listed, swift } from './mocks/answers';
import { fail } from './mocks/routes';
import { serve } from './mocks/serve';

// Where a car is and what it is (issue 12) on the Cars page: the cards say it, and the filters ask
// the server for it and keep it in the address.

const onePage = (cars: PublicCar[]) => ({ data: cars, total: cars.length, page: 1, pageSize: 24 });

const cardOf = (carName: string) => screen.getByRole('heading', { level: 3, name: carName }).closest('.card') as HTMLElement;

describe('the cars page', () => {
  it('shows each car’s city and what kind of car it is, not the same specs on every card', async () => {
    serve('GET /api/cars', onePage(allCars));
    renderRoute('/layout/cars');
    await screen.findByRole('heading', { level: 3, name: 'Hyundai Creta' });
    expect(cardOf('Hyundai Creta')).toHaveTextContent('Mumbai');
    expect(cardOf('Hyundai Creta')).toHaveTextContent('SUV · 7 seats · Automatic · Diesel');
    expect(cardOf('Maruti Swift')).toHaveTextContent('Bengaluru');
    expect(cardOf('Maruti Swift')).toHaveTextContent('Hatchback · 5 seats · Manual · Petrol');
    expect(cardOf('Colorado Rover')).toHaveTextContent('Jaipur');
    expect(cardOf('Colorado Rover')).toHaveTextContent('SUV · 7 seats · Automatic · CNG');
    expect(screen.queryByText(/20kmpl/)).not.toBeInTheDocument();
  });

  it('filters by city, body type, seats, transmission, fuel and car type, in the address and to the server', async () => {
    const calls = serve('GET /api/cars', ({ query }) =>
      onePage(new URLSearchParams(query).toString() === '' ? allCars : [listed(creta)]),
    );
    const { router, user } = renderRoute('/layout/cars');
    await screen.findByRole('heading', { level: 3, name: 'Maruti Swift' });
    const city = screen.getByLabelText('City');
    expect(
      within(city)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Any',
      'Bengaluru',
      'Mumbai',
      'Delhi NCR',
      'Chennai',
      'Hyderabad',
      'Pune',
      'Kolkata',
      'Ahmedabad',
      'Jaipur',
      'Goa',
      'Kochi',
      'Chandigarh',
    ]);
    await user.selectOptions(city, 'Mumbai');
    await user.selectOptions(screen.getByLabelText('Body type'), 'SUV');
    await user.selectOptions(screen.getByLabelText('Seats'), '7 or more');
    await user.selectOptions(screen.getByLabelText('Transmission'), 'Automatic');
    await user.selectOptions(screen.getByLabelText('Fuel'), 'Diesel');
    await user.selectOptions(screen.getByLabelText('Car type'), 'AC');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?city=Mumbai&bodyType=suv&seats=7&transmission=automatic&fuel=diesel&ac=true'),
    );
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'Maruti Swift' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(['Hyundai Creta']);
    expect(calls.at(-1)?.query).toEqual({
      city: 'Mumbai',
      bodyType: 'suv',
      seats: '7',
      transmission: 'automatic',
      fuel: 'diesel',
      ac: 'true',
    });
  });

  it('restores the filters from the address and drops values off the lists', async () => {
    const calls = serve('GET /api/cars', onePage([fleetCar('Mercedes Benz XC90')]));
    renderRoute('/layout/cars?city=Pune&bodyType=suv&seats=5&transmission=automatic&fuel=hybrid&ac=true');
    await screen.findByRole('heading', { level: 3, name: 'Mercedes Benz XC90' });
    expect(screen.getByLabelText('City')).toHaveDisplayValue('Pune');
    expect(screen.getByLabelText('Body type')).toHaveDisplayValue('SUV');
    expect(screen.getByLabelText('Seats')).toHaveDisplayValue('5 or more');
    expect(screen.getByLabelText('Transmission')).toHaveDisplayValue('Automatic');
    expect(screen.getByLabelText('Fuel')).toHaveDisplayValue('Hybrid');
    expect(screen.getByLabelText('Car type')).toHaveDisplayValue('AC');
    expect(calls[0]?.query).toEqual({
      city: 'Pune',
      bodyType: 'suv',
      seats: '5',
      transmission: 'automatic',
      fuel: 'hybrid',
      ac: 'true',
    });

    const more = serve('GET /api/cars', onePage(allCars));
    renderRoute('/layout/cars?city=Atlantis&bodyType=van&seats=12&ac=maybe');
    await screen.findAllByRole('heading', { level: 3, name: 'Maruti Swift' });
    expect(more[0]?.query).toEqual({});
  });

  it('filters the app’s own fleet by city and kind when the server cannot be reached', async () => {
    serve('GET /api/cars', fail(500, 'Something went wrong.'));
    renderRoute('/layout/cars?city=Pune');
    await screen.findByText(/Showing our own fleet/);
    const names = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(names).toEqual(catalogueCars.filter((car) => car.city === 'Pune').map((car) => car.carName));
    expect(names).not.toContain(swift.carname);
  });
});
