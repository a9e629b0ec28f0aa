import { client } from '../api-client';
import { API_URL } from '../../config/env';
import type { SessionCheck } from '../../domain/contract';
import { SESSION_HINT_COOKIE } from '../../domain/session-hint';

/** What of the page the check below reads; absent where the app's calls run outside a browser (the contract tests run them in Node). */
export interface Page {
  location?: { href: string; origin: string };
  cookieStore?: { get: (name: string) => Promise<unknown> };
  document?: { cookie: string };
}

/**
 * True when this browser surely has no session: the API (`apiUrl`) is the page's own origin, whose
 * cookies the page can read, and the server's hint cookie is not among them. Another origin's
 * cookies are out of the page's sight (`npm run dev`, VITE_API_URL), so there the server is asked.
 * Read through the Cookie Store where the browser has one: Chrome reports reading document.cookie,
 * a synchronous trip to the browser's process, as a performance issue.
 */
export async function surelySignedOut(apiUrl: string, { location, cookieStore, document }: Page): Promise<boolean> {
  if (!location || new URL(apiUrl || '/', location.href).origin !== location.origin) return false;
  if (cookieStore) return !(await cookieStore.get(SESSION_HINT_COOKIE));
  if (!document) return false;
  return !document.cookie.split('; ').some((cookie) => cookie.startsWith(`${SESSION_HINT_COOKIE}=`));
}

export async function getSession(signal?: AbortSignal): Promise<SessionCheck> {
  if (await surelySignedOut(API_URL, globalThis as Page)) return { user: null };
  return (await client.get<SessionCheck>('/api/session', { signal })).data;
}

export async function endSession(): Promise<void> {
  await client.delete('/api/session');
}
