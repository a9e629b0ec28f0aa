import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addCar,
  bookingExists,
  carIsListed,
  commentTexts,
  newPerson,
  type Person,
  postComment,
  registerPerson,
  requestFleetBooking,
  verifyPhone,
  signInPerson,
  whoIsSignedIn,
} from './support/api-client';
import { type ServerProcessOptions, startServerProcess, withScratchPostgres } from './support/server-process';

/**
 * A crash must lose no acknowledged write: every write the server acknowledged before it was killed
 * is there after it restarts. 50 writers sign up, sign in, list cars, comment and ask for bookings
 * as fast as they are answered; the server is SIGKILLed mid-stream (no shutdown, no flush), started
 * again, and everything acknowledged so far is looked for through the API, three times on each
 * database.
 */

const WRITERS = 50;
const ROUNDS = 3;
/** How long the writers run before each kill: long enough for hundreds of writes. */
const WRITING_MS = 3_000;
/** Requests at once while checking, so the check is quick without being a flood of its own. */
const CHECKS_AT_ONCE = 16;
/** The lowest cost the server takes from its environment: sign-ups are the writers' slowest step. */
const CHEAPEST_HASHES = { SCRYPT_COST: '16384' };

interface Ledger {
  /** Accounts acknowledged (201), with the session cookie when the sign-in was acknowledged too. */
  accounts: Array<{ person: Person; cookie?: string }>;
  cars: string[];
  comments: string[];
  bookings: Array<{ cookie: string; id: string }>;
}

const count = (ledger: Ledger) =>
  ledger.accounts.length +
  ledger.accounts.filter((account) => account.cookie).length +
  ledger.cars.length +
  ledger.comments.length +
  ledger.bookings.length;

/**
 * `step`'s answer, or undefined when the server shed it (503: more sign-ups or sign-ins than its
 * password hashing keeps up with), after a pause: not acknowledged, so asked again by the caller.
 */
async function unlessShed<T>(step: () => Promise<T>): Promise<T | undefined> {
  try {
    return await step();
  } catch (error) {
    if (!/(registering|signing in): 503/.test(String(error))) throw error;
    await new Promise((resolve) => setTimeout(resolve, 250));
    return undefined;
  }
}

/** Writes one account makes before the writer signs up another, within every per-account quota. */
const WRITES_PER_ACCOUNT = 8;

/** One writer: people who sign up, sign in, then list cars or ask for bookings and comment; each write recorded once acknowledged. */
async function write(
  baseURL: string,
  dataDir: string,
  writer: number,
  ledger: Ledger,
  until: { killing: boolean },
): Promise<void> {
  while (!until.killing) {
    const person = newPerson(writer % 2 === 0 ? 'owner' : 'user', `crash${writer}x`);
    const registered = await unlessShed(() => registerPerson(baseURL, person).then(() => true));
    if (!registered) continue;
    const account: Ledger['accounts'][number] = { person };
    ledger.accounts.push(account);
    let cookie: string | undefined;
    while (!cookie && !until.killing) cookie = await unlessShed(() => signInPerson(baseURL, person));
    if (!cookie) return;
    account.cookie = cookie;
    if (person.role === 'user') await verifyPhone(baseURL, cookie, dataDir);
    for (let turn = 0; turn < WRITES_PER_ACCOUNT && !until.killing; turn += 1) {
      if (person.role === 'owner') {
        const carname = `Crash Car ${person.username} ${turn}`;
        await addCar(baseURL, cookie, carname);
        ledger.cars.push(carname);
      } else {
        // A day of its own for each request: one renter's overlapping requests for a car are refused.
        ledger.bookings.push({ cookie, id: await requestFleetBooking(baseURL, cookie, 3 + turn) });
      }
      const comment = `Acknowledged comment ${turn} by ${person.username}`;
      await postComment(baseURL, cookie, comment);
      ledger.comments.push(comment);
    }
  }
}

/** Runs `checks` a few at a time; each resolves to the writes it did not find. */
async function countMissing(checks: Array<() => Promise<string[]>>): Promise<string[]> {
  const lost: string[] = [];
  for (let index = 0; index < checks.length; index += CHECKS_AT_ONCE) {
    const results = await Promise.all(checks.slice(index, index + CHECKS_AT_ONCE).map((check) => check()));
    lost.push(...results.flat());
  }
  return lost;
}

/** Whether the person can sign in (their account was kept); a sign-in the server shed is asked again, as it proves nothing. */
async function canSignIn(baseURL: string, person: Person): Promise<boolean> {
  for (;;) {
    try {
      if (await unlessShed(() => signInPerson(baseURL, person))) return true;
    } catch (error) {
      if (String(error).includes('signing in: 401')) return false;
      throw error;
    }
  }
}

/** The ledger's writes the server does not answer now, each named, so a loss says what was lost. */
async function missing(baseURL: string, ledger: Ledger): Promise<string[]> {
  const comments = await commentTexts(baseURL);
  const checks: Array<() => Promise<string[]>> = [];
  for (const { person, cookie } of ledger.accounts) {
    checks.push(async () => {
      // The session names its account: both the sign-up and the sign-in were kept.
      if (cookie && (await whoIsSignedIn(baseURL, cookie)) === person.username) return [];
      const lost = cookie ? [`the session of ${person.username}`] : [];
      return (await canSignIn(baseURL, person)) ? lost : [...lost, `the account ${person.username}`];
    });
  }
  for (const car of ledger.cars) checks.push(async () => ((await carIsListed(baseURL, car)) ? [] : [`the car ${car}`]));
  for (const { cookie, id } of ledger.bookings) {
    checks.push(async () => ((await bookingExists(baseURL, cookie, id)) ? [] : [`the booking ${id}`]));
  }
  const lostComments = ledger.comments.filter((comment) => !comments.has(comment)).map((comment) => `the comment "${comment}"`);
  return [...(await countMissing(checks)), ...lostComments];
}

async function killAndRestartRounds(label: string, options: ServerProcessOptions & { dataDir: string }): Promise<void> {
  const { dataDir } = options;
  const ledger: Ledger = { accounts: [], cars: [], comments: [], bookings: [] };
  let server = await startServerProcess(options);
  try {
    for (let round = 1; round <= ROUNDS; round += 1) {
      const before = count(ledger);
      const until = { killing: false };
      const failures: unknown[] = [];
      const writers = Array.from({ length: WRITERS }, (_, writer) =>
        write(server.baseURL, dataDir, writer, ledger, until).catch((error: unknown) => {
          // After the kill every writer fails; before it, none may.
          if (!until.killing) failures.push(error);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, WRITING_MS));
      until.killing = true;
      await server.kill();
      await Promise.all(writers);
      expect(failures.map(String)).toEqual([]);

      const acknowledged = count(ledger);
      server = await startServerProcess(options);
      const lost = await missing(server.baseURL, ledger);
      console.log(`${label}, round ${round}: acknowledged ${acknowledged}, lost ${lost.length}`);
      // Each round added writes of its own before its kill.
      expect(acknowledged).toBeGreaterThan(before);
      expect(lost).toEqual([]);
    }
  } finally {
    await server.stop();
  }
}

describe('writes acknowledged before a SIGKILL', () => {
  it(`are all found after each of ${ROUNDS} kills and restarts on PGlite`, async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'wow-crash-'));
    try {
      await killAndRestartRounds('PGlite', { dataDir: path.join(root, 'data'), env: CHEAPEST_HASHES });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  const serverUrl = process.env.TEST_DATABASE_URL;
  // Generated only where a PostgreSQL server is given, as the server tests' `onPostgres` does.
  for (const postgresUrl of serverUrl ? [serverUrl] : []) {
    it(`are all found after each of ${ROUNDS} kills and restarts on PostgreSQL`, () =>
      withScratchPostgres(postgresUrl, async (databaseUrl) => {
        // Its data folder holds only the texts the renters read their codes from.
        const root = await mkdtemp(path.join(tmpdir(), 'wow-crash-'));
        try {
          await killAndRestartRounds('PostgreSQL', { databaseUrl, dataDir: path.join(root, 'data'), env: CHEAPEST_HASHES });
        } finally {
          await rm(root, { recursive: true, force: true });
        }
      }));
  }
});
