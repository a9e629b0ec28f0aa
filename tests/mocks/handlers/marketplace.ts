import { http, HttpResponse } from 'msw';
import { API } from '../api';
import { seededAccount, signedInAccount } from './accounts';
import { storedCarsOf } from './owner-cars';
import { catalogueCars } from '../../../src/data/cars';
import { bookingTotal } from '../../../src/domain/booking-total';
import { BOOKING_MAX_HOURS, BOOKING_PAST_GRACE_MS } from '../../../src/domain/limits';
import { nextStatus, type BookingActor } from '../../../src/domain/booking-states';
import type {
  Account,
  Booking,
  BookingAction,
  ContactMessage,
  ErrorBody,
  NewBooking,
  NewsletterSignup,
  PublicCar,
} from '../../../src/domain/contract';

/** The platform's fleet as the server publishes it: the catalogue, ids prefixed so they never clash with listed cars. */
const fleet: PublicCar[] = catalogueCars.map(({ id, ...car }) => ({ _id: `fleet-${id}`, id: `fleet-${id}`, kind: 'fleet', ...car }));

/**
 * The owners' cars as the public list shows them, read from the owner-cars fake so an edit there shows
 * here too. Only the two seeded owners are read: that fake lists cars per owner.
 */
function listedCars(): PublicCar[] {
  return (['owner', 'otherOwner'] as const).flatMap((who) => {
    const owner = seededAccount(who);
    return storedCarsOf(owner.id).map((car) => ({
      _id: car.id,
      id: car.id,
      kind: 'listed' as const,
      carName: car.carname,
      imgUrl: car.url,
      price: car.price,
      description: car.description,
      ownerName: owner.username,
    }));
  });
}

let bookings: Booking[] = [];
let contactMessages: ContactMessage[] = [];
let newsletterEmails: string[] = [];
let nextBookingNumber = 1;

export function resetMarketplace(): void {
  bookings = [];
  contactMessages = [];
  newsletterEmails = [];
  nextBookingNumber = 1;
}

/** What the fake has received, for tests that check a request really was (or was not) sent. */
export function marketplaceRecords() {
  return { bookings, contactMessages, newsletterEmails };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function error(status: number, message: string) {
  return HttpResponse.json<ErrorBody>({ message }, { status });
}

function allCars(): PublicCar[] {
  return [...fleet, ...listedCars()];
}

/** As the server does: an owner's car by its id, else any car by its name in any letter case. */
function findCar(nameOrId: string): PublicCar | undefined {
  const wanted = nameOrId.toLowerCase();
  const cars = allCars();
  return cars.find((car) => car.kind === 'listed' && car.id === nameOrId) ?? cars.find((car) => car.carName.toLowerCase() === wanted);
}

function overlapsAcceptedBooking(car: PublicCar, from: number, to: number): boolean {
  return bookings.some(
    (b) => b.status === 'accepted' && b.car.id === car.id && new Date(b.from).getTime() < to && from < new Date(b.to).getTime(),
  );
}

function numberParam(params: URLSearchParams, name: string): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  const value = Number(raw);
  return Number.isFinite(value) ? value : undefined;
}

/** Whether `account` answers for the booking's car as its renter, as the car's owner (an admin for fleet cars), or not at all. */
function actorFor(account: Account, booking: Booking): BookingActor | undefined {
  if (booking.renter.id === account.id) return 'renter';
  const car = findCar(booking.car.carName);
  if (car?.kind === 'fleet' ? account.role === 'admin' : car?.ownerName === account.username) return 'carKeeper';
  return undefined;
}

/** Puts a booking in the fake directly, for tests that start with requests already made. */
export function addBooking(booking: Booking): void {
  bookings = [booking, ...bookings];
}

export const marketplaceHandlers = [
  http.get(`${API}/api/cars`, ({ request }) => {
    const params = new URL(request.url).searchParams;
    const maxPrice = numberParam(params, 'maxPrice');
    const minPrice = numberParam(params, 'minPrice');
    const q = params.get('q')?.trim().toLowerCase();
    const sort = params.get('sort');
    const from = params.get('from');
    const to = params.get('to');
    // As the server: availability is asked for as a whole period.
    if (Boolean(from) !== Boolean(to)) return error(400, from ? 'To is required with from.' : 'From is required with to.');
    if (from && to && new Date(to) <= new Date(from)) return error(400, 'To must be after from.');
    let cars = allCars().filter(
      (car) =>
        (maxPrice === undefined || car.price <= maxPrice) &&
        (minPrice === undefined || car.price >= minPrice) &&
        (!q || car.carName.toLowerCase().includes(q)),
    );
    if (from && to) {
      const start = new Date(from).getTime();
      const end = new Date(to).getTime();
      cars = cars.filter((car) => !overlapsAcceptedBooking(car, start, end));
    }
    if (sort === 'price-asc') cars = [...cars].sort((a, b) => a.price - b.price);
    if (sort === 'price-desc') cars = [...cars].sort((a, b) => b.price - a.price);
    return HttpResponse.json({ data: cars });
  }),

  http.get(`${API}/api/cars/:carName`, ({ params }) => {
    const car = findCar(String(params.carName));
    return car ? HttpResponse.json(car) : error(404, 'No car has that name.');
  }),

  http.post(`${API}/api/bookings`, async ({ request }) => {
    const account = signedInAccount();
    if (!account) return error(401, 'Please sign in to book a car.');
    if (account.role !== 'user') return error(403, 'Only renters can book a car.');
    const body = (await request.json()) as Partial<NewBooking>;
    const car = findCar(String(body.carName ?? ''));
    if (!car) return error(404, 'No car has that name.');
    const from = new Date(String(body.from));
    const to = new Date(String(body.to));
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return error(400, 'from and to must be dates.');
    if (to <= from) return error(400, 'The end of the period must be after its start.');
    if (from.getTime() < Date.now() - BOOKING_PAST_GRACE_MS) return error(400, 'The period cannot start in the past.');
    const { hours, total, amountPaise } = bookingTotal(from, to, car.price, Boolean(body.driver));
    if (hours < 1) return error(400, 'Book at least one hour.');
    if (hours > BOOKING_MAX_HOURS) return error(400, `Book at most ${BOOKING_MAX_HOURS} hours.`);
    if (overlapsAcceptedBooking(car, from.getTime(), to.getTime())) {
      return error(409, 'This car is already booked for part of that period.');
    }
    const id = `booking-${nextBookingNumber++}`;
    const now = new Date().toISOString();
    const booking: Booking = {
      _id: id,
      id,
      car: { id: car.id, kind: car.kind, carName: car.carName },
      renter: { id: account.id, username: account.username },
      from: String(body.from),
      to: String(body.to),
      hours,
      driver: Boolean(body.driver),
      pricePerDay: car.price,
      total,
      amountPaise,
      status: 'requested',
      ...(body.paymentToken ? { paymentRef: body.paymentToken } : {}),
      createdAt: now,
      updatedAt: now,
    };
    bookings = [booking, ...bookings];
    return HttpResponse.json(booking, { status: 201 });
  }),

  http.get(`${API}/api/bookings`, () => {
    const account = signedInAccount();
    if (!account) return error(401, 'Please sign in to see your bookings.');
    const visible = bookings.filter((b) => {
      if (account.role === 'admin') return true;
      if (account.role === 'owner') return findCar(b.car.carName)?.ownerName === account.username;
      return b.renter.id === account.id;
    });
    return HttpResponse.json({ data: visible });
  }),

  http.post(`${API}/api/bookings/:id/:action`, ({ params }) => {
    const account = signedInAccount();
    if (!account) return error(401, 'Please sign in.');
    const index = bookings.findIndex((b) => b.id === params.id);
    const booking = bookings[index];
    const who = booking ? actorFor(account, booking) : undefined;
    if (!booking || !who) return error(404, 'No such booking.');
    const to = nextStatus(booking.status, String(params.action) as BookingAction, who);
    if (!to) return error(409, `This booking is ${booking.status}: that step is not possible.`);
    if (to === 'accepted' && overlapsAcceptedBooking(findCar(booking.car.carName)!, new Date(booking.from).getTime(), new Date(booking.to).getTime())) {
      return error(409, 'This car is already booked for part of that period.');
    }
    const updated: Booking = { ...booking, status: to, updatedAt: new Date().toISOString() };
    bookings = bookings.map((b, i) => (i === index ? updated : b));
    return HttpResponse.json(updated);
  }),

  http.post(`${API}/api/contact`, async ({ request }) => {
    const body = (await request.json()) as Partial<ContactMessage>;
    if (!body.name?.trim()) return error(400, 'Please enter your name.');
    if (!body.email || !EMAIL.test(body.email)) return error(400, 'Please enter a valid email address.');
    if (!body.message?.trim()) return error(400, 'Please write a message.');
    contactMessages.push({ name: body.name, email: body.email, message: body.message });
    return HttpResponse.json({ message: 'Thanks, we will get back to you soon.' }, { status: 201 });
  }),

  http.post(`${API}/api/newsletter`, async ({ request }) => {
    const body = (await request.json()) as Partial<NewsletterSignup>;
    if (!body.email || !EMAIL.test(body.email)) return error(400, 'Please enter a valid email address.');
    const email = body.email.toLowerCase();
    if (!newsletterEmails.includes(email)) newsletterEmails.push(email);
    return HttpResponse.json({ message: 'Thanks for subscribing.' }, { status: 201 });
  }),
];
