import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueCars } from '../src/data/cars';
import type { PublicCar } from '../src/domain/contract';
import { renderRoute } from './render';
import { allCars, creta, fleetCar, fleetCities, listed, swift } from './mocks/answers';
import { fail } from './mocks/routes';
import { serve } from './mocks/serve';

// Where a car is and what it is, so renters can search by city and type, on the Cars page: the
// cards say it, and the filters ask the server for it and keep it in the address.

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
    expect(cardOf('Mahindra Bolero')).toHaveTextContent('Jaipur');
    expect(cardOf('Mahindra Bolero')).toHaveTextContent('SUV · 7 seats · Manual · Diesel');
    expect(screen.queryByText(/kmpl/)).not.toBeInTheDocument();
  });

  it('filters by city, body type, seats, transmission, fuel and car type, in the address and to the server', async () => {
    const calls = serve('GET /api/cars', ({ query }) =>
      onePage(new URLSearchParams(query).toString() === '' ? allCars : [listed(creta)]),
    );
    const { router, user } = renderRoute('/layout/cars');
    await screen.findByRole('heading', { level: 3, name: 'Maruti Swift' });
    const city = screen.getByLabelText('City');
    // The cities where a car stands (here the fleet's, as GET /api/car-cities answers by default), not every city of the list.
    await waitFor(() =>
      expect(
        within(city)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Any', ...fleetCities]),
    );
    expect(fleetCities).toEqual(['Bengaluru', 'Mumbai', 'Delhi NCR', 'Chennai', 'Hyderabad', 'Pune', 'Jaipur', 'Goa']);
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
    const calls = serve('GET /api/cars', onePage([fleetCar('Toyota Innova Hycross')]));
    renderRoute('/layout/cars?city=Pune&bodyType=suv&seats=5&transmission=automatic&fuel=hybrid&ac=true');
    await screen.findByRole('heading', { level: 3, name: 'Toyota Innova Hycross' });
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

describe('the home page’s search', () => {
  async function fillJourney(user: ReturnType<typeof renderRoute>['user'], fromAddress: string) {
    await user.type(await screen.findByLabelText('From address'), fromAddress);
    await user.type(screen.getByLabelText('Journey date'), '2030-01-31');
    await user.type(screen.getByLabelText('Journey time'), '09:00');
  }

  it('suggests only the cities where a car stands, asked of the server once the search is used, and asks for no destination', async () => {
    const asked = serve('GET /api/car-cities', { cities: ['Pune', 'Kochi'] });
    const { user } = renderRoute('/layout/home');
    const fromAddress = await screen.findByLabelText('From address');
    const suggestions = document.getElementById(fromAddress.getAttribute('list') ?? '');
    expect(suggestions?.tagName).toBe('DATALIST');
    // The home page asks the server nothing until someone starts to search.
    expect(asked).toHaveLength(0);
    await user.click(fromAddress);
    await waitFor(() =>
      expect([...(suggestions?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual(['Pune', 'Kochi']),
    );
    expect(asked).toHaveLength(1);
    // Cars are returned where they were collected: there is no "To address" to fill in.
    expect(screen.queryByLabelText(/To address/)).not.toBeInTheDocument();
  });

  it('sends the From address’s city and the car type to the Cars page, which asks the server for them', async () => {
    const calls = serve('GET /api/cars', onePage([fleetCar('Toyota Innova Hycross')]));
    const { router, user } = renderRoute('/layout/home');
    await fillJourney(user, 'Koregaon Park, Pune');
    await user.selectOptions(screen.getByLabelText('Car type'), 'Non AC Car');
    await user.click(screen.getByRole('button', { name: 'Find Car' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/layout/cars'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('city')).toBe('Pune');
    expect(search.get('ac')).toBe('false');
    expect(search.get('from')).toBe('2030-01-31T09:00:00+05:30');
    expect(await screen.findByLabelText('City')).toHaveDisplayValue('Pune');
    expect(screen.getByLabelText('Car type')).toHaveDisplayValue('Non-AC');
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ city: 'Pune', ac: 'false' }));
  });

  it('knows the older names of the cities', async () => {
    serve('GET /api/cars', onePage([]));
    const { router, user } = renderRoute('/layout/home');
    await fillJourney(user, 'Indiranagar, Bangalore');
    await user.click(screen.getByRole('button', { name: 'Find Car' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('city')).toBe('Bengaluru'));
    expect(new URLSearchParams(router.state.location.search).get('ac')).toBe('true');
  });

  it('names the cities it has cars in when the From address is in none of them, and stays', async () => {
    const { router, user } = renderRoute('/layout/home');
    await fillJourney(user, 'Shillong');
    await user.click(screen.getByRole('button', { name: 'Find Car' }));
    const from = screen.getByLabelText('From address');
    await waitFor(() => expect(from).toBeInvalid());
    expect(from).toHaveAccessibleErrorMessage(/^We have cars in Bengaluru, Mumbai, .*Chandigarh: name one of these cities\.$/);
    expect(from).toHaveAccessibleDescription(
      /^We have cars in Bengaluru, Mumbai, .*Chandigarh: name one of these cities\. Your city, e\.g\. Pune\.$/,
    );
    expect(router.state.location.pathname).toBe('/layout/home');
  });
});

describe('the car page', () => {
  /** The "What the car is" facts as a person reads them, label to value. */
  function attributesShown(): Record<string, string> {
    const facts = within(screen.getByLabelText('What the car is'));
    return Object.fromEntries(
      facts.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']),
    );
  }

  it('shows a catalogue car’s city, pickup area and what it is', async () => {
    serve('GET /api/cars/:carName/availability', { busy: [] });
    renderRoute('/cars/Tata%20Nexon%20EV');
    await screen.findByRole('heading', { level: 1, name: 'Tata Nexon EV' });
    expect(screen.getByText('Bengaluru')).toBeInTheDocument();
    expect(screen.getByText('Pickup: Indiranagar, near the metro station')).toBeInTheDocument();
    expect(attributesShown()).toEqual({
      'Body type': 'SUV',
      Seats: '5 seats',
      Transmission: 'Automatic',
      Fuel: 'Electric',
      'Car type': 'AC',
      Year: '2024',
      'Km per day': 'No limit',
    });
  });

  it('shows an owner’s car as the server answers it', async () => {
    serve('GET /api/cars/:carName', listed(swift));
    serve('GET /api/cars/:carName/availability', { busy: [] });
    renderRoute(`/cars/${swift.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Maruti Swift' });
    expect(screen.getByText('Pickup: Indiranagar, near the metro station')).toBeInTheDocument();
    expect(attributesShown()).toEqual({
      'Body type': 'Hatchback',
      Seats: '5 seats',
      Transmission: 'Manual',
      Fuel: 'Petrol',
      'Car type': 'AC',
      Year: '2021',
      'Km per day': '250 km included',
    });
  });

  it('says to ask the owner when the pickup area is not given, and leaves out a year not given', async () => {
    serve('GET /api/cars/:carName', { ...listed(swift), pickupArea: '', year: undefined, ac: false });
    serve('GET /api/cars/:carName/availability', { busy: [] });
    renderRoute(`/cars/${swift.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Maruti Swift' });
    expect(screen.getByText('Pickup area: ask the owner when you book.')).toBeInTheDocument();
    expect(attributesShown()).not.toHaveProperty('Year');
    expect(attributesShown()['Car type']).toBe('Non-AC');
  });
});
