/**
 * One load of one page in Chromium, measured through the DevTools protocol: the CPU slowed 4×, the
 * cache off, a fresh browser context (no cookies, no storage). The bytes are what the network events
 * report over the wire (`encodedDataLength`: the compressed body and its headers); the paint times are
 * the page's own PerformanceObserver entries, registered before any of the page's scripts runs.
 */
import type { Browser, CDPSession, Page } from 'playwright-core';

export const CPU_SLOWDOWN = 4;
export const VIEWPORT = { width: 1280, height: 900 };
/** A page has settled once it has gone this long with no request in flight and no long task. */
export const QUIET_MS = 2_000;
/** Lighthouse's threshold: a task's time beyond this blocks input. */
const BLOCKING_FROM_MS = 50;
const LOAD_TIMEOUT_MS = 60_000;
const SETTLE_LIMIT_MS = 30_000;
const POLL_MS = 100;
const KEPT_CONSOLE_ERRORS = 5;
/**
 * What Chromium asks for over HTTPS, where the site is served; over plain HTTP, as here, it leaves
 * brotli out and the budgets' brotli bytes would be measured as gzip.
 */
export const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export const RESOURCE_KINDS = ['document', 'js', 'css', 'image', 'font', 'data', 'other'] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

export interface Resource {
  url: string;
  kind: ResourceKind;
  status: number;
  /** Over the wire: the body as sent (compressed) and the response's headers. */
  bytes: number;
  /** The response's Content-Encoding, `identity` when it had none. */
  encoding: string;
}

export interface LoadSample {
  /** The HTML document's status. */
  status: number;
  /** Milliseconds from the navigation's start, as the page's performance timeline counts them. */
  fcpMs: number | undefined;
  lcpMs: number | undefined;
  /** What the largest contentful paint painted: an element and its image or its first words. */
  lcpElement: string | undefined;
  tbtMs: number;
  longTasks: number;
  /** When the page went quiet (its last request or long task ended); undefined when it never did within the limit. */
  settledMs: number | undefined;
  bytes: Record<ResourceKind, number>;
  requests: Record<ResourceKind, number>;
  failedRequests: string[];
  consoleErrors: string[];
  resources: Resource[];
}

/**
 * Runs in every document before its own scripts: records the first contentful paint, the latest
 * largest-contentful-paint candidate and every long task. A string, since it runs in the page.
 */
const OBSERVERS = `(() => {
  const state = { fcp: null, lcp: null, lcpElement: null, longTasks: [], lastLongTaskEnd: 0 };
  Object.defineProperty(window, '__webBench', { value: state });
  const observe = (type, onEntry) =>
    new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime;
  });
  observe('largest-contentful-paint', (entry) => {
    state.lcp = entry.startTime;
    const element = entry.element;
    const what = entry.url ? new URL(entry.url, location.href).pathname : '"' + (element?.textContent ?? '').trim().slice(0, 40) + '"';
    state.lcpElement = (element ? element.tagName.toLowerCase() + ' ' : '') + what;
  });
  observe('longtask', (entry) => {
    state.longTasks.push([entry.startTime, entry.duration]);
    state.lastLongTaskEnd = Math.max(state.lastLongTaskEnd, entry.startTime + entry.duration);
  });
})();`;

const READ_STATE = `(() => {
  const state = window.__webBench;
  return { now: performance.now(), fcp: state.fcp, lcp: state.lcp, lcpElement: state.lcpElement,
    longTasks: state.longTasks, lastLongTaskEnd: state.lastLongTaskEnd };
})()`;

interface PageState {
  now: number;
  fcp: number | null;
  lcp: number | null;
  lcpElement: string | null;
  longTasks: Array<[number, number]>;
  lastLongTaskEnd: number;
}

const isNumberOrNull = (value: unknown) => value === null || typeof value === 'number';

function isPageState(value: unknown): value is PageState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Record<string, unknown>;
  return (
    typeof state.now === 'number' &&
    isNumberOrNull(state.fcp) &&
    isNumberOrNull(state.lcp) &&
    (state.lcpElement === null || typeof state.lcpElement === 'string') &&
    Array.isArray(state.longTasks) &&
    typeof state.lastLongTaskEnd === 'number'
  );
}

async function readState(page: Page): Promise<PageState> {
  const state: unknown = await page.evaluate(READ_STATE);
  if (!isPageState(state)) throw new Error('the page lost its performance observers');
  return state;
}

/**
 * Lighthouse's Total Blocking Time over [from, to]: each long task's part inside the span, less 50 ms,
 * summed over the tasks whose part is longer than 50 ms.
 */
export function totalBlockingTime(tasks: ReadonlyArray<readonly [number, number]>, from: number, to: number): number {
  let blocking = 0;
  for (const [start, duration] of tasks) {
    const inside = Math.min(start + duration, to) - Math.max(start, from);
    if (inside > BLOCKING_FROM_MS) blocking += inside - BLOCKING_FROM_MS;
  }
  return blocking;
}

function kindOf(resourceType: string, mimeType: string): ResourceKind {
  // A module preload is fetched as a script but reported by some Chromium versions as "Other": the type on the wire decides.
  if (/javascript|ecmascript/.test(mimeType)) return 'js';
  if (mimeType === 'text/css') return 'css';
  if (mimeType.startsWith('image/')) return 'image';
  if (mimeType.startsWith('font/')) return 'font';
  switch (resourceType) {
    case 'Document':
      return 'document';
    case 'Script':
      return 'js';
    case 'Stylesheet':
      return 'css';
    case 'Image':
      return 'image';
    case 'Font':
      return 'font';
    case 'XHR':
    case 'Fetch':
      return 'data';
    default:
      return 'other';
  }
}

function headerValue(headers: Record<string, unknown>, name: string): string | undefined {
  const key = Object.keys(headers).find((header) => header.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return typeof value === 'string' ? value : undefined;
}

/** Follows the page's requests through the protocol's network events. */
function trackNetwork(cdp: CDPSession) {
  const started = new Map<string, Omit<Resource, 'bytes'>>();
  const inFlight = new Set<string>();
  const resources: Resource[] = [];
  const failed: string[] = [];
  let lastActivity = performance.now();
  const settle = (requestId: string) => {
    inFlight.delete(requestId);
    lastActivity = performance.now();
  };
  cdp.on('Network.requestWillBeSent', (event) => {
    inFlight.add(event.requestId);
    lastActivity = performance.now();
    started.set(event.requestId, { url: event.request.url, kind: kindOf(event.type ?? '', ''), status: 0, encoding: 'identity' });
  });
  cdp.on('Network.responseReceived', (event) => {
    started.set(event.requestId, {
      url: event.response.url,
      kind: kindOf(event.type, event.response.mimeType),
      status: event.response.status,
      encoding: headerValue(event.response.headers, 'content-encoding') ?? 'identity',
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    settle(event.requestId);
    const resource = started.get(event.requestId);
    if (resource) resources.push({ ...resource, bytes: event.encodedDataLength });
  });
  cdp.on('Network.loadingFailed', (event) => {
    settle(event.requestId);
    failed.push(`${started.get(event.requestId)?.url ?? event.requestId}: ${event.errorText}`);
  });
  return {
    resources,
    failed,
    /** How long no request has been in flight; 0 while one is. */
    quietForMs: () => (inFlight.size === 0 ? performance.now() - lastActivity : 0),
  };
}

function perKind(resources: Resource[], value: (resource: Resource) => number): Record<ResourceKind, number> {
  const totals = Object.fromEntries(RESOURCE_KINDS.map((kind) => [kind, 0])) as Record<ResourceKind, number>;
  for (const resource of resources) totals[resource.kind] += value(resource);
  return totals;
}

/** Waits until the page has been quiet for QUIET_MS (or SETTLE_LIMIT_MS has passed); the page's last state and when it went quiet. */
async function settle(page: Page, networkQuietForMs: () => number): Promise<{ state: PageState; settledMs: number | undefined }> {
  const limit = performance.now() + SETTLE_LIMIT_MS;
  while (true) {
    const state = await readState(page);
    const quietFor = Math.min(networkQuietForMs(), state.now - state.lastLongTaskEnd);
    if (quietFor >= QUIET_MS) return { state, settledMs: state.now - quietFor };
    if (performance.now() > limit) return { state, settledMs: undefined };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Loads `url` once in a fresh context of `browser` and measures it. Throws when the page does not load. */
export async function measureLoad(browser: Browser, url: string): Promise<LoadSample> {
  const context = await browser.newContext({ viewport: VIEWPORT, locale: 'en-IN', timezoneId: 'Asia/Kolkata' });
  try {
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await page.addInitScript(OBSERVERS);
    const cdp = await context.newCDPSession(page);
    const network = trackNetwork(cdp);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': ACCEPT_ENCODING } });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    const response = await page.goto(url, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS });
    if (!response) throw new Error(`${url} gave no response`);
    if (!response.ok()) throw new Error(`${url} answered ${response.status()}`);
    const { state, settledMs } = await settle(page, network.quietForMs);

    const fcp = state.fcp ?? undefined;
    return {
      status: response.status(),
      fcpMs: fcp,
      lcpMs: state.lcp ?? undefined,
      lcpElement: state.lcpElement ?? undefined,
      tbtMs: fcp === undefined ? 0 : totalBlockingTime(state.longTasks, fcp, settledMs ?? state.now),
      longTasks: state.longTasks.length,
      settledMs,
      bytes: perKind(network.resources, (resource) => resource.bytes),
      requests: perKind(network.resources, () => 1),
      failedRequests: network.failed,
      consoleErrors: consoleErrors.slice(0, KEPT_CONSOLE_ERRORS),
      resources: network.resources,
    };
  } finally {
    await context.close();
  }
}
