import { availableParallelism } from 'node:os';

/** Which lane a hash waits in: sign-ins are answered before registrations. */
export type HashPriority = 'sign-in' | 'registration';

/** Runs password work at most `concurrency` at a time, in order within a lane, sign-ins first. */
export type HashQueue = <T>(priority: HashPriority, work: () => Promise<T>) => Promise<T>;

/**
 * How many hashes run at once by default: one fewer than the cores, so the main thread (requests,
 * and PGlite's queries) keeps a core, and one fewer than libuv's thread pool (4 unless
 * UV_THREADPOOL_SIZE says otherwise), so file, DNS and compression work, which share that pool,
 * always find a thread free; at least one. With two cores, hashing both kept the slowest sign-in
 * of a flood over a second.
 */
export function defaultHashConcurrency(): number {
  const pool = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  return Math.max(1, Math.min(availableParallelism() - 1, pool - 1));
}

/**
 * scrypt takes about 100 ms of a core and runs on libuv's small thread pool: without a queue, a flood
 * of registrations fills the pool and a sign-in waits behind all of it (11 to 14 s measured for 400
 * sign-ups). In this queue a sign-in waits at most for the hashes already running.
 */
export function hashQueue(concurrency: number = defaultHashConcurrency()): HashQueue {
  const waiting: Record<HashPriority, (() => void)[]> = { 'sign-in': [], registration: [] };
  let running = 0;
  const startNext = () => {
    const next = waiting['sign-in'].shift() ?? waiting.registration.shift();
    if (!next) return;
    running += 1;
    next();
  };
  return async (priority, work) => {
    if (running < concurrency) running += 1;
    else await new Promise<void>((resolve) => waiting[priority].push(resolve));
    try {
      return await work();
    } finally {
      running -= 1;
      startNext();
    }
  };
}
