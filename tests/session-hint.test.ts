import { describe, expect, it } from 'vitest';
import { surelySignedOut } from '../src/lib/auth/session-api';

/**
 * Issue 17: served from the API's own origin (as `npm start` serves it), a page whose browser has no
 * `signed_in` hint cookie knows nobody is signed in without asking the server; with the hint, or
 * with the API on another origin (whose cookies a page cannot read), it asks.
 */
const location = { href: 'https://wheelsonweb.in/layout/home', origin: 'https://wheelsonweb.in' };

describe('who is signed in, asked of the server only when a session may exist', () => {
  it('is surely nobody on the API’s own origin when the hint cookie is absent', () => {
    expect(surelySignedOut('', { location, document: { cookie: '' } })).toBe(true);
    expect(surelySignedOut('', { location, document: { cookie: 'theme=dark; signed_in_elsewhere=1' } })).toBe(true);
    expect(surelySignedOut('https://wheelsonweb.in', { location, document: { cookie: '' } })).toBe(true);
  });

  it('may be someone when the hint cookie is there', () => {
    expect(surelySignedOut('', { location, document: { cookie: 'theme=dark; signed_in=1' } })).toBe(false);
    expect(surelySignedOut('', { location, document: { cookie: 'signed_in=1' } })).toBe(false);
  });

  it('may be someone when the API is another origin, whose cookies the page cannot see', () => {
    expect(surelySignedOut('https://api.wheelsonweb.in', { location, document: { cookie: '' } })).toBe(false);
    expect(surelySignedOut('http://localhost:4000', { location, document: { cookie: '' } })).toBe(false);
  });

  it('may be someone outside a browser, where there is no page to read', () => {
    expect(surelySignedOut('', {})).toBe(false);
  });
});
