import { http, HttpResponse } from 'msw';
import { API } from '../api';
import type {
  Account,
  Credentials,
  ErrorBody,
  LoginAnswer,
  OwnerRegistration,
  RegisterAnswer,
  Role,
  SessionAnswer,
  SessionLogin,
} from '../../../src/domain/contract';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../src/domain/limits';

/** Every seeded account signs in with this password. */
export const SEEDED_PASSWORD = 'correct-horse-42';

const CREATED_AT = '2026-01-01T10:00:00.000Z';
const MAX_FAILURES_PER_EMAIL = 10;

/** One account of each role (ravi is the owner the marketplace fake lists a car for), plus a second owner. */
const SEEDED: Record<Role, Account> & { otherOwner: Account } = {
  user: { _id: 'account-user-1', id: 'account-user-1', username: 'asha', email: 'asha@example.com', role: 'user', createdAt: CREATED_AT },
  owner: {
    _id: 'account-owner-1',
    id: 'account-owner-1',
    username: 'ravi',
    email: 'ravi@example.com',
    role: 'owner',
    phoneNumber: '+91 98765 43210',
    country: 'India',
    createdAt: CREATED_AT,
  },
  admin: { _id: 'account-admin-1', id: 'account-admin-1', username: 'admin', email: 'admin@example.com', role: 'admin', createdAt: CREATED_AT },
  otherOwner: {
    _id: 'account-owner-2',
    id: 'account-owner-2',
    username: 'meera',
    email: 'meera@example.com',
    role: 'owner',
    phoneNumber: '+91 91234 56789',
    country: 'India',
    createdAt: CREATED_AT,
  },
};

interface StoredAccount {
  account: Account;
  password: string;
}

let accounts: StoredAccount[] = [];
/** The fake of the session cookie: whose session the browser holds. */
let signedInId: string | null = null;
let failuresByEmail = new Map<string, number>();
let nextNumber = 1;

export function resetAccounts(): void {
  accounts = Object.values(SEEDED).map((account) => ({ account, password: SEEDED_PASSWORD }));
  signedInId = null;
  failuresByEmail = new Map();
  nextNumber = 1;
}

/** The seeded account of a role; `otherOwner` owns cars the signed-in owner must never see. */
export function seededAccount(who: Role | 'otherOwner'): Account {
  return SEEDED[who];
}

/** Starts a test with the seeded account of `role` already signed in. */
export function signInAs(role: Role): Account {
  signedInId = SEEDED[role].id;
  return SEEDED[role];
}

/** Who holds the session, for the other fakes that need a signed-in caller. */
export function signedInAccount(): Account | null {
  return accounts.find((stored) => stored.account.id === signedInId)?.account ?? null;
}

function error(status: number, message: string, headers?: Record<string, string>) {
  return HttpResponse.json({ message } satisfies ErrorBody, { status, headers });
}

function findByLogin(login: string, acceptUsername: boolean): StoredAccount | undefined {
  const wanted = login.trim().toLowerCase();
  return accounts.find(
    (stored) =>
      stored.account.email === wanted || (acceptUsername && stored.account.username.toLowerCase() === wanted),
  );
}

const withArticle: Record<Role, string> = { user: 'a user', owner: 'an owner', admin: 'an admin' };
const whereToSignIn: Record<Role, string> = {
  user: 'sign in on the user tab',
  owner: 'sign in on the owner tab',
  admin: 'use the sign-in page',
};

/**
 * The shared sign-in check: the same 401 for an unknown login and a wrong password, a 429 once
 * one login has failed too often, a 403 when the account is not of the form's role.
 */
function signIn(login: unknown, password: unknown, options: { role?: Role; acceptUsername: boolean }) {
  if (typeof password !== 'string' || password === '') return error(400, 'password is required.');
  const key = String(login ?? '').trim().toLowerCase();
  if ((failuresByEmail.get(key) ?? 0) >= MAX_FAILURES_PER_EMAIL) {
    return error(429, 'Too many sign-in attempts. Please wait 15 minutes and try again.', { 'Retry-After': '900' });
  }
  const stored = findByLogin(key, options.acceptUsername);
  if (!stored || stored.password !== password) {
    failuresByEmail.set(key, (failuresByEmail.get(key) ?? 0) + 1);
    return error(401, 'Invalid email or password.');
  }
  const { account } = stored;
  if (options.role && account.role !== options.role) {
    return error(403, `This is ${withArticle[account.role]} account: ${whereToSignIn[account.role]}.`);
  }
  failuresByEmail.delete(key);
  signedInId = account.id;
  return HttpResponse.json({ message: 'Login successful', user: account } satisfies LoginAnswer);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function register(body: Partial<OwnerRegistration>, role: 'user' | 'owner') {
  const required: (keyof OwnerRegistration)[] =
    role === 'owner'
      ? ['username', 'email', 'phoneNumber', 'country', 'password', 'confirmPassword']
      : ['username', 'email', 'password', 'confirmPassword'];
  for (const field of required) {
    const value = body[field];
    if (typeof value !== 'string' || value.trim() === '') return error(400, `${field} is required.`);
  }
  const email = String(body.email).trim().toLowerCase();
  const username = String(body.username).trim();
  const password = String(body.password);
  if (!EMAIL_PATTERN.test(email)) return error(400, 'email must be a valid email address.');
  if (password.length < PASSWORD_MIN || password.length > PASSWORD_MAX) {
    return error(400, `password must be ${PASSWORD_MIN} to ${PASSWORD_MAX} characters.`);
  }
  if (password !== body.confirmPassword) return error(400, 'Passwords do not match.');
  const taken = accounts.some(
    (stored) => stored.account.email === email || stored.account.username.toLowerCase() === username.toLowerCase(),
  );
  if (taken) return error(409, 'An account with this email or username already exists.');

  const id = `account-new-${nextNumber++}`;
  const account: Account = {
    _id: id,
    id,
    username,
    email,
    role,
    ...(role === 'owner' ? { phoneNumber: String(body.phoneNumber), country: String(body.country) } : {}),
    createdAt: new Date().toISOString(),
  };
  accounts.push({ account, password });
  const message = role === 'owner' ? 'Registration Successful' : 'Successfully Registered';
  return HttpResponse.json({ message, user: account } satisfies RegisterAnswer, { status: 201 });
}

export const accountHandlers = [
  http.post(`${API}/register/:userType`, async ({ request, params }) => {
    const { userType } = params;
    if (userType !== 'user' && userType !== 'owner') return error(404, 'There is no such kind of account.');
    return register((await request.json()) as Partial<OwnerRegistration>, userType);
  }),

  http.post(`${API}/carsSchema`, async ({ request }) => {
    const body = (await request.json()) as Partial<Credentials>;
    return signIn(body.email, body.password, { role: 'user', acceptUsername: false });
  }),

  http.post(`${API}/ownerloginSchema`, async ({ request }) => {
    const body = (await request.json()) as Partial<Credentials>;
    return signIn(body.email, body.password, { role: 'owner', acceptUsername: false });
  }),

  http.post(`${API}/`, async ({ request }) => {
    const body = (await request.json()) as Partial<Credentials>;
    return signIn(body.email, body.password, { acceptUsername: true });
  }),

  http.post(`${API}/api/session`, async ({ request }) => {
    const body = (await request.json()) as Partial<SessionLogin>;
    return signIn(body.login, body.password, { acceptUsername: true });
  }),

  http.get(`${API}/api/session`, () => {
    const account = signedInAccount();
    if (!account) return error(401, 'You are not signed in.');
    return HttpResponse.json({ user: account } satisfies SessionAnswer);
  }),

  http.delete(`${API}/api/session`, () => {
    signedInId = null;
    return new HttpResponse(null, { status: 204 });
  }),
];
