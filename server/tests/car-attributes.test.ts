import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueCars } from '#data/cars';
import { CITIES } from '#domain/car-attributes';
import type { CodedAnswer, OwnerCar, PublicCar } from '#domain/contract';
import { cars } from '../src/db/schema';
import { buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { send } from './marketplace-helpers';

// Where a car is and what it is, so renters can search by city and type: the owner's forms set it,
// the public list filters by it, and the spec's form, which sends none of it, still lists a car.

let app: FastifyInstance;
let owner: string;

const specForm = {
  url: '/images/cars/audi-fiesta.svg',
  carname: 'Spec form car',
  description: 'Added the way the spec form adds a car.',
  price: '900',
};

const puneSuv = {
  ...specForm,
  carname: 'Pune SUV',
  price: 120,
  city: 'Pune',
  pickupArea: 'Koregaon Park, Lane 7',
  ac: true,
  bodyType: 'suv',
  seats: 7,
  transmission: 'automatic',
  fuel: 'diesel',
  year: 2022,
  kmPerDayLimit: 300,
  extraKmPrice: 1_500,
};
const puneHatch = {
  ...specForm,
  carname: 'Pune Hatch',
  price: 40,
  city: 'Pune',
  pickupArea: 'Aundh',
  ac: false,
  bodyType: 'hatchback',
  seats: 4,
  transmission: 'manual',
  fuel: 'cng',
};
const kochiSedan = {
  ...specForm,
  carname: 'Kochi Sedan',
  price: 80,
  city: 'Kochi',
  bodyType: 'sedan',
  seats: 5,
  transmission: 'automatic',
  fuel: 'electric',
};

async function add(car: Record<string, unknown>): Promise<void> {
  const response = await send(app, 'POST', '/add-cars', owner, car);
  expect(response.statusCode, response.body).toBe(201);
}

async function ownersCar(carname: string): Promise<OwnerCar> {
  const response = await send(app, 'GET', '/get-cars', owner);
  const car = response.json<CodedAnswer<OwnerCar[]>>().data.find((candidate) => candidate.carname === carname);
  if (!car) throw new Error(`${carname} is not in the owner's list`);
  return car;
}

async function publicNames(query: string): Promise<string[]> {
  const response = await send(app, 'GET', `/api/cars${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: PublicCar[] }>().data.map((car) => car.carName);
}

/** The catalogue cars matching `test`, in catalogue order (the list shows the fleet first). */
const fleetWhere = (test: (car: (typeof catalogueCars)[number]) => boolean) =>
  catalogueCars.filter(test).map((car) => car.carName);

beforeAll(async () => {
  app = await buildTestApp();
  owner = await registerAndSignIn(app, 'owner');
  // Oldest first: the public list shows listed cars newest first.
  for (const car of [specForm, puneSuv, puneHatch, kochiSedan]) await add(car);
});
afterAll(() => closeTestApp(app));

describe("the spec's add form, which sends none of the new fields", () => {
  it('lists a five-seat manual petrol hatchback with AC in Bengaluru, with no year and no km limit', async () => {
    const car = await ownersCar('Spec form car');
    expect(car).toMatchObject({
      price: 900,
      city: 'Bengaluru',
      pickupArea: '',
      ac: true,
      bodyType: 'hatchback',
      seats: 5,
      transmission: 'manual',
      fuel: 'petrol',
    });
    expect(car).not.toHaveProperty('year');
    expect(car).not.toHaveProperty('kmPerDayLimit');
    const shown = await send(app, 'GET', `/api/cars/${car.id}`);
    expect(shown.json()).toMatchObject({ city: 'Bengaluru', bodyType: 'hatchback', seats: 5, ac: true });
  });

  it('edits a car without them and leaves them as they were', async () => {
    const car = await ownersCar('Pune SUV');
    const edited = await send(app, 'POST', '/edit-cars', owner, {
      id: car.id,
      url: car.url,
      carname: car.carname,
      description: 'Freshly serviced.',
      price: '130',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<CodedAnswer<OwnerCar>>().data).toMatchObject({
      description: 'Freshly serviced.',
      price: 130,
      city: 'Pune',
      pickupArea: 'Koregaon Park, Lane 7',
      bodyType: 'suv',
      seats: 7,
      transmission: 'automatic',
      fuel: 'diesel',
      year: 2022,
      kmPerDayLimit: 300,
    });
  });
});

describe("an owner's car with its city and attributes", () => {
  it('answers them to the owner and to everybody', async () => {
    const car = await ownersCar('Pune SUV');
    expect(car).toMatchObject({ city: 'Pune', pickupArea: 'Koregaon Park, Lane 7', ac: true, year: 2022, kmPerDayLimit: 300 });
    const shown = await send(app, 'GET', `/api/cars/${car.id}`);
    expect(shown.json()).toMatchObject({
      city: 'Pune',
      pickupArea: 'Koregaon Park, Lane 7',
      ac: true,
      bodyType: 'suv',
      seats: 7,
      transmission: 'automatic',
      fuel: 'diesel',
      year: 2022,
      kmPerDayLimit: 300,
    });
  });

  it('changes them on edit, and null clears the year and the km limit', async () => {
    const car = await ownersCar('Kochi Sedan');
    const edited = await send(app, 'POST', '/edit-cars', owner, {
      ...kochiSedan,
      id: car.id,
      city: 'Goa',
      pickupArea: '  Panaji, opposite the ferry  ',
      ac: false,
      year: 2020,
      kmPerDayLimit: 200,
      extraKmPrice: 1_200,
    });
    expect(edited.json<CodedAnswer<OwnerCar>>().data).toMatchObject({
      city: 'Goa',
      pickupArea: 'Panaji, opposite the ferry',
      ac: false,
      year: 2020,
      kmPerDayLimit: 200,
    });
    const cleared = await send(app, 'POST', '/edit-cars', owner, {
      ...kochiSedan,
      id: car.id,
      year: null,
      kmPerDayLimit: null,
    });
    const after = cleared.json<CodedAnswer<OwnerCar>>().data;
    // Fields not sent again stay as the first edit left them.
    expect(after).toMatchObject({ city: 'Kochi', pickupArea: 'Panaji, opposite the ferry', ac: false });
    expect(after).not.toHaveProperty('year');
    expect(after).not.toHaveProperty('kmPerDayLimit');
    const restored = await send(app, 'POST', '/edit-cars', owner, { ...kochiSedan, id: car.id, ac: true });
    expect(restored.statusCode).toBe(200);
  });

  const nextYear = new Date().getUTCFullYear() + 1;
  it.each([
    ['a city off the list', { city: 'Atlantis' }, /^City must be one of: Bengaluru, Mumbai, Delhi NCR/],
    ['a city in another letter case', { city: 'pune' }, /^City must be one of/],
    ['a body type off the list', { bodyType: 'van' }, /^Body type must be one of: hatchback, sedan, suv, muv, luxury/],
    ['one seat', { seats: 1 }, /^Seats must be a whole number from 2 to 9/],
    ['ten seats', { seats: 10 }, /^Seats must be a whole number from 2 to 9/],
    ['half a seat', { seats: 4.5 }, /^Seats must be a whole number from 2 to 9/],
    ['a transmission off the list', { transmission: 'cvt' }, /^Transmission must be one of: manual, automatic/],
    ['a fuel off the list', { fuel: 'lpg' }, /^Fuel must be one of: petrol, diesel, cng, electric, hybrid/],
    ['a year before 1990', { year: 1989 }, new RegExp(`^Year must be from 1990 to ${nextYear}`)],
    ['a year after next year', { year: nextYear + 1 }, new RegExp(`^Year must be from 1990 to ${nextYear}`)],
    ['a pickup area over 120 characters', { pickupArea: 'a'.repeat(121) }, /^Pickup area must be at most 120 characters/],
    ['no kilometres a day', { kmPerDayLimit: 0 }, /^Km per day limit must be a whole number of kilometres from 1/],
    ['AC as text', { ac: 'yes' }, /^Car type must be true or false/],
  ])('refuses %s with 400 on add and on edit, changing nothing', async (_case, field, message) => {
    const added = await send(app, 'POST', '/add-cars', owner, { ...specForm, carname: 'Refused car', ...field });
    expect(added.statusCode).toBe(400);
    expect(added.json()).toEqual({ message: expect.stringMatching(message) });
    const car = await ownersCar('Pune SUV');
    const edited = await send(app, 'POST', '/edit-cars', owner, { ...puneSuv, id: car.id, ...field });
    expect(edited.statusCode).toBe(400);
    // The spec's edit answers carry their status as `code` too.
    expect(edited.json()).toEqual({ code: 400, message: expect.stringMatching(message) });
    const listed = await send(app, 'GET', '/get-cars', owner);
    expect(listed.json<CodedAnswer<OwnerCar[]>>().data.map((c) => c.carname)).not.toContain('Refused car');
    expect(await ownersCar('Pune SUV')).toMatchObject({ city: 'Pune', seats: 7, year: 2022 });
  });

  it('takes next year as a model year', async () => {
    const car = await ownersCar('Pune Hatch');
    const edited = await send(app, 'POST', '/edit-cars', owner, { ...puneHatch, id: car.id, year: nextYear });
    expect(edited.json<CodedAnswer<OwnerCar>>().data).toMatchObject({ year: nextYear });
  });

  it("is refused by the database's checks too, whatever writes it", async () => {
    await expect(
      app.db.insert(cars).values({
        kind: 'fleet',
        carName: 'Unchecked',
        imgUrl: '/x.svg',
        price: 10,
        description: '',
        city: 'Atlantis' as 'Pune',
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
    await expect(
      app.db
        .insert(cars)
        .values({ kind: 'fleet', carName: 'Unchecked', imgUrl: '/x.svg', price: 10, description: '', seats: 12 }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23514' }) });
  });
});

describe('the public list filtered by where the car is and what it is', () => {
  it.each([
    ['city', '?city=Pune', [...fleetWhere((car) => car.city === 'Pune'), 'Pune Hatch', 'Pune SUV']],
    ['a city with a space', '?city=Delhi%20NCR', fleetWhere((car) => car.city === 'Delhi NCR')],
    ['body type', '?bodyType=suv', [...fleetWhere((car) => car.bodyType === 'suv'), 'Pune SUV']],
    ['at least so many seats', '?seats=7', [...fleetWhere((car) => car.seats >= 7), 'Pune SUV']],
    [
      'transmission',
      '?transmission=manual',
      [...fleetWhere((car) => car.transmission === 'manual'), 'Pune Hatch', 'Spec form car'],
    ],
    ['fuel', '?fuel=electric', [...fleetWhere((car) => car.fuel === 'electric'), 'Kochi Sedan']],
    ['non-AC', '?ac=false', [...fleetWhere((car) => !car.ac), 'Pune Hatch']],
    [
      'city, body type and transmission together',
      '?city=Pune&bodyType=suv&transmission=automatic',
      [...fleetWhere((car) => car.city === 'Pune' && car.bodyType === 'suv'), 'Pune SUV'],
    ],
    ['a city no car is in', '?city=Chandigarh', []],
    [
      'filters sent empty, as by a plain form',
      '?city=&bodyType=&seats=&transmission=&fuel=&ac=',
      [...catalogueCars.map((car) => car.carName), 'Kochi Sedan', 'Pune Hatch', 'Pune SUV', 'Spec form car'],
    ],
  ])('by %s', async (_case, query, expected) => {
    expect(await publicNames(query)).toEqual(expected);
  });

  it('by AC, with the city and price bounds', async () => {
    const names = await publicNames('?ac=true&city=Pune&maxPrice=150');
    expect(names).toEqual([...fleetWhere((car) => car.city === 'Pune' && car.ac && car.price <= 150), 'Pune SUV']);
  });

  it.each([
    ['a city off the list', '?city=Atlantis', /^City must be one of/],
    ['a body type off the list', '?bodyType=van', /^Body type must be one of/],
    ['seats as words', '?seats=many', /^Seats must be a whole number from 2 to 9/],
    ['ten seats', '?seats=10', /^Seats must be a whole number from 2 to 9/],
    ['a transmission off the list', '?transmission=cvt', /^Transmission must be one of/],
    ['a fuel off the list', '?fuel=lpg', /^Fuel must be one of/],
    ['AC as yes', '?ac=yes', /^Car type must be AC \(true\) or non-AC \(false\)/],
  ])('answers 400 naming the filter for %s', async (_case, query, message) => {
    const response = await send(app, 'GET', `/api/cars${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.stringMatching(message) });
  });
});

describe('the cities a search offers (GET /api/car-cities)', () => {
  const cities = async (): Promise<string[]> => {
    const response = await send(app, 'GET', '/api/car-cities');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ cities: string[] }>().cities;
  };

  it("names each city with a car once, in the list's order, and none without a car", async () => {
    // The fleet's cities, Bengaluru (the spec form's car), Pune (two owners' cars and a fleet car) and Kochi.
    const withCars = new Set<string>([...catalogueCars.map((car) => car.city), 'Bengaluru', 'Pune', 'Kochi']);
    expect(await cities()).toEqual(CITIES.filter((city) => withCars.has(city)));
    expect(await cities()).not.toContain('Chandigarh');
  });

  it('drops a city once its only car is paused, and names it again once the car is back', async () => {
    const kochi = await ownersCar('Kochi Sedan');
    expect(await cities()).toContain('Kochi');
    expect((await send(app, 'POST', `/api/cars/${kochi.id}/pause`, owner)).statusCode).toBe(200);
    expect(await cities()).not.toContain('Kochi');
    expect((await send(app, 'POST', `/api/cars/${kochi.id}/resume`, owner)).statusCode).toBe(200);
    expect(await cities()).toContain('Kochi');
  });
});
