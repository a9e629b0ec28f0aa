/** How an outbox (mail, texts) tries again: the wait grows fourfold from `retryBaseMs`, up to `maxAttempts` sends. */
export interface RetrySettings {
  retryBaseMs: number;
  maxAttempts: number;
}

/**
 * What an outbox row becomes after its `attempts`-th send failed at `now` for `reason`: due again
 * after a growing wait, or failed for good after the last attempt.
 */
export function afterFailedSend(attempts: number, settings: RetrySettings, now: Date, reason: string) {
  const givingUp = attempts >= settings.maxAttempts;
  const retryInMs = settings.retryBaseMs * 4 ** (attempts - 1);
  return {
    givingUp,
    retryInMs,
    row: {
      status: givingUp ? ('failed' as const) : ('queued' as const),
      lastError: reason.slice(0, 500),
      nextAttemptAt: new Date(now.getTime() + (givingUp ? 0 : retryInMs)),
    },
  };
}
