import { availableParallelism } from 'node:os';
import { type LaneBounds, workQueue, type WorkQueue } from '../limits/work-queue';

/**
 * Which lane a hash waits in, served in this order: sign-ins (and checks of a current password),
 * then new passwords (changes, resets), then registrations.
 */
export type HashLane = 'sign-in' | 'new-password' | 'registration';

/** The password work of one process, keyed by the client's address: see workQueue. */
export type HashQueue = WorkQueue<HashLane>;

/**
 * Sign-ins from one address that may wait for a hash, their database checks included: with turns
 * taken address by address, a flood from one address costs any other sign-in at most one hash of
 * the flood's, and past these the flood is turned away before any work, so it cannot fill the line
 * either. Four rather than fewer, because many people share one public address (carrier-grade NAT,
 * an office) and sign in at the same moment more often than one hash apart.
 */
export const SIGN_INS_WAITING_PER_ADDRESS = 4;
/** Sign-ins from every address that may wait: about 3 s of hashing at 100 ms a hash on one core. */
export const SIGN_INS_WAITING_MAX = 32;
/**
 * Registrations waiting, per hash the queue runs at once: about 2 s of hashing at 100 ms a hash.
 * Beyond it a registration is turned away before any work, database included: 400 sign-ups each
 * counted in PGlite before waiting for their hash kept a sign-in's queries waiting 3 s.
 */
export const REGISTRATIONS_WAITING_PER_HASH_SLOT = 20;

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

const UNBOUNDED: LaneBounds = { waitingPerKey: Number.POSITIVE_INFINITY, waitingTotal: Number.POSITIVE_INFINITY };

/**
 * scrypt takes about 100 ms of a core and runs on libuv's small thread pool: without a queue, a flood
 * of registrations fills the pool and a sign-in waits behind all of it (11 to 14 s measured for 400
 * sign-ups), and without bounds per address, 100 wrong passwords from one address kept every other
 * sign-in waiting a minute. New passwords are rare and need a session or a mailed link: never refused.
 */
export function hashQueue(concurrency: number = defaultHashConcurrency()): HashQueue {
  return workQueue(concurrency, {
    'sign-in': { waitingPerKey: SIGN_INS_WAITING_PER_ADDRESS, waitingTotal: SIGN_INS_WAITING_MAX },
    'new-password': UNBOUNDED,
    registration: {
      waitingPerKey: Number.POSITIVE_INFINITY,
      waitingTotal: REGISTRATIONS_WAITING_PER_HASH_SLOT * concurrency,
    },
  });
}
