import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { ADMIN_PAGE_SIZE, AdminOptionalReason, type AdminCar } from '../src/domain/contract';
import { renderRoute } from './render';
import { admin, paged, swift, uuid } from './mocks/answers';
import { adminCar, consoleCars } from './mocks/admin-answers';
import { fail, type Call } from './mocks/routes';
import { serve, session } from './mocks/serve';
import { serverSays } from './mocks/server-says';

const REASON_REQUIRED = 'Reason is required: say why, in 1 to 500 characters.';

/** The console's cars, paged and filtered by state as the server pages them. */
function serveCars(cars: AdminCar[]) {
  return serve('GET /api/admin/cars', ({ query }) => {
    const matching = query.state ? cars.filter((car) => car.state === query.state) : cars;
    return paged(matching, Number(query.page ?? 1), ADMIN_PAGE_SIZE);
  });
}

/** The cars as the server keeps them, delisted and relisted as it does. */
function serveChangingCars() {
  let cars = consoleCars;
  const setDelisted =
    (delisted: boolean) =>
    ({ params, body }: Call) => {
      const { reason } = AdminOptionalReason.parse(body);
      cars = cars.map((car) =>
        car.id === params.id
          ? {
              ...car,
              state: delisted ? 'delisted' : 'listed',
              delistedReason: delisted ? (reason ?? null) : null,
              delistedAt: delisted ? '2026-02-06T04:30:00.000Z' : null,
            }
          : car,
      );
      return cars.find((car) => car.id === params.id) ?? fail(404, 'No car has this id.');
    };
  serve('GET /api/admin/cars', () => paged(cars, 1, ADMIN_PAGE_SIZE));
  return {
    delists: serve('POST /api/admin/cars/:id/delist', setDelisted(true)),
    relists: serve('POST /api/admin/cars/:id/relist', setDelisted(false)),
  };
}

const rowOf = (carName: string) => screen.getByRole('row', { name: new RegExp(carName) });

describe('the cars list', () => {
  it("shows every car with its owner, place, price per hour, state and the delisting's reason, and what can be done to it", async () => {
    session(admin);
    const calls = serveCars(consoleCars);
    renderRoute('/admin/cars');

    expect(await screen.findByRole('heading', { level: 1, name: 'Cars (4)' })).toBeInTheDocument();
    expect(calls[0]?.query).toEqual({});
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Car',
      'Owner',
      'Where',
      'Price',
      'Added',
      'State',
      'Action',
    ]);
    expect(
      within(rowOf('Maruti Swift'))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Maruti Swift',
      'ravi',
      'BengaluruIndiranagar, near the metro station',
      '₹40.00 / hour',
      'Jan 03 2026 14:30',
      'Listed',
      'Delist',
    ]);
    expect(within(rowOf('Maruti Swift')).getByRole('link', { name: 'Maruti Swift' })).toHaveAttribute(
      'href',
      `/cars/${swift.id}`,
    );

    const creta = within(rowOf('Hyundai Creta'));
    expect(creta.getAllByRole('cell')[5]).toHaveTextContent('Delistedsince Feb 04 2026 15:30: The photos show another car.');
    expect(creta.getByRole('button', { name: 'Relist the Hyundai Creta of ravi' })).toBeInTheDocument();

    const fleetCar = within(rowOf('Maruti Ertiga'));
    expect(fleetCar.getAllByRole('cell')[1]).toHaveTextContent('Fleet');
    expect(fleetCar.getByRole('link', { name: 'Maruti Ertiga' })).toHaveAttribute('href', '/cars/Maruti%20Ertiga');
    expect(fleetCar.getByRole('button', { name: "Delist the fleet's Maruti Ertiga" })).toBeInTheDocument();

    // An archived car is gone for good: no page to link to, nothing to do.
    const archived = within(rowOf('Tata Nexon'));
    expect(archived.getByText('Archived')).toBeInTheDocument();
    expect(archived.queryByRole('link')).not.toBeInTheDocument();
    expect(archived.queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('WheelsOnWeb - Cars'));
  });

  it('puts the search and the filters in the address and the request', async () => {
    session(admin);
    const calls = serveCars(consoleCars);
    const { user, router } = renderRoute('/admin/cars?page=2');

    await user.type(await screen.findByRole('searchbox', { name: 'Car or owner' }), 'ravi{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ravi'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: 'ravi' }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'Delisted');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ravi&state=delisted'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cars (1)' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), "Owner's");
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Mumbai');
    await waitFor(() => expect(router.state.location.search).toBe('?q=ravi&state=delisted&kind=listed&city=Mumbai'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ q: 'ravi', state: 'delisted', kind: 'listed', city: 'Mumbai' }));
  });

  it('pages past 50 cars, from the page in the address', async () => {
    session(admin);
    const many = Array.from({ length: 60 }, (_, n) =>
      adminCar({ id: uuid(1000 + n), kind: 'listed', carName: `Car ${n + 1}`, city: 'Pune', pickupArea: 'Baner', price: 30 }),
    );
    const calls = serveCars(many);
    const scrolled = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    onTestFinished(() => scrolled.mockRestore());
    const { user, router } = renderRoute('/admin/cars?page=2');

    expect(await screen.findByText('Car 51')).toBeInTheDocument();
    expect(calls.at(-1)?.query).toEqual({ page: '2' });
    expect(screen.getByRole('heading', { level: 1, name: 'Cars (60)' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Cars pages' })).toHaveTextContent('51–60 of 60');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByText('Car 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(calls.at(-1)?.query).toEqual({});
  });
});

describe('delisting and relisting a car', () => {
  it('asks first, naming the car and its owner, needs a reason, sends it, and shows the car delisted', async () => {
    session(admin);
    const { delists } = serveChangingCars();
    const { user } = renderRoute('/admin/cars');

    await user.click(await screen.findByRole('button', { name: 'Delist the Maruti Swift of ravi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delist the Maruti Swift of ravi?' });
    expect(dialog).toHaveTextContent('It leaves the public list and cannot be booked until it is relisted.');
    expect(dialog).toHaveTextContent('ravi reads it with the car');

    await user.click(within(dialog).getByRole('button', { name: 'Delist car' }));
    expect(await within(dialog).findByText(REASON_REQUIRED)).toBeInTheDocument();
    expect(delists).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Its photos show another car.');
    await user.click(within(dialog).getByRole('button', { name: 'Delist car' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(delists).toHaveLength(1);
    expect(delists[0]).toMatchObject({ params: { id: swift.id }, body: { reason: 'Its photos show another car.' } });
    expect(screen.getByRole('status')).toHaveTextContent('The Maruti Swift of ravi is delisted.');
    const row = within(rowOf('Maruti Swift'));
    expect(row.getAllByRole('cell')[5]).toHaveTextContent('Delistedsince Feb 06 2026 10:00: Its photos show another car.');
    expect(row.getByRole('button', { name: 'Relist the Maruti Swift of ravi' })).toBeInTheDocument();
  });

  it('relists a delisted car, with no reason sent when none is typed', async () => {
    session(admin);
    const { relists } = serveChangingCars();
    const { user } = renderRoute('/admin/cars');

    await user.click(await screen.findByRole('button', { name: 'Relist the Hyundai Creta of ravi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Relist the Hyundai Creta of ravi?' });
    expect(dialog).toHaveTextContent('unless ravi has paused it or is disabled');
    await user.click(within(dialog).getByRole('button', { name: 'Relist car' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('The Hyundai Creta of ravi is relisted.'));
    expect(relists[0]?.body).toEqual({});
    const row = within(rowOf('Hyundai Creta'));
    expect(row.getByText('Listed')).toBeInTheDocument();
    expect(row.queryByText(/The photos show another car/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal inside the dialog, with the reason still there", async () => {
    session(admin);
    serveCars(consoleCars);
    serve('POST /api/admin/cars/:id/delist', fail(409, serverSays.carArchived));
    const { user } = renderRoute('/admin/cars');

    await user.click(await screen.findByRole('button', { name: "Delist the fleet's Maruti Ertiga" }));
    const dialog = await screen.findByRole('dialog', { name: "Delist the fleet's Maruti Ertiga?" });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await user.type(reason, 'Being repainted.');
    await user.click(within(dialog).getByRole('button', { name: 'Delist car' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(serverSays.carArchived);
    expect(reason).toHaveValue('Being repainted.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
