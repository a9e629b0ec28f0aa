import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '#domain/contract';
import { SESSION_HINT_COOKIE } from '#domain/session-hint';
import { createSession, deleteSession, endOtherSessions, findSession } from '../accounts/sessions';
import { sessionCache } from '../auth/session-cache';
import { hashToken, SESSION_TTL_SECONDS, sessionCookieName } from '../auth/session-token';
import type { ServerConfig } from '../config';
import type { Database } from '../db/client';
import type { AccountRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { t } from '../i18n';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in account, set by the `requireSignedIn` and `requireRole` hooks. */
    account: AccountRow | null;
    /** The account this request signed in (startSession), if any: a kept answer signs it in again when replayed. */
    signedInNow: string | null;
  }
  interface FastifyInstance {
    /** onRequest hook: 401 unless the request carries a live session. */
    requireSignedIn: onRequestAsyncHookHandler;
    /** onRequest hook for a route anyone may call: sets `request.account` when a live session came, refuses nothing. */
    lookUpSession: onRequestAsyncHookHandler;
    /** onRequest hook: 401 when signed out, 403 for an account of another role. */
    requireRole: (role: Role) => onRequestAsyncHookHandler;
  }
  interface FastifyReply {
    /** Signs the account in: ends the session the request came with (rotation) and sets a new cookie. */
    startSession: (accountId: string) => Promise<void>;
    /** Ends the request's session, if any, and clears the cookie. */
    endSession: () => Promise<void>;
    /** Clears the session hint cookie the request came with, if any: the session it stood for has ended. */
    dropSessionHint: () => void;
    /** Ends every session of the signed-in account but the request's own, in `db` (a transaction's, for one). */
    endOtherSessions: (db: Database) => Promise<void>;
  }
}

const NOT_SIGNED_IN = 'server.session.notSignedIn';

const ROLE_ONLY = {
  user: 'server.session.renterOnly',
  owner: 'server.session.ownerOnly',
  admin: 'server.session.adminOnly',
} as const satisfies Record<Role, string>;

/** The account the hooks found; handlers behind `requireSignedIn` or `requireRole` call this. */
export function signedInAccount(request: FastifyRequest): AccountRow {
  if (!request.account) throw new HttpError(401, t(NOT_SIGNED_IN));
  return request.account;
}

/**
 * Sessions are a random 256-bit token in an HttpOnly cookie; the database keeps only its SHA-256,
 * so any instance can answer, and each instance keeps what it found until the database says the
 * account or its sessions changed (auth/session-cache.ts).
 */
async function session(app: FastifyInstance, config: Pick<ServerConfig, 'cookieSecure'>): Promise<void> {
  await app.register(cookie);
  const cookieName = sessionCookieName(config.cookieSecure);

  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.cookieSecure,
  } as const;
  const hintOptions = { ...cookieOptions, httpOnly: false } as const;

  const cache = sessionCache(app.changes);
  async function findAccount(request: FastifyRequest): Promise<AccountRow | null> {
    const token = request.cookies[cookieName];
    if (!token) {
      request.account = null;
      return null;
    }
    const tokenHash = hashToken(token);
    const now = app.clock.now();
    request.account = await cache.find(tokenHash, now, () => findSession(app.db, tokenHash, now));
    return request.account;
  }

  async function loadAccount(request: FastifyRequest): Promise<AccountRow> {
    const account = await findAccount(request);
    if (!account) throw new HttpError(401, t(NOT_SIGNED_IN));
    return account;
  }

  app.decorateRequest('account', null);
  app.decorateRequest('signedInNow', null);

  app.decorate('requireSignedIn', async (request: FastifyRequest) => {
    await loadAccount(request);
  });

  app.decorate('lookUpSession', async (request: FastifyRequest) => {
    await findAccount(request);
  });

  app.decorate('requireRole', (role: Role) => async (request: FastifyRequest) => {
    const account = await loadAccount(request);
    if (account.role !== role) throw new HttpError(403, t(ROLE_ONLY[role]));
  });

  app.decorateReply('startSession', async function startSession(this: FastifyReply, accountId: string) {
    const previous = this.request.cookies[cookieName];
    if (previous) await deleteSession(app.db, previous);
    const token = await createSession(app.db, accountId, app.clock.now());
    this.setCookie(cookieName, token, { ...cookieOptions, maxAge: SESSION_TTL_SECONDS });
    this.setCookie(SESSION_HINT_COOKIE, '1', { ...hintOptions, maxAge: SESSION_TTL_SECONDS });
    this.request.signedInNow = accountId;
  });

  app.decorateReply('endSession', async function endSession(this: FastifyReply) {
    const token = this.request.cookies[cookieName];
    if (token) await deleteSession(app.db, token);
    this.clearCookie(cookieName, cookieOptions);
    this.clearCookie(SESSION_HINT_COOKIE, hintOptions);
  });

  app.decorateReply('dropSessionHint', function dropSessionHint(this: FastifyReply) {
    if (this.request.cookies[SESSION_HINT_COOKIE] !== undefined) this.clearCookie(SESSION_HINT_COOKIE, hintOptions);
  });

  app.decorateReply('endOtherSessions', async function endOthers(this: FastifyReply, db: Database) {
    const account = signedInAccount(this.request);
    const token = this.request.cookies[cookieName];
    // Only a hook that found the session sets the account, so the request came with its cookie.
    if (!token) throw new HttpError(401, t(NOT_SIGNED_IN));
    await endOtherSessions(db, account.id, token);
  });
}

export const sessionPlugin = fp(session, { name: 'session', fastify: '5.x', dependencies: ['database', 'change-feed', 'clock'] });
