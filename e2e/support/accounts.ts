import { randomBytes, randomInt } from 'node:crypto';
import { type BrowserContext, expect, type Page } from '@playwright/test';
import type { Booking, CodedAnswer, NewBooking, OwnerCar, OwnerCarInput, RegisterType } from '#domain/contract';
import { codeTextedTo } from './sms-outbox';

export interface TestAccount {
  role: RegisterType;
  username: string;
  email: string;
  password: string;
}

/** An account made by the helpers, with the mobile it proved as the account keeps it (`+91 98765 43210`). */
export interface RegisteredAccount extends TestAccount {
  phone: string;
}

/** The run shares one database, so every test makes accounts and cars whose names no other test uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export function newAccount(role: RegisterType): TestAccount {
  const username = uniqueName(role === 'owner' ? 'owner' : 'renter');
  return { role, username, email: `${username}@example.com`, password: `pass-${randomBytes(6).toString('hex')}` };
}

interface CallAnswer {
  ok: () => boolean;
  status: () => number;
  text: () => Promise<string>;
  json: () => Promise<unknown>;
}

async function expectOk(what: string, answer: Omit<CallAnswer, 'json'>) {
  if (!answer.ok()) throw new Error(`${what} answered ${answer.status()}: ${await answer.text()}`);
}

/** The JSON of a call that must succeed; `what` names the call when it does not. */
export async function ok<T>(what: string, answer: CallAnswer): Promise<T> {
  await expectOk(what, answer);
  return (await answer.json()) as T;
}

/**
 * Set-up through the API, for tests whose subject is elsewhere: calls made with the context's
 * request object share its cookies, so registering here, which signs the account in, signs the browser in.
 */
async function postRegistration(context: BrowserContext, account: TestAccount): Promise<RegisteredAccount> {
  const body = {
    username: account.username,
    email: account.email,
    password: account.password,
    confirmPassword: account.password,
    ...(account.role === 'owner' ? { phoneNumber: '+91 98765 43210', country: 'India' } : {}),
  };
  await expectOk(`POST /register/${account.role}`, await context.request.post(`/register/${account.role}`, { data: body }));
  return { ...account, phone: await verifyPhoneThroughApi(context) };
}

/**
 * Proves a new mobile for the signed-in account of `context` as a person would, with the code the
 * server texted (to its sms-outbox folder): a first booking request and payout details need one.
 */
export async function verifyPhoneThroughApi(context: BrowserContext): Promise<string> {
  const mobile = `9${randomInt(100_000_000, 1_000_000_000)}`;
  const json = { 'Content-Type': 'application/json' };
  await expectOk(
    'POST /api/account/phone/code',
    await context.request.post('/api/account/phone/code', { data: { phoneNumber: mobile }, headers: json }),
  );
  const code = await codeTextedTo(mobile);
  const { user } = await ok<{ user: { phoneNumber: string } }>(
    'POST /api/account/phone/confirm',
    await context.request.post('/api/account/phone/confirm', { data: { code }, headers: json }),
  );
  return user.phoneNumber;
}

/** Registers the account and signs the browser out again: the test goes on as a visitor who has an account. */
export async function registerThroughApi(context: BrowserContext, account: TestAccount): Promise<void> {
  await postRegistration(context, account);
  // The server takes a request that changes something only as JSON, even one without a body.
  await expectOk(
    'DELETE /api/session',
    await context.request.delete('/api/session', { headers: { 'Content-Type': 'application/json' } }),
  );
}

export async function signInThroughApi(context: BrowserContext, account: TestAccount): Promise<void> {
  const path = account.role === 'owner' ? '/ownerloginSchema' : '/carsSchema';
  await expectOk(
    `POST ${path}`,
    await context.request.post(path, { data: { email: account.email, password: account.password } }),
  );
}

export async function registerAndSignIn(context: BrowserContext, role: RegisterType): Promise<RegisteredAccount> {
  return postRegistration(context, newAccount(role));
}

/** Lists a car for the signed-in owner of `context` and answers it as the owner's list shows it. */
export async function addCarThroughApi(context: BrowserContext, car: OwnerCarInput): Promise<OwnerCar> {
  await expectOk('POST /add-cars', await context.request.post('/add-cars', { data: car }));
  const list = await context.request.get('/get-cars');
  await expectOk('GET /get-cars', list);
  const { data } = (await list.json()) as CodedAnswer<OwnerCar[]>;
  const added = data.find((listed) => listed.carname === car.carname);
  if (!added) throw new Error(`${car.carname} is not in the owner's list after adding it`);
  return added;
}

const HOUR_MS = 60 * 60 * 1000;

/** A whole hour `hours` from now, so a period's hours are whole. */
export function wholeHourIn(hours: number): Date {
  return new Date(Math.ceil(Date.now() / HOUR_MS) * HOUR_MS + hours * HOUR_MS);
}

/** Asks for `car` unpaid (a car paid at pickup) as the signed-in renter of `context`, for `hours` from `from`. */
export async function requestThroughApi(
  context: BrowserContext,
  car: Pick<OwnerCar, 'id'>,
  { from, hours, driver = false }: { from: Date; hours: number; driver?: boolean },
): Promise<Booking> {
  const request: NewBooking = {
    carName: car.id,
    from: from.toISOString(),
    to: new Date(from.getTime() + hours * HOUR_MS).toISOString(),
    driver,
  };
  return ok<Booking>('POST /api/bookings', await context.request.post('/api/bookings', { data: request }));
}

/** Accepts a request as the owner's page does: a bodiless step names the page it comes from, the site at `baseURL`. */
export async function acceptThroughApi(context: BrowserContext, baseURL: string, booking: Pick<Booking, 'id'>): Promise<Booking> {
  return ok<Booking>(
    `accept ${booking.id}`,
    await context.request.post(`/api/bookings/${booking.id}/accept`, { headers: { origin: new URL(baseURL).origin } }),
  );
}

/** Signs an admin in through the sign-in page, as a person would, and waits for the console it lands on. */
export async function signInAsAdmin(page: Page, admin: Pick<TestAccount, 'email' | 'password'>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Admin console/ })).toBeVisible();
}
