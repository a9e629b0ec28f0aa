import { randomBytes, randomInt } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { indiaTime } from '../../tests/marketplace-helpers';

/** The API over HTTP, as the app calls it, for tests against a server process. */

export interface Answer {
  status: number;
  headers: Headers;
  body: unknown;
}

/** One request; the JSON content type on every write, as a client that is no browser page must send it. */
export async function call(
  baseURL: string,
  method: 'GET' | 'POST',
  path: string,
  options: { cookie?: string; body?: unknown; signal?: AbortSignal } = {},
): Promise<Answer> {
  const response = await fetch(`${baseURL}${path}`, {
    method,
    headers: {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...(method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: kept as text for the failure message.
  }
  return { status: response.status, headers: response.headers, body };
}

export interface Person {
  username: string;
  email: string;
  password: string;
  role: 'user' | 'owner';
}

export function newPerson(role: Person['role'], prefix = 'rel'): Person {
  const tag = randomBytes(5).toString('hex');
  return { username: `${prefix}${tag}`, email: `${prefix}${tag}@example.in`, password: `pass-word-${tag}`, role };
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

export async function registerPerson(baseURL: string, person: Person): Promise<void> {
  const details = person.role === 'owner' ? { phoneNumber: '+91 98765 43210', country: 'India' } : {};
  const { role: _role, ...account } = person;
  const answer = await call(baseURL, 'POST', `/register/${person.role}`, {
    body: { ...account, confirmPassword: person.password, ...details },
  });
  expectStatus(answer, 201, 'registering');
}

/** The code last texted to `tenDigits`, from the server's sms-outbox folder (no SMS provider set); waits up to 15 s. */
async function codeTextedTo(dataDir: string, tenDigits: string): Promise<string> {
  const folder = path.join(dataDir, 'sms-outbox');
  for (let tries = 0; tries < 150; tries += 1) {
    const files = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith(`-91${tenDigits}.txt`));
    const newest = files.sort().at(-1);
    const code = newest && (await readFile(path.join(folder, newest), 'utf8')).match(/\b(\d{6}) is your/)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code was texted to ${tenDigits}`);
}

/** Proves a new mobile for the signed-in person, as the account page does: a first booking request needs one. */
export async function verifyPhone(baseURL: string, cookie: string, dataDir: string): Promise<void> {
  const tenDigits = `9${randomInt(100_000_000, 1_000_000_000)}`;
  expectStatus(
    await call(baseURL, 'POST', '/api/account/phone/code', { cookie, body: { phoneNumber: tenDigits } }),
    200,
    'texting a code',
  );
  const code = await codeTextedTo(dataDir, tenDigits);
  expectStatus(await call(baseURL, 'POST', '/api/account/phone/confirm', { cookie, body: { code } }), 200, 'confirming the code');
}

/** Signs in and returns the `cookie` header that carries the new session. */
export async function signInPerson(baseURL: string, person: Person): Promise<string> {
  const response = await fetch(`${baseURL}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login: person.email, password: person.password }),
  });
  if (response.status !== 200) throw new Error(`signing in: ${response.status} ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => /^(__Host-)?session=/.test(line));
  if (!cookie) throw new Error('signing in set no session cookie');
  return cookie.split(';', 1)[0] ?? '';
}

/** The signed-in person's username, or undefined when the session is not known (401). */
export async function whoIsSignedIn(baseURL: string, cookie: string): Promise<string | undefined> {
  const answer = await call(baseURL, 'GET', '/api/session', { cookie });
  if (answer.status === 401) return undefined;
  expectStatus(answer, 200, 'reading the session');
  return (answer.body as { user: { username: string } }).user.username;
}

export const BLOG_POST = 'the-best-way-to-drive-cars';

export async function postComment(baseURL: string, cookie: string, content: string): Promise<void> {
  expectStatus(
    await call(baseURL, 'POST', '/api/comments/get-comment', { cookie, body: { content, post: BLOG_POST } }),
    201,
    'commenting',
  );
}

/** Every comment on the post, page by page: the bare list answers only the newest 200. */
export async function commentTexts(baseURL: string): Promise<Set<string>> {
  const texts = new Set<string>();
  for (let page = 1; ; page += 1) {
    const answer = await call(baseURL, 'GET', `/api/comments/get-comment?post=${BLOG_POST}&page=${page}&pageSize=100`);
    expectStatus(answer, 200, 'listing comments');
    const { data, total } = answer.body as { data: Array<{ content: string }>; total: number };
    for (const comment of data) texts.add(comment.content);
    if (data.length === 0 || page * 100 >= total) return texts;
  }
}

export async function addCar(baseURL: string, cookie: string, carname: string): Promise<void> {
  const body = { url: '/images/cars/audi-fiesta.svg', carname, description: 'A well-kept car.', price: 500 };
  expectStatus(await call(baseURL, 'POST', '/add-cars', { cookie, body }), 201, 'listing a car');
}

export async function carIsListed(baseURL: string, carname: string): Promise<boolean> {
  const answer = await call(baseURL, 'GET', `/api/cars/${encodeURIComponent(carname)}`);
  if (answer.status === 404) return false;
  expectStatus(answer, 200, 'reading a car');
  return true;
}

/** Asks for a fleet car for a few hours `daysAhead` days from now; returns the booking's id. */
export async function requestFleetBooking(baseURL: string, cookie: string, daysAhead: number): Promise<string> {
  const body = { carName: 'maruti dzire', from: indiaTime(daysAhead, '10:00'), to: indiaTime(daysAhead, '14:00'), driver: false };
  const answer = await call(baseURL, 'POST', '/api/bookings', { cookie, body });
  expectStatus(answer, 201, 'requesting a booking');
  return (answer.body as { id: string }).id;
}

export async function bookingExists(baseURL: string, cookie: string, id: string): Promise<boolean> {
  const answer = await call(baseURL, 'GET', `/api/bookings/${id}`, { cookie });
  if (answer.status === 404) return false;
  expectStatus(answer, 200, 'reading a booking');
  return true;
}
