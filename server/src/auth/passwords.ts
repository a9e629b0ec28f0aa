import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from '../http/errors';
import { oneAtATime, type OneAtATime, QueueFullError } from '../limits/work-queue';
import { type HashLane, hashQueue, type HashQueue } from './hash-queue';
import { type MessageId, t } from '../i18n';

// scrypt with a random salt per password. The parameters travel inside the stored string
// (`scrypt$N$r$p$salt$hash`), so the cost can be changed later without breaking existing hashes, and
// a password is always checked at the cost it was stored with.

/** scrypt's N for new hashes unless the configuration says otherwise (SCRYPT_COST): about 100 ms a hash on one core. */
export const DEFAULT_SCRYPT_COST = 2 ** 15;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(
  password: string,
  salt: Buffer,
  keyLength: number,
  options: Required<Pick<ScryptOptions, 'N' | 'r' | 'p'>>,
): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; leave head-room over Node's 32 MB default.
  const maxmem = 256 * options.N * options.r;
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost: number = DEFAULT_SCRYPT_COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_LENGTH, { N: cost, r: BLOCK_SIZE, p: PARALLELISM });
  return ['scrypt', cost, BLOCK_SIZE, PARALLELISM, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await derive(password, Buffer.from(saltText, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return timingSafeEqual(actual, expected);
}

/** How long a registration turned away is told to wait. */
const REGISTRATION_RETRY_SECONDS = 5;
/** How long a sign-in turned away is told to wait: about what the full line of sign-ins takes to clear. */
const SIGN_IN_RETRY_SECONDS = 3;

/** Checks `password` against a stored hash: see Passwords.checking. */
export type VerifyPassword = (password: string, stored: string | undefined) => Promise<boolean>;

/** Hashing and checking at one configured cost, through one queue (hash-queue.ts). */
export interface Passwords {
  /** A new password's hash (a change, a reset, the first admin): never refused, after waiting sign-ins. */
  hash: (password: string) => Promise<string>;
  /**
   * Runs a whole registration (its checks, then its one `hash`) unless too many are already waiting
   * in this process, when it rejects at once with a 503 HttpError and Retry-After.
   */
  registering: <T>(address: string, job: (hash: (password: string) => Promise<string>) => Promise<T>) => Promise<T>;
  /**
   * Runs a whole sign-in (its checks, then its one `verify`) unless too many from this address, or
   * from every address, are already waiting, when it rejects at once with a 503 HttpError and
   * Retry-After. `verify` with no stored hash checks against a hash of a password nobody has, made
   * at the same cost, so an unknown login takes as long as a wrong password and the answer time
   * does not reveal which logins exist; the answer is then false.
   */
  checking: <T>(address: string, job: (verify: VerifyPassword) => Promise<T>) => Promise<T>;
  /** Work for one login at a time in this process: another for it meanwhile is refused at once (QueueFullError). */
  oneCheckPerLogin: OneAtATime;
}

/** The queue's refusal of a job of `lane` as the answer a client gets; any other error as it is. */
function busy(error: unknown, lane: HashLane, message: MessageId, retrySeconds: number): unknown {
  if (!(error instanceof QueueFullError) || error.lane !== lane) return error;
  return new HttpError(503, t(message), { 'retry-after': String(retrySeconds) });
}

export function passwords(cost: number = DEFAULT_SCRYPT_COST, queue: HashQueue = hashQueue()): Passwords {
  // Made now rather than at the first unknown login, which would otherwise take twice as long.
  const unknownAccountHash = hashPassword(randomBytes(32).toString('base64'), cost);
  return {
    hash: (password) => queue.enter('new-password', '', (turn) => turn(() => hashPassword(password, cost))),
    registering: (address, job) =>
      queue
        .enter('registration', address, (turn) => job((password) => turn(() => hashPassword(password, cost))))
        .catch((error: unknown) => {
          throw busy(error, 'registration', 'server.passwords.busy', REGISTRATION_RETRY_SECONDS);
        }),
    checking: (address, job) =>
      queue
        .enter('sign-in', address, (turn) =>
          job(async (password, stored) => {
            const hash = stored ?? (await unknownAccountHash);
            const matches = await turn(() => verifyPassword(password, hash));
            return stored !== undefined && matches;
          }),
        )
        .catch((error: unknown) => {
          const tooMany = error instanceof QueueFullError && error.bound === 'key';
          throw busy(
            error,
            'sign-in',
            tooMany ? 'server.passwords.signInsFromAddressBusy' : 'server.passwords.signInsBusy',
            SIGN_IN_RETRY_SECONDS,
          );
        }),
    oneCheckPerLogin: oneAtATime(),
  };
}
