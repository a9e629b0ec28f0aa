import { describe, expect, it } from 'vitest';
import { defaultHashConcurrency, hashQueue } from '../src/auth/hash-queue';
import { passwords } from '../src/auth/passwords';
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

describe('the password hashing queue', () => {
  it('runs at most its concurrency at once, and a waiting sign-in before every waiting registration', async () => {
    const queue = hashQueue(2);
    const started: string[] = [];
    const gates = ['r1', 'r2', 'r3', 'r4', 's1'].map((name) => gate(started, name));
    const [r1, r2, r3, r4, s1] = gates;
    const results = [
      queue('registration', r1!.work),
      queue('registration', r2!.work),
      queue('registration', r3!.work),
      queue('registration', r4!.work),
      queue('sign-in', s1!.work),
    ];
    await Promise.resolve();
    expect(started).toEqual(['r1', 'r2']);
    r1!.open();
    await results[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['r1', 'r2', 's1']);
    for (const each of gates) each.open();
    expect(await Promise.all(results)).toEqual(['r1', 'r2', 'r3', 'r4', 's1']);
    expect(started).toEqual(['r1', 'r2', 's1', 'r3', 'r4']);
  });

  it('frees its place when the work fails', async () => {
    const queue = hashQueue(1);
    await expect(queue('registration', () => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    expect(await queue('sign-in', async () => 'next')).toBe('next');
  });

  it('leaves a thread of libuv’s pool free by default, and uses at least one', () => {
    expect(defaultHashConcurrency()).toBeGreaterThanOrEqual(1);
    expect(defaultHashConcurrency()).toBeLessThan(Number(process.env.UV_THREADPOOL_SIZE) || 4);
  });

  it('checks a sign-in during a flood of registrations before the flood is hashed', async () => {
    const queue = hashQueue(1);
    const hashing = passwords(TEST_SCRYPT_COST, 1, queue);
    const stored = await hashing.hash('correct horse battery');
    const finished: string[] = [];
    const flood = Array.from({ length: 20 }, (_, i) => hashing.hash(`flood ${i}`).then(() => finished.push('registration')));
    const check = hashing.verify('correct horse battery', stored).then((ok) => finished.push(`sign-in ${ok}`));
    await Promise.all([...flood, check]);
    expect(finished.indexOf('sign-in true')).toBeLessThanOrEqual(1);
  });

  it('turns a registration away at once with 503 and Retry-After while 20 per hash slot are under way, and admits again after', async () => {
    const hashing = passwords(TEST_SCRYPT_COST, 1);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const underWay = Array.from({ length: 20 }, () => hashing.registering(() => held));
    await expect(hashing.registering(async () => 'one too many')).rejects.toMatchObject({
      statusCode: 503,
      message: 'Too many people are signing up right now. Please try again in a few seconds.',
      headers: { 'retry-after': '5' },
    });
    release();
    await Promise.all(underWay);
    expect(await hashing.registering(async () => 'admitted')).toBe('admitted');
  });
});
