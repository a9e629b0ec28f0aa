import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { slowdownMs } from '../src/accounts/sign-in';
import { hashQueue, type HashQueue, SIGN_INS_WAITING_PER_ADDRESS } from '../src/auth/hash-queue';
import { movableClock } from '../src/clock/clock';
import { mailOutbox, signInFailures } from '../src/db/schema';
import { buildTestApp, closeTestApp, newAccount, register, testConfig } from './helpers';

// Sign-ins wait for their hash in a bounded line, fair between addresses; a login guessed past the
// slowdown's threshold is checked one attempt at a time, and its owner is told once a day.

/**
 * The app's real hash queue, one hash at a time, counting the hashes it starts; `holdNext` holds
 * the next hash to start at its start until its `release`, so a test sees what happens meanwhile.
 */
function watchedHashQueue() {
  const queue = hashQueue(1);
  let started = 0;
  let hold: { reached: () => void; held: Promise<void> } | undefined;
  const watched: HashQueue = {
    enter: (lane, key, job) =>
      queue.enter(lane, key, (turn) =>
        job((work) =>
          turn(async () => {
            started += 1;
            const holding = hold;
            hold = undefined;
            if (holding) {
              holding.reached();
              await holding.held;
            }
            return work();
          }),
        ),
      ),
  };
  return {
    queue: watched,
    started: () => started,
    holdNext() {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let reached = () => {};
      const reachedHash = new Promise<void>((resolve) => {
        reached = resolve;
      });
      hold = { reached, held };
      return { reachedHash, release };
    },
  };
}

const hashes = watchedHashQueue();
const clock = movableClock(new Date('2026-11-20T10:00:00Z'));
const { publicUrl } = testConfig();
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp({}, { clock, hashQueue: hashes.queue });
});
afterAll(() => closeTestApp(app));

function signIn(login: string, password: string, remoteAddress: string) {
  return app.inject({ method: 'POST', url: '/api/session', payload: { login, password }, remoteAddress });
}

async function failuresFrom(address: string): Promise<number> {
  const [row] = await app.db.select({ n: count() }).from(signInFailures).where(eq(signInFailures.address, address));
  return row?.n ?? 0;
}

/** The first `n` of `answers` to arrive, in the order they arrived. */
function firstAnswers(answers: Promise<LightMyRequestResponse>[], n: number): Promise<LightMyRequestResponse[]> {
  const arrived: LightMyRequestResponse[] = [];
  return new Promise((resolve, reject) => {
    for (const answer of answers) {
      answer.then((response) => {
        arrived.push(response);
        if (arrived.length === n) resolve([...arrived]);
      }, reject);
    }
  });
}

describe('a flood of sign-ins from one address', () => {
  it(`lets ${SIGN_INS_WAITING_PER_ADDRESS} wait behind its hash and turns the rest away at once with 503, uncounted and unhashed, while another address signs in`, async () => {
    const person = await register(app, 'user');
    const flood = '10.20.0.1';
    const { reachedHash, release } = hashes.holdNext();
    const first = signIn(newAccount().email, 'wrong-password', flood);
    await reachedHash;
    const hashedBefore = hashes.started();

    const more = Array.from({ length: SIGN_INS_WAITING_PER_ADDRESS + 4 }, () =>
      signIn(newAccount().email, 'wrong-password', flood),
    );
    // The flood's first hash is held: the answers that come now are the ones turned away.
    const turnedAway = await firstAnswers(more, 4);
    for (const response of turnedAway) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('3');
      expect(response.json()).toEqual({
        message: 'Too many sign-ins from your address are being checked right now. Please try again in a few seconds.',
      });
    }
    // No hash started for them, and they are not failures: only the held one and those waiting count.
    expect(hashes.started()).toBe(hashedBefore);
    // Those let in count as failures before their turn (on PostgreSQL their counting may still be on its way).
    await vi.waitFor(async () => expect(await failuresFrom(flood)).toBe(1 + SIGN_INS_WAITING_PER_ADDRESS));
    expect(hashes.started()).toBe(hashedBefore);

    // Another address is not turned away by the flood, and is checked before the flood's next.
    const owner = signIn(person.email, person.password, '10.20.1.1');
    release();
    const answers = await Promise.all([first, ...more, owner]);
    expect(answers.at(-1)?.statusCode).toBe(200);
    expect(answers.filter((response) => response.statusCode === 401)).toHaveLength(1 + SIGN_INS_WAITING_PER_ADDRESS);
    expect(hashes.started()).toBe(hashedBefore + SIGN_INS_WAITING_PER_ADDRESS + 1);
    // Once its line has cleared, the address may sign in again.
    expect((await signIn(person.email, person.password, flood)).statusCode).toBe(200);
  });

  it('counts an attempt as a failure before its hash: another from its address meanwhile sees it', async () => {
    const person = await register(app, 'user');
    const address = '10.21.0.1';
    for (let i = 0; i < 9; i += 1) expect((await signIn(person.email, `wrong-${i}`, address)).statusCode).toBe(401);
    const { reachedHash, release } = hashes.holdNext();
    const tenth = signIn(person.email, 'wrong-again', address);
    await reachedHash;
    // The tenth is still being hashed, yet it already counts: the right password from the address waits.
    const rightPassword = await signIn(person.email, person.password, address);
    expect(rightPassword.statusCode).toBe(429);
    expect(Number(rightPassword.headers['retry-after'])).toBeGreaterThan(0);
    release();
    expect((await tenth).statusCode).toBe(401);
  });
});

describe('a login guessed from many addresses past the slowdown threshold', () => {
  it('is checked one attempt at a time: another meanwhile gets 429 and Retry-After at once, unhashed and uncounted', async () => {
    const person = await register(app, 'user');
    for (let i = 0; i < 10; i += 1) {
      expect((await signIn(person.email, `guess-${i}`, `10.22.0.${i}`)).statusCode).toBe(401);
    }
    const { reachedHash, release } = hashes.holdNext();
    const guess = signIn(person.email, 'guess-again', '10.22.1.1');
    await reachedHash;
    const hashedBefore = hashes.started();

    for (const [password, address] of [
      ['guess-more', '10.22.1.2'],
      [person.password, '10.22.2.1'],
    ] as const) {
      const refused = await signIn(person.email, password, address);
      expect(refused.statusCode, refused.body).toBe(429);
      // Its own slowdown, in seconds: 11 failures before it, the ten and the one being checked.
      expect(refused.headers['retry-after']).toBe(String(Math.ceil(slowdownMs(11) / 1000)));
      expect(refused.json<{ message: string }>().message).toBe(
        'After many wrong passwords for this login, its sign-ins are checked one at a time, and another is being checked right now. Please try again in a few seconds.',
      );
      expect(await failuresFrom(address)).toBe(0);
    }
    expect(hashes.started()).toBe(hashedBefore);

    release();
    expect((await guess).statusCode).toBe(401);
    // Once it has been answered, the owner is checked (slowly) and signed in.
    expect((await signIn(person.email, person.password, '10.22.2.1')).statusCode).toBe(200);
  });
});

describe("mail to the account's owner when its wrong passwords pass the slowdown threshold", () => {
  const SUBJECT = 'Someone is trying to sign in to your WheelsOnWeb account';

  async function warnings(email: string) {
    return app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.subject, SUBJECT)));
  }

  async function guess(login: string, times: number, network: string) {
    for (let i = 0; i < times; i += 1) {
      expect((await signIn(login, `guess-${i}`, `${network}.${i}`)).statusCode).toBe(401);
    }
  }

  it('is queued at the tenth failure, once in 24 hours however many follow, with a link to choose a new password', async () => {
    const person = await register(app, 'user');
    await guess(person.email, 9, '10.23.0');
    expect(await warnings(person.email)).toEqual([]);
    await guess(person.email, 1, '10.23.1');
    const [mail, ...others] = await warnings(person.email);
    expect(others).toEqual([]);
    expect(mail?.textBody).toContain(
      'Someone is trying to sign in to your account: 10 wrong passwords were typed for it in the last 15 minutes',
    );
    expect(mail?.textBody).toContain(`Choose a new password: ${publicUrl}/forgotpassword`);

    await guess(person.email, 3, '10.23.2');
    // Hours later, the failures of the first burst aged out, a new burst passes the threshold again: no second mail.
    clock.advance(23 * 60 * 60 * 1000);
    await guess(person.email, 12, '10.23.3');
    expect(await warnings(person.email)).toHaveLength(1);

    // A day after the first, the next burst past the threshold is told of again.
    clock.advance(60 * 60 * 1000);
    await guess(person.email, 10, '10.23.4');
    expect(await warnings(person.email)).toHaveLength(2);
  });

  it('is not sent for a login that names no account, nor for failures under the threshold', async () => {
    const person = await register(app, 'user');
    const nobody = newAccount().email;
    await guess(nobody, 12, '10.24.0');
    await guess(person.email, 9, '10.24.1');
    expect(await warnings(nobody)).toEqual([]);
    expect(await warnings(person.email)).toEqual([]);
  });
});
