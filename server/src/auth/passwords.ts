import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { HttpError } from '../http/errors';
import { defaultHashConcurrency, hashQueue, type HashQueue } from './hash-queue';
import { t } from '../i18n';

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

/**
 * Registrations under way at once, per hash the queue runs at once: about 2 s of hashing at 100 ms
 * a hash. Beyond it a registration is turned away before any work, database included: 400 sign-ups
 * each counted in PGlite before waiting for their hash kept a sign-in's queries waiting 3 s.
 */
const REGISTRATIONS_PER_HASH_SLOT = 20;
/** How long a registration turned away is told to wait. */
const BUSY_RETRY_SECONDS = 5;

/** Hashing and checking at one configured cost, through one queue: checks (sign-ins) go before hashes (registrations). */
export interface Passwords {
  hash: (password: string) => Promise<string>;
  /**
   * Runs a whole registration (its checks and its hash) unless too many are already under way in
   * this process, when it rejects at once with a 503 HttpError and Retry-After.
   */
  registering: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Checks a password against an account's stored hash. With no account it checks against a hash of
   * a password nobody has, made at the same cost, so an unknown login takes as long as a wrong
   * password and the answer time does not reveal which logins exist; the answer is then false.
   */
  verify: (password: string, stored: string | undefined) => Promise<boolean>;
}

export function passwords(
  cost: number = DEFAULT_SCRYPT_COST,
  concurrency: number = defaultHashConcurrency(),
  queue: HashQueue = hashQueue(concurrency),
): Passwords {
  let registrations = 0;
  // Made now rather than at the first unknown login, which would otherwise take twice as long.
  const unknownAccountHash = hashPassword(randomBytes(32).toString('base64'), cost);
  return {
    hash: (password) => queue('registration', () => hashPassword(password, cost)),
    registering: async (work) => {
      if (registrations >= REGISTRATIONS_PER_HASH_SLOT * concurrency) {
        throw new HttpError(503, t('server.passwords.busy'), {
          'retry-after': String(BUSY_RETRY_SECONDS),
        });
      }
      registrations += 1;
      try {
        return await work();
      } finally {
        registrations -= 1;
      }
    },
    verify: async (password, stored) => {
      const hash = stored ?? (await unknownAccountHash);
      const matches = await queue('sign-in', () => verifyPassword(password, hash));
      return stored !== undefined && matches;
    },
  };
}
