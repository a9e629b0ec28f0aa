import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The key owners' payout details are sealed with (AES-256-GCM). Each sealed value starts with the
 * key's id, so a later release can add a second key, open old values with the first and seal anew
 * with the second, without guessing which key sealed what.
 */
export interface PayoutDetailsKey {
  id: number;
  bytes: Buffer;
}

const KEY_BYTES = 32;
/** PAYOUT_DETAILS_KEY's id: the first key. */
const FIRST_KEY_ID = 1;
/** GCM's standard nonce, random for every value: never the same twice under one key. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

/** What PAYOUT_DETAILS_KEY must be, as the configuration's error says it. */
export const PAYOUT_DETAILS_KEY_FORMAT =
  '32 random bytes, as 64 hex digits or in base64 (make one with `openssl rand -base64 32`)';

/**
 * PAYOUT_DETAILS_KEY read as a key, or undefined when it is not 32 bytes in hex or base64. A run
 * of one repeated byte (`000…0`) is a placeholder copied from somewhere, not a key, and is refused.
 */
export function payoutDetailsKey(text: string): PayoutDetailsKey | undefined {
  let bytes: Buffer | undefined;
  if (/^[0-9a-fA-F]{64}$/.test(text)) bytes = Buffer.from(text, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) bytes = Buffer.from(text, 'base64');
  if (bytes?.length !== KEY_BYTES || new Set(bytes).size === 1) return undefined;
  return { id: FIRST_KEY_ID, bytes };
}

/**
 * `plain` sealed with `key`, as base64 of the key's id, a fresh IV, GCM's tag and the ciphertext.
 * `context` (whose value, which field) is bound in as additional data: a sealed value copied into
 * another owner's row, or another column, no longer opens.
 */
export function sealDetail(key: PayoutDetailsKey, plain: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key.bytes, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(key.id), iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The value `sealDetail` sealed with `key` for `context`; throws when it was sealed with another key or for another context, or was changed. */
export function openDetail(key: PayoutDetailsKey, sealed: string, context: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  if (bytes.length < HEADER_BYTES) throw new Error('a sealed payout detail too short to be one');
  if (bytes[0] !== key.id) throw new Error(`a payout detail sealed with key ${bytes[0]}, which this server does not hold`);
  const decipher = createDecipheriv('aes-256-gcm', key.bytes, bytes.subarray(1, 1 + IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(bytes.subarray(1 + IV_BYTES, HEADER_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8');
}
