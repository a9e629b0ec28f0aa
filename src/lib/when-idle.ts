/** How long a busy page may keep waiting for an idle moment before the work runs anyway. */
const IDLE_TIMEOUT_MS = 2000;

/**
 * Runs `work` once the browser has nothing more urgent to do (after the first paint and the
 * page's own scripts), so what the first screen does not need never competes with it. Returns a
 * function that cancels it. Browsers without requestIdleCallback (Safari) wait for a timer.
 */
export function whenIdle(work: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(work, { timeout: IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1);
  return () => window.clearTimeout(handle);
}
