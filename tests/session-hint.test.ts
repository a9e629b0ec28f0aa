// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { surelySignedOut } from '../src/lib/auth/session-api';

/**
 * Skipping the session check spares a first screen the HTTP client: served from the API's own
 * origin (as `npm start` serves it), a page whose browser has no `signed_in` hint cookie knows
 * nobody is signed in without asking the server; with the hint, or with the API on another origin
 * (whose cookies a page cannot read), it asks.
 */
const location = { href: 'https://wheelsonweb.in/layout/home', origin: 'https://wheelsonweb.in' };

describe('who is signed in, asked of the server only when a session may exist', () => {
  it('is surely nobody on the API’s own origin when the hint cookie is absent', async () => {
    expect(await surelySignedOut('', { location, document: { cookie: '' } })).toBe(true);
    expect(await surelySignedOut('', { location, document: { cookie: 'theme=dark; signed_in_elsewhere=1' } })).toBe(true);
    expect(await surelySignedOut('https://wheelsonweb.in', { location, document: { cookie: '' } })).toBe(true);
  });

  it('may be someone when the hint cookie is there', async () => {
    expect(await surelySignedOut('', { location, document: { cookie: 'theme=dark; signed_in=1' } })).toBe(false);
    expect(await surelySignedOut('', { location, document: { cookie: 'signed_in=1' } })).toBe(false);
  });

  it('reads the hint from the Cookie Store where the browser has one', async () => {
    const cookieStoreHolding = (names: string[]) => ({
      get: async (name: string) => (names.includes(name) ? { name, value: '1' } : null),
    });
    expect(await surelySignedOut('', { location, cookieStore: cookieStoreHolding(['theme']) })).toBe(true);
    expect(await surelySignedOut('', { location, cookieStore: cookieStoreHolding(['signed_in']) })).toBe(false);
  });

  it('may be someone when the API is another origin, whose cookies the page cannot see', async () => {
    expect(await surelySignedOut('https://api.wheelsonweb.in', { location, document: { cookie: '' } })).toBe(false);
    expect(await surelySignedOut('http://localhost:4000', { location, document: { cookie: '' } })).toBe(false);
  });

  it('may be someone outside a browser, where there is no page to read', async () => {
    expect(await surelySignedOut('', {})).toBe(false);
  });
});
