import { blogPosts } from '../../src/data/blogs';
import { catalogueCars } from '../../src/data/cars';
import { CITIES, type City, defaultTripPrices } from '../../src/domain/car-attributes';
import type { Account, BlogPost, Booking, Comment, OwnerCar, PublicCar, Reply } from '../../src/domain/contract';
import { slugify } from '../../src/domain/slug';

// Typed builders for the answers the app tests fake: the contract's shapes, filled with the people
// and cars the tests talk about. The fakes check each answer against its schema (routes.ts).

/** Ids are opaque strings; the server's are UUIDs, and the app's forms check for one. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const CREATED_AT = '2026-01-01T10:00:00.000Z';

function account(n: number, fields: Omit<Account, '_id' | 'id' | 'createdAt'>): Account {
  return { _id: uuid(n), id: uuid(n), createdAt: CREATED_AT, ...fields };
}

/** A renter. */
export const asha = account(1, { username: 'asha', email: 'asha@example.com', role: 'user' });
/** An owner, who lists the Maruti Swift and the Hyundai Creta. */
export const ravi = account(2, {
  username: 'ravi',
  email: 'ravi@example.com',
  role: 'owner',
  phoneNumber: '+91 98765 43210',
  // Proved with a texted code, as an owner who saves payout details has.
  phoneVerifiedAt: '2026-01-05T06:30:00.000Z',
  country: 'India',
});
export const admin = account(3, { username: 'admin', email: 'admin@example.com', role: 'admin' });

/** The trip prices a fake car takes from its body type unless given. */
type TripPrice = 'depositPaise' | 'extraKmPrice' | 'fuelEighthPrice' | 'batteryTenthPrice';

function ownerCar(
  n: number,
  fields: Omit<
    OwnerCar,
    '_id' | 'id' | 'ownerId' | 'updatedAt' | 'photos' | 'paused' | 'payAtPickup' | 'instantBooking' | TripPrice
  > &
    Partial<Pick<OwnerCar, 'photos' | 'payAtPickup' | 'instantBooking' | TripPrice>>,
): OwnerCar {
  return {
    _id: uuid(n),
    id: uuid(n),
    ownerId: ravi.id,
    updatedAt: fields.createdAt,
    photos: [],
    paused: false,
    payAtPickup: false,
    instantBooking: false,
    ...defaultTripPrices(fields.bodyType, fields.kmPerDayLimit),
    ...fields,
  };
}

export const swift = ownerCar(101, {
  carname: 'Maruti Swift',
  url: '/uploads/maruti-swift.jpg',
  description: 'A nippy hatchback, serviced last month, ideal for city errands.',
  price: 40,
  city: 'Bengaluru',
  pickupArea: 'Indiranagar, near the metro station',
  ac: true,
  bodyType: 'hatchback',
  seats: 5,
  transmission: 'manual',
  fuel: 'petrol',
  year: 2021,
  kmPerDayLimit: 250,
  createdAt: '2026-01-03T09:00:00.000Z',
});
export const creta = ownerCar(102, {
  carname: 'Hyundai Creta',
  url: 'https://example.com/creta.jpg',
  description: 'Roomy SUV with a big boot for family trips.',
  price: 65,
  city: 'Mumbai',
  pickupArea: 'Bandra West, Hill Road',
  ac: true,
  bodyType: 'suv',
  seats: 7,
  transmission: 'automatic',
  fuel: 'diesel',
  year: 2023,
  createdAt: '2026-01-02T09:00:00.000Z',
});

/** An owner's car as the public list shows it. */
export function listed(car: OwnerCar, owner: Account = ravi): PublicCar {
  return {
    _id: car.id,
    id: car.id,
    kind: 'listed',
    carName: car.carname,
    imgUrl: car.photos[0]?.url ?? car.url,
    price: car.price,
    description: car.description,
    city: car.city,
    pickupArea: car.pickupArea,
    ac: car.ac,
    bodyType: car.bodyType,
    seats: car.seats,
    transmission: car.transmission,
    fuel: car.fuel,
    payAtPickup: car.payAtPickup,
    instantBooking: car.instantBooking,
    ...(car.year === undefined ? {} : { year: car.year }),
    ...(car.kmPerDayLimit === undefined ? {} : { kmPerDayLimit: car.kmPerDayLimit }),
    ...(car.extraKmPrice === undefined ? {} : { extraKmPrice: car.extraKmPrice }),
    depositPaise: car.depositPaise,
    fuelEighthPrice: car.fuelEighthPrice,
    batteryTenthPrice: car.batteryTenthPrice,
    ownerName: owner.username,
    photos: car.photos,
    ratingCount: 0,
  };
}

/** The platform's own fleet as the server publishes it: the app's catalogue. */
export const fleet: PublicCar[] = catalogueCars.map(({ id, kmPerDayLimit, ...car }, index) => ({
  _id: uuid(201 + index),
  id: uuid(201 + index),
  kind: 'fleet',
  ...car,
  ...(kmPerDayLimit === null ? {} : { kmPerDayLimit }),
  ...defaultTripPrices(car.bodyType, kmPerDayLimit),
  payAtPickup: false,
  instantBooking: false,
  photos: [],
  ratingCount: 0,
}));

export function fleetCar(carName: string): PublicCar {
  const car = fleet.find((candidate) => candidate.carName === carName);
  if (!car) throw new Error(`no fleet car is called ${carName}`);
  return car;
}

/** Every car of the public list: the fleet, then ravi's two. */
/** The fleet's cities in the city list's order, as GET /api/car-cities answers for the fleet alone. */
export const fleetCities: City[] = CITIES.filter((city) => fleet.some((car) => car.city === city));

export const allCars: PublicCar[] = [...fleet, listed(swift), listed(creta)];

/** A renter's request: asha's for ravi's Maruti Swift, 8 hours with a driver, unless overridden. */
export function booking(overrides: Partial<Booking> = {}): Booking {
  return {
    _id: uuid(301),
    id: uuid(301),
    number: 'WOW-00301',
    car: { id: swift.id, kind: 'listed', carName: swift.carname, city: swift.city, pickupArea: swift.pickupArea },
    renter: { id: asha.id, username: asha.username },
    from: '2030-01-31T10:00:00+05:30',
    to: '2030-01-31T18:00:00+05:30',
    hours: 8,
    driver: true,
    pricePerHour: 40,
    pricePerDay: 40,
    total: 560,
    taxPaise: 0,
    taxLines: [],
    amountPaise: 56_000,
    status: 'requested',
    payment: { status: 'none', amountPaise: 56_000 },
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
    ...overrides,
  };
}

/** The sample posts as the server serves them: the app's data module with a slug. */
export const posts: BlogPost[] = blogPosts.map((post) => ({ ...post, _id: post.id, slug: slugify(post.title) }));

export function reply(n: number, fields: Pick<Reply, 'author' | 'content' | 'date'>): Reply {
  return { _id: uuid(n), id: uuid(n), deleted: false, ...fields };
}

export function comment(
  n: number,
  fields: Pick<Comment, 'post' | 'author' | 'content' | 'date'> & Partial<Pick<Comment, 'replies'>>,
): Comment {
  return { _id: uuid(n), id: uuid(n), deleted: false, replies: [], ...fields };
}

/** A success answer of the spec's owner-car reads (`/get-cars`, `/get-car/{id}`), which carry `code`. */
export function success<T>(data: T) {
  return { code: 200, message: 'success', data };
}

/** `items` as one page of a paged list answers it: the page's slice, with the whole list's total. */
export function paged<T>(items: T[], page = 1, pageSize = 24) {
  return { data: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
}
