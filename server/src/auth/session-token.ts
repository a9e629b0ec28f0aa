import { createHash } from 'node:crypto';

export const SESSION_COOKIE = 'session';

/**
 * The cookie's name: with Secure, the `__Host-` prefix, so browsers take it only from this very host
 * over HTTPS with Path=/ and no Domain, and a sibling subdomain cannot plant or overwrite it.
 */
export function sessionCookieName(cookieSecure: boolean): string {
  return cookieSecure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}
export const SESSION_TTL_SECONDS = 7 * 24 * 60 * 60;

/** Only this hash reaches the database, so a leaked table cannot be replayed as cookies. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
