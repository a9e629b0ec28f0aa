import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CodedAnswer, OwnerCar, PublicCar, PublicConfig } from '#domain/contract';
import { buildTestApp, closeTestApp, registerAndSignIn } from './helpers';
import { send } from './marketplace-helpers';

// A car's trip prices: the deposit held at handover and what a late, long or thirsty return costs.
// Owners set them; left empty they are the body type's; every car answer carries them.

let app: FastifyInstance;
let owner: string;

const form = { url: '/images/cars/audi-fiesta.svg', description: 'A car with trip prices.', price: 60 };

async function add(car: Record<string, unknown>) {
  return send(app, 'POST', '/add-cars', owner, { ...form, ...car });
}

async function ownersCar(carname: string): Promise<OwnerCar> {
  const response = await send(app, 'GET', '/get-cars', owner);
  const car = response.json<CodedAnswer<OwnerCar[]>>().data.find((candidate) => candidate.carname === carname);
  if (!car) throw new Error(`${carname} is not in the owner's list`);
  return car;
}

beforeAll(async () => {
  app = await buildTestApp({ trips: { depositMinPaise: 100_000, depositMaxPaise: 2_500_000, lateFeeBps: 15_000 } });
  owner = await registerAndSignIn(app, 'owner');
});
afterAll(() => closeTestApp(app));

describe("a car's trip prices", () => {
  it("takes the body type's defaults when the owner leaves them empty, and no price per km without a limit", async () => {
    expect((await add({ carname: 'Default luxury', bodyType: 'luxury' })).statusCode).toBe(201);
    const car = await ownersCar('Default luxury');
    expect(car).toMatchObject({ depositPaise: 1_000_000, fuelEighthPrice: 100_000, batteryTenthPrice: 50_000 });
    expect(car).not.toHaveProperty('extraKmPrice');
    expect((await add({ carname: 'Default hatch' })).statusCode).toBe(201);
    expect(await ownersCar('Default hatch')).toMatchObject({ depositPaise: 300_000, fuelEighthPrice: 50_000 });
  });

  it("keeps the owner's own, and shows them to everybody", async () => {
    const response = await add({
      carname: 'Own prices',
      bodyType: 'sedan',
      fuel: 'electric',
      kmPerDayLimit: 250,
      depositPaise: 450_000,
      extraKmPrice: 900,
      fuelEighthPrice: 40_000,
      batteryTenthPrice: 15_000,
    });
    expect(response.statusCode, response.body).toBe(201);
    const car = await ownersCar('Own prices');
    const prices = { depositPaise: 450_000, extraKmPrice: 900, fuelEighthPrice: 40_000, batteryTenthPrice: 15_000 };
    expect(car).toMatchObject({ kmPerDayLimit: 250, ...prices });
    const shown = await send(app, 'GET', `/api/cars/${car.id}`);
    expect(shown.json<PublicCar>()).toMatchObject(prices);
  });

  it.each([
    ['a deposit below the least', { depositPaise: 99_900 }, 'Security deposit must be from ₹1,000 to ₹25,000.'],
    ['a deposit above the most', { depositPaise: 2_500_100 }, 'Security deposit must be from ₹1,000 to ₹25,000.'],
    ['a deposit in part paise', { depositPaise: 100_000.5 }, /^Security deposit must be from ₹0 to ₹1,00,000/],
    ['a negative price per km', { kmPerDayLimit: 200, extraKmPrice: -1 }, /^Price per extra km must be from ₹0 to ₹10,000\./],
    ['a price per eighth over ₹10,000', { fuelEighthPrice: 1_000_001 }, /^Price per eighth of a tank must be from ₹0/],
    ['a price per tenth as text', { batteryTenthPrice: 'free' }, /^Price per tenth of the battery must be from ₹0/],
    [
      'a km limit without its price per km',
      { kmPerDayLimit: 200 },
      'Price per extra km is needed with a km per day limit: say what each km beyond it costs.',
    ],
  ])('refuses %s with 400 on add and on edit, changing nothing', async (_case, fields, message) => {
    const added = await add({ carname: 'Refused car', ...fields });
    expect(added.statusCode).toBe(400);
    expect(added.json<{ message: string }>().message).toMatch(message);
    const car = await ownersCar('Default hatch');
    const edited = await send(app, 'POST', '/edit-cars', owner, { ...form, carname: car.carname, id: car.id, ...fields });
    expect(edited.statusCode).toBe(400);
    expect(edited.json<{ message: string }>().message).toMatch(message);
    expect(await ownersCar('Default hatch')).toEqual(car);
    const names = (await send(app, 'GET', '/get-cars', owner)).json<CodedAnswer<OwnerCar[]>>().data.map((c) => c.carname);
    expect(names).not.toContain('Refused car');
  });

  it('takes a limit on edit with the price per km stored, and clears the price with the limit', async () => {
    const car = await ownersCar('Own prices');
    const edit = { ...form, carname: car.carname, id: car.id };
    const longer = await send(app, 'POST', '/edit-cars', owner, { ...edit, kmPerDayLimit: 300 });
    expect(longer.json<CodedAnswer<OwnerCar>>().data).toMatchObject({ kmPerDayLimit: 300, extraKmPrice: 900 });
    const cleared = await send(app, 'POST', '/edit-cars', owner, { ...edit, kmPerDayLimit: null });
    const after = cleared.json<CodedAnswer<OwnerCar>>().data;
    expect(after).not.toHaveProperty('kmPerDayLimit');
    expect(after).not.toHaveProperty('extraKmPrice');
    // With neither stored, a limit alone is refused again.
    const alone = await send(app, 'POST', '/edit-cars', owner, { ...edit, kmPerDayLimit: 100 });
    expect(alone.statusCode).toBe(400);
    expect(alone.json<{ message: string }>().message).toMatch(/^Price per extra km is needed/);
  });

  it('changes the deposit within the bounds, leaving the others as stored', async () => {
    const car = await ownersCar('Default luxury');
    const edited = await send(app, 'POST', '/edit-cars', owner, {
      ...form,
      carname: car.carname,
      id: car.id,
      depositPaise: 2_500_000,
    });
    expect(edited.json<CodedAnswer<OwnerCar>>().data).toMatchObject({ depositPaise: 2_500_000, fuelEighthPrice: 100_000 });
  });

  it("gives the fleet its body types' defaults, with a price per km wherever it has a limit", async () => {
    const fleet = (await send(app, 'GET', '/api/cars?pageSize=50'))
      .json<{ data: PublicCar[] }>()
      .data.filter((car) => car.kind === 'fleet');
    expect(fleet.length).toBeGreaterThan(0);
    for (const car of fleet) {
      expect(car.depositPaise).toBeGreaterThan(0);
      expect(car.extraKmPrice !== undefined).toBe(car.kmPerDayLimit !== undefined);
    }
  });

  it('publishes the deposit bounds and the late fee in the config', async () => {
    const config = (await send(app, 'GET', '/api/config')).json<PublicConfig>();
    expect(config.trips).toEqual({ depositMinPaise: 100_000, depositMaxPaise: 2_500_000, lateFeeBps: 15_000 });
  });
});
