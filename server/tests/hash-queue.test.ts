import { describe, expect, it } from 'vitest';
import { defaultHashConcurrency, hashQueue, SIGN_INS_WAITING_MAX, SIGN_INS_WAITING_PER_ADDRESS } from '../src/auth/hash-queue';
import { passwords } from '../src/auth/passwords';
import { oneAtATime, QueueFullError, workQueue } from '../src/limits/work-queue';
import { TEST_SCRYPT_COST } from './helpers';

/** Work that finishes when told to, recording when it started. */
function gate(log: string[], name: string) {
  let open = () => {};
  const done = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    open: () => open(),
    work: async () => {
      log.push(name);
      await done;
      return name;
    },
  };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the password hashing queue', () => {
  it('runs at most its concurrency at once, and a waiting sign-in before every waiting registration', async () => {
    const queue = hashQueue(2);
    const started: string[] = [];
    const gates = ['r1', 'r2', 'r3', 'r4', 's1'].map((name) => gate(started, name));
    const [r1, r2, r3, r4, s1] = gates;
    const results = [
      queue.enter('registration', '10.0.0.1', (turn) => turn(r1!.work)),
      queue.enter('registration', '10.0.0.2', (turn) => turn(r2!.work)),
      queue.enter('registration', '10.0.0.3', (turn) => turn(r3!.work)),
      queue.enter('registration', '10.0.0.4', (turn) => turn(r4!.work)),
      queue.enter('sign-in', '10.0.0.5', (turn) => turn(s1!.work)),
    ];
    await settle();
    expect(started).toEqual(['r1', 'r2']);
    r1!.open();
    await results[0];
    await settle();
    expect(started).toEqual(['r1', 'r2', 's1']);
    for (const each of gates) each.open();
    expect(await Promise.all(results)).toEqual(['r1', 'r2', 'r3', 'r4', 's1']);
    expect(started).toEqual(['r1', 'r2', 's1', 'r3', 'r4']);
  });

  it('frees its place when the work fails', async () => {
    const queue = hashQueue(1);
    await expect(queue.enter('registration', 'a', (turn) => turn(() => Promise.reject(new Error('broken'))))).rejects.toThrow(
      'broken',
    );
    expect(await queue.enter('sign-in', 'a', (turn) => turn(async () => 'next'))).toBe('next');
  });

  it('leaves a thread of libuv’s pool free by default, and uses at least one', () => {
    expect(defaultHashConcurrency()).toBeGreaterThanOrEqual(1);
    expect(defaultHashConcurrency()).toBeLessThan(Number(process.env.UV_THREADPOOL_SIZE) || 4);
  });

  it('checks a sign-in during a flood of registrations before the flood is hashed', async () => {
    const queue = hashQueue(1);
    const hashing = passwords(TEST_SCRYPT_COST, queue);
    const stored = await hashing.hash('correct horse battery');
    const finished: string[] = [];
    const flood = Array.from({ length: 20 }, (_, i) =>
      hashing.registering(`10.1.0.${i}`, (hash) => hash(`flood ${i}`)).then(() => finished.push('registration')),
    );
    const check = hashing
      .checking('10.2.0.1', (verify) => verify('correct horse battery', stored))
      .then((ok) => finished.push(`sign-in ${ok}`));
    await Promise.all([...flood, check]);
    expect(finished.indexOf('sign-in true')).toBeLessThanOrEqual(1);
  });

  it('turns a registration away at once with 503 and Retry-After while 20 per hash slot are under way, and admits again after', async () => {
    const hashing = passwords(TEST_SCRYPT_COST, hashQueue(1));
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const underWay = Array.from({ length: 20 }, (_, i) => hashing.registering(`10.3.0.${i}`, () => held));
    await expect(hashing.registering('10.3.1.1', async () => 'one too many')).rejects.toMatchObject({
      statusCode: 503,
      message: 'Too many people are signing up right now. Please try again in a few seconds.',
      headers: { 'retry-after': '5' },
    });
    release();
    await Promise.all(underWay);
    expect(await hashing.registering('10.3.1.1', async () => 'admitted')).toBe('admitted');
  });
});

describe('sign-ins waiting for a hash, per address and in all', () => {
  /** A queue of one hash at a time, its first hash held until `release`. */
  function heldQueue() {
    const queue = hashQueue(1);
    const started: string[] = [];
    const first = gate(started, 'held');
    const running = queue.enter('registration', 'holder', (turn) => turn(first.work));
    return { queue, started, release: first.open, running };
  }

  it('takes turns address by address: a burst from one address delays another address by one of its hashes', async () => {
    const { queue, started, release, running } = heldQueue();
    const sign = (address: string, name: string) =>
      queue.enter('sign-in', address, (turn) => turn(async () => started.push(name)));
    const answers = [
      sign('flood', 'flood 1'),
      sign('flood', 'flood 2'),
      sign('10.4.0.1', 'first person'),
      sign('10.4.0.2', 'second person'),
    ];
    release();
    await Promise.all([running, ...answers]);
    expect(started).toEqual(['held', 'flood 1', 'first person', 'second person', 'flood 2']);
  });

  it(`turns away another sign-in from one address while ${SIGN_INS_WAITING_PER_ADDRESS} wait, at once and before its work, and not another address's`, async () => {
    const { queue, started, release, running } = heldQueue();
    let worked = 0;
    const job = (address: string) =>
      queue.enter('sign-in', address, async (turn) => {
        worked += 1;
        return turn(async () => started.push(address));
      });
    const waiting = Array.from({ length: SIGN_INS_WAITING_PER_ADDRESS }, () => job('flood'));
    await expect(job('flood')).rejects.toMatchObject({ name: 'QueueFullError', bound: 'key' });
    // Its job never ran: no database work and no hash for it.
    expect(worked).toBe(SIGN_INS_WAITING_PER_ADDRESS);
    const other = job('10.5.0.1');
    release();
    await Promise.all([running, ...waiting, other]);
    // The other address's sign-in came last and is hashed second, after one of the flood's.
    expect(started).toEqual(['held', 'flood', '10.5.0.1', ...Array<string>(SIGN_INS_WAITING_PER_ADDRESS - 1).fill('flood')]);
    // Once the address's sign-ins were hashed, it may send more.
    await job('flood');
  });

  it(`turns away a sign-in from a new address while ${SIGN_INS_WAITING_MAX} wait from others`, async () => {
    const { queue, release, running } = heldQueue();
    const waiting = Array.from({ length: SIGN_INS_WAITING_MAX }, (_, i) =>
      queue.enter('sign-in', `10.6.0.${i}`, (turn) => turn(async () => i)),
    );
    await expect(queue.enter('sign-in', '10.6.1.1', (turn) => turn(async () => 'late'))).rejects.toMatchObject({
      bound: 'lane',
    });
    release();
    await Promise.all([running, ...waiting]);
  });

  it('answers a sign-in beyond its address’s bound with 503 and Retry-After before checking its password', async () => {
    const queue = hashQueue(1);
    const hashing = passwords(TEST_SCRYPT_COST, queue);
    const stored = await hashing.hash('correct horse battery');
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holder = queue.enter('registration', 'holder', (turn) => turn(() => held));
    let checked = 0;
    const attempt = () =>
      hashing.checking('10.7.0.1', (verify) => {
        checked += 1;
        return verify('wrong horse battery', stored);
      });
    const admitted = Array.from({ length: SIGN_INS_WAITING_PER_ADDRESS }, attempt);
    await expect(attempt()).rejects.toMatchObject({
      statusCode: 503,
      message: 'Too many sign-ins from your address are being checked right now. Please try again in a few seconds.',
      headers: { 'retry-after': '3' },
    });
    expect(checked).toBe(SIGN_INS_WAITING_PER_ADDRESS);
    release();
    expect(await Promise.all(admitted)).toEqual(Array<boolean>(SIGN_INS_WAITING_PER_ADDRESS).fill(false));
    await holder;
  });

  it('waits nothing when the queue is free, and lets a job that never takes its turn free its place', async () => {
    const queue = workQueue(1, { only: { waitingPerKey: 1, waitingTotal: 1 } });
    await expect(queue.enter('only', 'a', () => Promise.reject(new Error('refused before hashing')))).rejects.toThrow(
      'refused before hashing',
    );
    expect(await queue.enter('only', 'a', (turn) => turn(async () => 'hashed'))).toBe('hashed');
  });
});

describe('one at a time per key', () => {
  it('refuses a second job for a key at once while the first runs, not another key, and admits again after', async () => {
    const alone = oneAtATime();
    const started: string[] = [];
    const first = gate(started, 'first');
    const running = alone('login:a', first.work);
    await expect(alone('login:a', async () => 'second')).rejects.toBeInstanceOf(QueueFullError);
    expect(await alone('login:b', async () => 'other')).toBe('other');
    first.open();
    await running;
    expect(await alone('login:a', async () => 'after')).toBe('after');
  });
});
