import { http, HttpResponse } from 'msw';
import { API } from '../api';
import { seededAccount, signedInAccount } from './accounts';
import type { Account, CodedAnswer, OwnerCar, OwnerCarEdit, OwnerCarInput } from '../../../src/domain/contract';
import { CARNAME_MAX, DESCRIPTION_MAX, PRICE_MAX, PRICE_MIN, URL_MAX } from '../../../src/domain/limits';

function seededCars(): OwnerCar[] {
  const owner = seededAccount('owner').id;
  const otherOwner = seededAccount('otherOwner').id;
  return [
    car('owner-car-1', owner, 'Maruti Swift', '/uploads/maruti-swift.jpg', 'A nippy hatchback, serviced last month, ideal for city errands.', 40, '2026-01-03T09:00:00.000Z'),
    car('owner-car-2', owner, 'Hyundai Creta', 'https://example.com/creta.jpg', 'Roomy SUV with a big boot for family trips.', 65, '2026-01-02T09:00:00.000Z'),
    car('owner-car-3', otherOwner, 'Tata Nexon', '/uploads/tata-nexon.jpg', 'Compact SUV, five stars for safety.', 55, '2026-01-01T09:00:00.000Z'),
  ];
}

function car(id: string, ownerId: string, carname: string, url: string, description: string, price: number, createdAt: string): OwnerCar {
  return { _id: id, id, url, carname, description, price, ownerId, createdAt, updatedAt: createdAt };
}

let cars: OwnerCar[] = [];
let nextNumber = 1;

export function resetOwnerCars(): void {
  cars = seededCars();
  nextNumber = 1;
}

/** The cars the fake server holds for one owner, newest first, for tests to check what a call changed. */
export function storedCarsOf(ownerId: string): OwnerCar[] {
  return cars.filter((stored) => stored.ownerId === ownerId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** The endpoints the spec reads `code` from carry it in every answer, errors included. */
function coded<T>(status: number, message: string, data?: T) {
  const body: Partial<CodedAnswer<T>> = { code: status, message, ...(data === undefined ? {} : { data }) };
  return HttpResponse.json(body, { status });
}

function plainError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

type OwnerCheck = { owner: Account } | { problem: { status: number; message: string } };

function requireOwner(): OwnerCheck {
  const account = signedInAccount();
  if (!account) return { problem: { status: 401, message: 'Please sign in as an owner to manage your cars.' } };
  if (account.role !== 'owner') return { problem: { status: 403, message: 'Only owner accounts can manage cars.' } };
  return { owner: account };
}

/** The contract's field rules for add and edit; answers the first broken rule, naming the field. */
function validate(body: Partial<OwnerCarInput>): { problem: string } | { value: Omit<OwnerCarInput, 'price'> & { price: number } } {
  const { url, carname, description, price } = body;
  if (typeof url !== 'string' || url.length > URL_MAX || !(/^https?:\/\/\S+$/.test(url) || url.startsWith('/'))) {
    return { problem: 'url must be an http(s) link or a site path starting with /.' };
  }
  if (typeof carname !== 'string' || carname.trim().length < 1 || carname.length > CARNAME_MAX) {
    return { problem: `carname must be 1 to ${CARNAME_MAX} characters.` };
  }
  if (typeof description !== 'string' || description.length > DESCRIPTION_MAX) {
    return { problem: `description must be at most ${DESCRIPTION_MAX} characters.` };
  }
  const rupees = typeof price === 'string' && /^\s*\d+\s*$/.test(price) ? Number(price) : price;
  if (typeof rupees !== 'number' || !Number.isInteger(rupees) || rupees < PRICE_MIN || rupees > PRICE_MAX) {
    return { problem: `price must be a whole number of rupees from ${PRICE_MIN} to ${PRICE_MAX}.` };
  }
  return { value: { url, carname: carname.trim(), description, price: rupees } };
}

function stamp(): string {
  // Later than every seeded car and strictly increasing, so "newest first" is deterministic.
  return new Date(Date.UTC(2026, 1, 1, 0, nextNumber)).toISOString();
}

export const ownerCarHandlers = [
  http.get(`${API}/get-cars`, () => {
    const check = requireOwner();
    if ('problem' in check) return coded(check.problem.status, check.problem.message);
    return coded<OwnerCar[]>(200, 'success', storedCarsOf(check.owner.id));
  }),

  http.get(`${API}/get-car/:id`, ({ params }) => {
    const check = requireOwner();
    if ('problem' in check) return coded(check.problem.status, check.problem.message);
    const found = cars.find((stored) => stored.id === params.id && stored.ownerId === check.owner.id);
    if (!found) return coded(404, 'This car was not found among your cars.');
    return coded<OwnerCar>(200, 'success', found);
  }),

  http.post(`${API}/add-cars`, async ({ request }) => {
    const check = requireOwner();
    if ('problem' in check) return plainError(check.problem.status, check.problem.message);
    const result = validate((await request.json()) as Partial<OwnerCarInput>);
    if ('problem' in result) return plainError(400, result.problem);
    const id = `owner-car-new-${nextNumber}`;
    const createdAt = stamp();
    nextNumber += 1;
    cars.push({ _id: id, id, ...result.value, ownerId: check.owner.id, createdAt, updatedAt: createdAt });
    return HttpResponse.text('saved', { status: 201 });
  }),

  http.post(`${API}/edit-cars`, async ({ request }) => {
    const check = requireOwner();
    if ('problem' in check) return coded(check.problem.status, check.problem.message);
    const body = (await request.json()) as Partial<OwnerCarEdit>;
    if (typeof body.id !== 'string' || body.id === '') return coded(400, 'id is required.');
    const index = cars.findIndex((stored) => stored.id === body.id && stored.ownerId === check.owner.id);
    if (index === -1) return coded(404, 'This car was not found among your cars.');
    const result = validate(body);
    if ('problem' in result) return coded(400, result.problem);
    const updatedAt = stamp();
    nextNumber += 1;
    cars[index] = { ...cars[index], ...result.value, updatedAt };
    return coded<OwnerCar>(200, 'edit success', cars[index]);
  }),

  http.post(`${API}/delete-cars`, async ({ request }) => {
    const check = requireOwner();
    if ('problem' in check) return coded(check.problem.status, check.problem.message);
    const body = (await request.json()) as unknown;
    const ids = Array.isArray(body) ? body : (body as { ids?: unknown } | null)?.ids;
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => typeof id === 'string')) {
      return coded(400, 'Send a non-empty list of car ids.');
    }
    const mine = new Set(storedCarsOf(check.owner.id).map((stored) => stored.id));
    if (!ids.every((id) => mine.has(id))) {
      return coded(404, 'Some of those cars are not among your cars, so nothing was deleted.');
    }
    cars = cars.filter((stored) => !ids.includes(stored.id));
    return coded(200, 'delete success', { deletedCount: new Set(ids).size });
  }),
];
