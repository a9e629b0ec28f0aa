import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { getCar, listCars } from '../../src/entities/car/api';
import { addOwnerCar, deleteOwnerCars, editOwnerCar, getOwnerCar, listOwnerCars } from '../../src/features/owner-cars/api';
import { catalogueCars } from '../../src/data/cars';
import { codedAnswer, DeletedCount, OwnerCar, pagedAnswer, PublicCar, type OwnerCarInput } from '../../src/domain/contract';
import { serverSays } from '../mocks/server-says';
import { conforms } from './conforms';
import { startLiveServer } from './live-server';
import { signUpAndIn } from './registrations';

const live = startLiveServer();

/** A car name no other test uses, so lists can be searched for exactly the cars a test made. */
function uniqueName(label: string): string {
  return `${label} ${crypto.randomUUID().slice(0, 8)}`;
}

function carInput(overrides: Partial<OwnerCarInput> = {}): OwnerCarInput {
  return {
    url: 'https://example.com/car.jpg',
    carname: uniqueName('Renault Kwid'),
    description: 'Small and thrifty.',
    price: '700',
    ...overrides,
  };
}

describe("an owner's cars, against the real server", () => {
  it('adds cars (price as typed text), lists them newest first, reads, edits and deletes one', async () => {
    live.browser('owner');
    const owner = await signUpAndIn('owner');
    const first = carInput();
    const second = carInput({ price: 850 });
    const firstAdded = await addOwnerCar(first);
    const secondAdded = await addOwnerCar(second);
    expect([firstAdded.answer, secondAdded.answer]).toEqual(['saved', 'saved']);

    const cars = conforms(z.array(OwnerCar), await listOwnerCars());
    expect(cars.map((car) => [car.carname, car.price])).toEqual([
      [second.carname, 850],
      [first.carname, 700],
    ]);
    expect(cars[0]).toMatchObject({ url: second.url, description: second.description, ownerId: owner.id });
    expect(cars[0]?._id).toBe(cars[0]?.id);
    expect([firstAdded.carId, secondAdded.carId]).toEqual([cars[1]?.id, cars[0]?.id]);

    const older = cars[1];
    expect(conforms(OwnerCar, await getOwnerCar(older.id))).toEqual(older);
    const edited = conforms(
      codedAnswer(OwnerCar),
      await editOwnerCar({ id: older.id, url: older.url, carname: older.carname, description: 'Serviced.', price: 80 }),
    );
    expect(edited).toMatchObject({
      code: 200,
      message: 'edit success',
      data: { id: older.id, description: 'Serviced.', price: 80 },
    });

    expect(conforms(codedAnswer(DeletedCount), await deleteOwnerCars([older.id]))).toEqual({
      code: 200,
      message: 'delete success',
      data: { deletedCount: 1, results: [{ id: older.id, carName: older.carname, outcome: 'deleted', declinedRequests: 0 }] },
    });
    expect((await listOwnerCars()).map((car) => car.id)).toEqual([cars[0].id]);
  });

  it("refuses a bad picture address, another owner's car, a malformed id and a renter, in the words the app shows", async () => {
    live.browser('other owner');
    await signUpAndIn('owner');
    await addOwnerCar(carInput());
    const [theirs] = await listOwnerCars();

    live.browser('owner');
    await signUpAndIn('owner');
    expect(await listOwnerCars()).toEqual([]);
    await expect(addOwnerCar(carInput({ url: 'kwid.jpg' }))).rejects.toMatchObject({
      status: 400,
      message: serverSays.badCarUrl,
    });
    await expect(getOwnerCar(theirs.id)).rejects.toMatchObject({ status: 404, message: serverSays.notYourCar });
    await expect(getOwnerCar('not-an-id')).rejects.toMatchObject({ status: 400, message: serverSays.notAnId });
    await expect(deleteOwnerCars([theirs.id])).rejects.toMatchObject({ status: 404, message: serverSays.nothingDeleted });

    live.browser('renter');
    await signUpAndIn('user');
    await expect(listOwnerCars()).rejects.toMatchObject({ status: 403, message: serverSays.ownersOnly });
    live.browser('visitor');
    await expect(listOwnerCars()).rejects.toMatchObject({ status: 401, message: serverSays.notSignedIn });
  });
});

describe('the public car list, against the real server', () => {
  it("lists the fleet and the owners' cars, a listed car with its owner's name", async () => {
    live.browser('lister');
    const owner = await signUpAndIn('owner');
    const name = uniqueName('Maruti Swift');
    await addOwnerCar(carInput({ carname: name, price: 40 }));

    const cars = conforms(pagedAnswer(PublicCar), await listCars()).data;
    expect(cars.filter((car) => car.kind === 'fleet').map((car) => car.carName)).toEqual(
      expect.arrayContaining(catalogueCars.map((car) => car.carName)),
    );
    const [listed] = (await listCars({ q: name })).data;
    expect(listed).toMatchObject({ kind: 'listed', price: 40, ownerName: owner.username, imgUrl: 'https://example.com/car.jpg' });

    expect(conforms(PublicCar, await getCar(listed.id))).toEqual(listed);
    expect(await getCar(name.toUpperCase())).toEqual(listed);
    const nexon = await getCar('Tata Nexon EV');
    expect(nexon).toMatchObject({ kind: 'fleet', carName: 'Tata Nexon EV', price: 50, brand: 'Tata', model: 'Empowered 45' });
  });

  it('filters by budget, name and sort order', async () => {
    const all = await listCars();
    const cheap = await listCars({ maxPrice: 50 });
    expect(cheap.total).toBeGreaterThan(0);
    expect(cheap.total).toBeLessThan(all.total);
    expect(cheap.data.every((car) => car.price <= 50)).toBe(true);
    expect((await listCars({ minPrice: 80 })).data.every((car) => car.price >= 80)).toBe(true);

    const ascending = (await listCars({ sort: 'price-asc' })).data.map((car) => car.price);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    const descending = (await listCars({ sort: 'price-desc' })).data.map((car) => car.price);
    expect(descending).toEqual([...descending].sort((a, b) => b - a));

    expect((await listCars({ q: 'nEXON' })).data.map((car) => car.carName)).toEqual(['Tata Nexon EV']);
    expect(await listCars({ q: 'spaceship' })).toEqual({ data: [], total: 0, page: 1, pageSize: 24 });
  });

  it('answers one page at a time, in one order, and refuses a page too large', async () => {
    const six = conforms(pagedAnswer(PublicCar), await listCars({ pageSize: 6 }));
    const second = conforms(pagedAnswer(PublicCar), await listCars({ page: 2, pageSize: 3 }));
    expect(second).toMatchObject({ page: 2, pageSize: 3, total: six.total });
    expect(second.data.map((car) => car.id)).toEqual(six.data.slice(3).map((car) => car.id));
    await expect(listCars({ pageSize: 101 })).rejects.toMatchObject({ status: 400, message: 'Page size must be at most 100.' });
  });

  it('refuses a period that ends before it starts, and an unknown car, in the words the app shows', async () => {
    await expect(listCars({ from: '2030-01-31T18:00:00+05:30', to: '2030-01-31T10:00:00+05:30' })).rejects.toMatchObject({
      status: 400,
      message: serverSays.toBeforeFrom,
    });
    await expect(getCar('Flying Carpet')).rejects.toMatchObject({ status: 404, message: serverSays.noSuchCar });
  });
});
