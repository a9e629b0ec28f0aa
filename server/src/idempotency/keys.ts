import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { HttpError } from '../http/errors';
import { t } from '../i18n';

// Idempotency-Key (the IETF draft "The Idempotency-Key HTTP Header Field"): a client names each
// write with a key of its own, and a retry with the same key gets the first answer again instead
// of the write being done twice.

/** How long a key and its answer are kept, as the draft suggests: a retry comes within a day or not at all. */
export const KEY_KEPT_MS = 24 * 60 * 60 * 1000;

/**
 * How long a key may stay claimed with no answer before a retry may take it over: longer than any
 * request runs (an upload's body has minutes), so only an instance that died mid-request leaves one.
 */
const ABANDONED_AFTER_MS = 10 * 60 * 1000;

const MAX_KEY_LENGTH = 255;
/** Printable ASCII, the space included, as a Structured Field string may carry. */
const PRINTABLE = /^[\x20-\x7e]+$/;
/** The draft's form: a Structured Field string, quoted, with `\"` and `\\` escaped. */
const QUOTED = /^"((?:[^"\\]|\\["\\])*)"$/;

/** The first answer, as a retry gets it again. */
export interface KeptAnswer {
  status: number;
  /** Its headers worth repeating (the content type, a Location); never a cookie. */
  headers: Record<string, string>;
  body: string;
  /** The account the first answer signed in, if any: the retry is signed in with a session of its own. */
  signedInAccountId: string | null;
}

export type Claim = { kind: 'claimed' } | { kind: 'replay'; answer: KeptAnswer } | { kind: 'running' } | { kind: 'otherRequest' };

/**
 * The key a header names: the draft's quoted string, or the bare key many clients send. Refused
 * (400) when empty, longer than 255 characters or not printable ASCII.
 */
export function parseKey(header: string | string[]): string {
  const text = [header].flat().join(', ');
  const key = QUOTED.exec(text)?.[1]?.replace(/\\(["\\])/g, '$1') ?? text;
  if (key.length < 1 || key.length > MAX_KEY_LENGTH || !PRINTABLE.test(key)) {
    throw new HttpError(400, t('server.idempotency.badKey', { max: MAX_KEY_LENGTH }));
  }
  return key;
}

/** What makes two requests the same request: the method, the path with its query and the body's hash. */
export function fingerprintOf(method: string, url: string, body: unknown): string {
  const hash = createHash('sha256')
    .update(JSON.stringify(body ?? null))
    .digest('base64url');
  return `${method} ${url} ${hash}`;
}

/**
 * Claims `key` in `scope` for the request `fingerprint` names at `now`, or says why not. The claim
 * is one insert that loses to a row already there, so of two requests sent at once exactly one
 * gets it, on any number of instances. A row past its 24 hours, or claimed by a request that never
 * answered, is taken over.
 */
export async function claimKey(db: Database, scope: string, key: string, fingerprint: string, now: Date): Promise<Claim> {
  const expired = new Date(now.getTime() - KEY_KEPT_MS);
  const abandoned = new Date(now.getTime() - ABANDONED_AFTER_MS);
  // Twice at most: a row found gone after the insert lost was released or swept, and may be claimed.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ scope, key, fingerprint, createdAt: now })
      .onConflictDoUpdate({
        target: [idempotencyKeys.scope, idempotencyKeys.key],
        set: { fingerprint, status: null, headers: null, body: null, signedInAccountId: null, createdAt: now },
        setWhere: or(
          lt(idempotencyKeys.createdAt, expired),
          and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, abandoned)),
        ),
      })
      .returning({ key: idempotencyKeys.key });
    if (claimed) return { kind: 'claimed' };

    const [row] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)))
      .limit(1);
    if (!row) continue;
    if (row.fingerprint !== fingerprint) return { kind: 'otherRequest' };
    if (row.status === null) return { kind: 'running' };
    return {
      kind: 'replay',
      answer: { status: row.status, headers: row.headers ?? {}, body: row.body ?? '', signedInAccountId: row.signedInAccountId },
    };
  }
  return { kind: 'running' };
}

/** Keeps the answer of the request that claimed `key`, for its retries. */
export async function keepAnswer(db: Database, scope: string, key: string, answer: KeptAnswer): Promise<void> {
  await db
    .update(idempotencyKeys)
    .set(answer)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

/** Lets `key` go unanswered: its request did nothing, so a retry must be free to do the work. */
export async function releaseKey(db: Database, scope: string, key: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
}

/** Forgets the keys older than 24 hours at `now`: a retry that late is a new request. */
export async function sweepKeys(db: Database, now: Date): Promise<void> {
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - KEY_KEPT_MS)));
}
