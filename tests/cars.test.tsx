import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { catalogueCars } from '../src/data/cars';
import type { PublicCar } from '../src/domain/contract';
import { renderRoute } from './render';
import { allCars, creta, fleetCar, listed, paged, swift } from './mocks/answers';
import { fail } from './mocks/routes';
import { serve } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const byPrice = (direction: 1 | -1) => [...allCars].sort((a, b) => direction * (a.price - b.price));

/** `GET /api/cars` answers the cars listed for the query it is sent, as "name=value&..."; every car for no query. */
function serveCars(answers: Record<string, PublicCar[]> = {}) {
  return serve('GET /api/cars', ({ query }) => {
    const key = new URLSearchParams(query).toString();
    return paged(key === '' ? allCars : (answers[key] ?? []));
  });
}

/** The car names in the order the list shows them. */
async function shownCarNames(): Promise<string[]> {
  await screen.findByText(/\d+ cars?\b/);
  return screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent ?? '');
}

/** The prices in list order, read from the cards as a person sees them ("₹50.00"). */
function shownPrices(): number[] {
  return screen.getAllByText(/^₹[\d,]+\.\d\d$/).map((price) => Number(price.textContent!.replace(/[₹,]/g, '')));
}

describe('cars page', () => {
  it('lists the fleet and the owners’ cars, with a count and links to each car page', async () => {
    serveCars();
    renderRoute('/layout/cars');
    expect(await screen.findByRole('heading', { name: 'Car Listing' })).toBeInTheDocument();
    const names = await shownCarNames();
    expect(names).toEqual(expect.arrayContaining([...catalogueCars.map((car) => car.carName), 'Maruti Swift', 'Hyundai Creta']));
    expect(screen.getByText(`${names.length} cars`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Details of Maruti Swift' })).toHaveAttribute('href', `/cars/${swift.id}`);
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Cars'));
  });

  it('heads the list with an h2, so a screen reader goes from the page’s h1 to the cars’ h3s without skipping a level', async () => {
    serveCars();
    renderRoute('/layout/cars');
    await shownCarNames();
    const list = screen.getByRole('heading', { level: 2, name: 'Cars for rent' });
    const [firstCar] = screen.getAllByRole('heading', { level: 3 });
    expect(list.compareDocumentPosition(firstCar!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // The sheet's "Filters" h2 is not one to count on: phones hide it until the sheet opens, wider screens always.
    expect(screen.getByRole('heading', { level: 2, name: 'Filters' }).closest('.offcanvas-header')).not.toBeNull();
  });

  it('prices every card per hour, the unit a booking is charged in', async () => {
    serveCars();
    renderRoute('/layout/cars');
    await shownCarNames();
    const cardOf = (carName: string) => screen.getByRole('heading', { level: 3, name: carName }).closest('.card');
    expect(cardOf('Kia Seltos')).toHaveTextContent('₹65.00 / hour');
    expect(cardOf('Maruti Swift')).toHaveTextContent('₹40.00 / hour');
    expect(screen.getAllByText('/ hour')).toHaveLength(allCars.length);
    expect(screen.queryByText(/\/ day/i)).not.toBeInTheDocument();
  });

  it('rates each card from its real reviews only: the average and count when it has some, "New" when none', async () => {
    serve('GET /api/cars', () =>
      paged([{ ...fleetCar('Kia Seltos'), ratingAverage: 4.5, ratingCount: 2 }, fleetCar('Tata Nexon EV'), listed(swift)]),
    );
    renderRoute('/layout/cars');
    await shownCarNames();
    const cardOf = (carName: string) => screen.getByRole('heading', { level: 3, name: carName }).closest('.card') as HTMLElement;
    expect(within(cardOf('Kia Seltos')).getByRole('img', { name: 'Rated 4.5 out of 5 stars, 2 ratings' })).toBeInTheDocument();
    expect(within(cardOf('Kia Seltos')).queryByText('New')).not.toBeInTheDocument();
    for (const carName of ['Tata Nexon EV', 'Maruti Swift']) {
      expect(within(cardOf(carName)).getByText('New')).toBeInTheDocument();
      expect(within(cardOf(carName)).queryByTestId('stars')).not.toBeInTheDocument();
      expect(cardOf(carName)).not.toHaveTextContent(/ratings?\)/);
    }
  });

  it('sorts by price both ways and keeps the choice in the address', async () => {
    serveCars({ 'sort=price-asc': byPrice(1), 'sort=price-desc': byPrice(-1) });
    const { router, user } = renderRoute('/layout/cars');
    await shownCarNames();
    const sort = screen.getByLabelText('Sort by price');
    expect(
      within(sort)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Select', 'Low to High', 'High to Low']);

    await user.selectOptions(sort, 'Low to High');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-asc'));
    // The list on screen stays until the sorted one arrives.
    await waitFor(() => expect(shownPrices()[0]).toBe(40));
    const ascending = shownPrices();
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));

    await user.selectOptions(screen.getByLabelText('Sort by price'), 'High to Low');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=price-desc'));
    await waitFor(() => expect(shownPrices()[0]).toBe(85));
    const descending = shownPrices();
    expect(descending).toEqual([...descending].sort((a, b) => b - a));
  });

  it('narrows the list to a budget', async () => {
    serveCars({ 'maxPrice=50': allCars.filter((car) => car.price <= 50) });
    const { router, user } = renderRoute('/layout/cars');
    const before = (await shownCarNames()).length;
    await user.type(screen.getByLabelText('Max price per hour'), '50');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(router.state.location.search).toBe('?maxPrice=50'));
    await waitFor(() => expect(shownPrices().every((price) => price <= 50)).toBe(true));
    const after = await shownCarNames();
    expect(after.length).toBeLessThan(before);
    expect(after).not.toContain('Toyota Innova Hycross');
    expect(screen.getByText(`${after.length} cars match your filters`)).toBeInTheDocument();
  });

  it('narrows the list to instant booking cars, each badged with what instant means', async () => {
    const instantSwift = listed({ ...swift, instantBooking: true });
    serveCars({ 'instant=true': [instantSwift] });
    const { router, user } = renderRoute('/layout/cars');
    await shownCarNames();
    expect(screen.queryByRole('img', { name: 'Instant booking: confirmed as soon as you pay' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Instant booking only' }));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(router.state.location.search).toBe('?instant=true'));
    await waitFor(async () => expect(await shownCarNames()).toEqual(['Maruti Swift']));
    const card = screen.getByRole('heading', { level: 3, name: 'Maruti Swift' }).closest('.card') as HTMLElement;
    expect(within(card).getByRole('img', { name: 'Instant booking: confirmed as soon as you pay' })).toHaveTextContent('Instant');
    expect(screen.getByRole('checkbox', { name: 'Instant booking only' })).toBeChecked();
  });

  it('restores every filter from the address on load and sends them to the server', async () => {
    const calls = serve('GET /api/cars', paged([fleetCar('Kia Seltos'), fleetCar('Maruti Ertiga')]));
    renderRoute(
      '/layout/cars?maxPrice=65&sort=price-desc&q=o&from=2030-02-01T10%3A00%3A00%2B05%3A30&to=2030-02-02T10%3A00%3A00%2B05%3A30',
    );

    // Filtering and sorting are the server's (the contract tests check them): the list is its answer, in its order.
    expect(await shownCarNames()).toEqual(['Kia Seltos', 'Maruti Ertiga']);
    expect(screen.getByLabelText('Max price per hour')).toHaveValue(65);
    expect(screen.getByLabelText('Sort by price')).toHaveDisplayValue('High to Low');
    expect(screen.getByLabelText('Car name')).toHaveValue('o');
    expect(screen.getByLabelText('Available from')).toHaveValue('2030-02-01T10:00');
    expect(screen.getByLabelText('to')).toHaveValue('2030-02-02T10:00');
    expect(calls.map((call) => call.query)).toEqual([
      {
        maxPrice: '65',
        sort: 'price-desc',
        q: 'o',
        from: '2030-02-01T10:00:00+05:30',
        to: '2030-02-02T10:00:00+05:30',
      },
    ]);
    expect(screen.getByRole('link', { name: 'Rent Maruti Ertiga' })).toHaveAttribute(
      'href',
      `/cars/Maruti%20Ertiga?from=${encodeURIComponent('2030-02-01T10:00:00+05:30')}&to=${encodeURIComponent('2030-02-02T10:00:00+05:30')}`,
    );
  });

  it('keeps a phone’s filters in a sheet behind "Filters (n)", counting the filters set, not the sort', async () => {
    serveCars({
      'city=Pune&bodyType=suv&transmission=automatic&sort=price-asc': [listed(creta)],
      'city=Pune&bodyType=suv&transmission=automatic&fuel=diesel&sort=price-asc': [listed(creta)],
    });
    const { router, user } = renderRoute('/layout/cars?city=Pune&bodyType=suv&transmission=automatic&sort=price-asc');

    const open = await screen.findByRole('button', { name: 'Filters (3)' });
    expect(open).toHaveAttribute('aria-expanded', 'false');
    await user.click(open);
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByLabelText('City')).toHaveDisplayValue('Pune');
    await user.selectOptions(within(sheet).getByLabelText('Fuel'), 'Diesel');
    await user.click(within(sheet).getByRole('button', { name: 'Apply filters' }));

    await waitFor(() =>
      expect(router.state.location.search).toBe('?sort=price-asc&city=Pune&bodyType=suv&transmission=automatic&fuel=diesel'),
    );
    expect(await screen.findByRole('button', { name: 'Filters (4)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('1 car matches your filters')).toBeInTheDocument();
  });

  it('says just "Filters" when none is set, and closes the sheet without applying anything', async () => {
    serveCars();
    const { router, user } = renderRoute('/layout/cars');
    await user.click(await screen.findByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    await user.type(within(sheet).getByLabelText('Max price per hour'), '50');
    await user.click(within(sheet).getByRole('button', { name: 'Close filters' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('sorts without losing the filters applied, from the first page', async () => {
    serveCars({ 'maxPrice=50&page=2': [], 'maxPrice=50&sort=price-desc': byPrice(-1).filter((car) => car.price <= 50) });
    const { router, user } = renderRoute('/layout/cars?maxPrice=50&page=2');
    await screen.findByText(/\d+ cars? match/);
    await user.selectOptions(screen.getByLabelText('Sort by price'), 'High to Low');
    await waitFor(() => expect(router.state.location.search).toBe('?maxPrice=50&sort=price-desc'));
    expect(screen.getByLabelText('Max price per hour')).toHaveValue(50);
  });

  it('applies the filters being edited with a new sort, never putting back the applied ones', async () => {
    serveCars({
      'city=Pune': [fleetCar('Toyota Innova Hycross')],
      'maxPrice=60&sort=price-asc&city=Pune&transmission=manual': [],
    });
    const { router, user } = renderRoute('/layout/cars?city=Pune');
    await screen.findByText(/\d+ cars? match/);
    await user.type(screen.getByLabelText('Max price per hour'), '60');
    await user.selectOptions(screen.getByLabelText('Transmission'), 'Manual');
    await user.selectOptions(screen.getByLabelText('Sort by price'), 'Low to High');

    await waitFor(() => expect(router.state.location.search).toBe('?maxPrice=60&sort=price-asc&city=Pune&transmission=manual'));
    expect(await screen.findByText('0 cars match your filters')).toBeInTheDocument();
    expect(screen.getByLabelText('Max price per hour')).toHaveValue(60);
    expect(screen.getByLabelText('Transmission')).toHaveDisplayValue('Manual');
    expect(screen.getByLabelText('City')).toHaveDisplayValue('Pune');
    expect(screen.getByLabelText('Sort by price')).toHaveDisplayValue('Low to High');
  });

  it('keeps an edit that fails its check, with its error and the new sort, until it is put right', async () => {
    serveCars({ 'maxPrice=80&sort=price-desc': [] });
    const { router, user } = renderRoute('/layout/cars');
    await screen.findByText(/\d+ cars?\b/);
    const maxPrice = screen.getByLabelText('Max price per hour');
    await user.type(maxPrice, '2000000');
    await user.selectOptions(screen.getByLabelText('Sort by price'), 'High to Low');

    expect(await screen.findByText(/must be at most/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(maxPrice).toHaveValue(2000000);
    expect(screen.getByLabelText('Sort by price')).toHaveDisplayValue('High to Low');

    await user.clear(maxPrice);
    await user.type(maxPrice, '80');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?maxPrice=80&sort=price-desc'));
  });

  it('offers in its city filter only the cities where a car stands, and the city already asked for', async () => {
    serve('GET /api/car-cities', { cities: ['Pune', 'Goa'] });
    serveCars({ 'city=Kochi': [] });
    renderRoute('/layout/cars?city=Kochi');
    const city = await screen.findByLabelText('City');
    await waitFor(() =>
      expect(
        within(city)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Any', 'Pune', 'Goa', 'Kochi']),
    );
    expect(city).toHaveDisplayValue('Kochi');
  });

  it('shows the server’s refusal of a filter without pretending the server is down', async () => {
    const to = encodeURIComponent('2030-01-31T10:00:00+05:30');
    const from = encodeURIComponent('2030-01-31T18:00:00+05:30');
    serve('GET /api/cars', fail(400, serverSays.toBeforeFrom));
    renderRoute(`/layout/cars?from=${from}&to=${to}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.toBeforeFrom);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing our own fleet/)).not.toBeInTheDocument();
  });

  it('says "1 car matches" when the filters leave one car', async () => {
    serveCars({ 'q=Creta': [listed(creta)] });
    renderRoute('/layout/cars?q=Creta');
    expect(await screen.findByText('1 car matches your filters')).toBeInTheDocument();
  });

  it('says when nothing matches and clears the filters', async () => {
    serveCars({ 'q=spaceship': [] });
    const { router, user } = renderRoute('/layout/cars?q=spaceship');
    expect(await screen.findByText(/No cars match/)).toBeInTheDocument();
    expect(screen.getByText('0 cars match your filters')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((await shownCarNames()).length).toBeGreaterThan(8);
  });

  it('falls back to the app’s own fleet, filtered and sorted, when the server fails, and retries', async () => {
    let down = true;
    serve('GET /api/cars', () => (down ? fail(500, serverSays.serverFault) : paged(allCars)));
    const { user } = renderRoute('/layout/cars?maxPrice=50&sort=price-asc');

    expect(await screen.findByRole('alert')).toHaveTextContent(serverSays.serverFault);
    expect(screen.getByText(/Showing our own fleet/)).toBeInTheDocument();
    const names = await shownCarNames();
    const expected = catalogueCars
      .filter((car) => car.price <= 50)
      .sort((a, b) => a.price - b.price)
      .map((car) => car.carName);
    expect(names).toEqual(expected);
    expect(names).not.toContain('Maruti Swift');

    down = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await shownCarNames()).toContain('Maruti Swift');
  });
});
