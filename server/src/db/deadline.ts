import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * A request's work outlived its deadline: whatever it was writing is rolled back, and the client is
 * told 503 (plugins/deadline.ts), so a 503 always means nothing was done.
 */
export class PastDeadlineError extends Error {
  constructor() {
    super('the request passed its deadline');
    this.name = 'PastDeadlineError';
  }
}

/**
 * How long a request's work may take, from `start` on. `onPassed` runs when the time is up while the
 * work still runs; `passed` reads the time itself rather than the timer, because on PGlite a query
 * holds the event loop and the timer fires only once it is free again.
 */
export class Deadline {
  #startedAt: number | undefined;
  #endsAt = Number.POSITIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;
  #ended = false;

  constructor(
    private readonly ms: number,
    private readonly onPassed: () => void,
  ) {}

  /** Starts the time; a second call changes nothing, so work that starts it late (a photo once uploaded) may call it anyway. */
  start(): void {
    if (this.#startedAt !== undefined || this.#ended) return;
    this.#startedAt = performance.now();
    this.#arm(this.#startedAt + this.ms);
  }

  /**
   * Moves the end to at least `ms` from now plus the usual deadline, for work whose one step may
   * take that long (a payment provider's call): what follows it still has its usual time.
   */
  extend(ms: number): void {
    if (this.#startedAt === undefined || this.#ended) return;
    const endsAt = performance.now() + ms + this.ms;
    if (endsAt > this.#endsAt) this.#arm(endsAt);
  }

  /** The work has settled: nothing it left running (a timer, a retry) is bounded by this request any more. */
  end(): void {
    this.#ended = true;
    clearTimeout(this.#timer);
  }

  passed(): boolean {
    return !this.#ended && performance.now() >= this.#endsAt;
  }

  /** Milliseconds since the deadline started, for the log line. */
  elapsedMs(): number {
    return this.#startedAt === undefined ? 0 : Math.round(performance.now() - this.#startedAt);
  }

  #arm(endsAt: number): void {
    clearTimeout(this.#timer);
    this.#endsAt = endsAt;
    this.#timer = setTimeout(
      () => {
        if (!this.#ended) this.onPassed();
      },
      Math.max(0, endsAt - performance.now()),
    );
  }
}

const current = new AsyncLocalStorage<Deadline>();

/** Runs a request's work under `deadline`: every transaction it opens, however deep, checks it. */
export function runUnderDeadline<T>(deadline: Deadline, work: () => T): T {
  return current.run(deadline, work);
}

/** Starts the deadline of the request this runs for, on routes whose work begins after their body is in (a photo upload). */
export function startDeadline(): void {
  current.getStore()?.start();
}

/** Gives the request this runs for `ms` more, before one step known to take up to that long. */
export function extendDeadline(ms: number): void {
  current.getStore()?.extend(ms);
}

/** Throws PastDeadlineError when the request this runs for is past its deadline; outside a request, never. */
export function checkDeadline(): void {
  if (current.getStore()?.passed()) throw new PastDeadlineError();
}

const guarded = new WeakSet<Database>();

/**
 * Makes every write on `db` check the deadline of the request it runs for, so one past it keeps
 * nothing. A transaction checks before it begins and again before COMMIT, throwing to roll back; a
 * single statement outside a transaction, its own commit, checks before it is sent. The domain
 * modules' writes are bounded without each being told of requests.
 */
export function guardWrites(db: Database): void {
  if (guarded.has(db)) return;
  guarded.add(db);
  const transaction = db.transaction.bind(db);
  const checkedTransaction: Database['transaction'] = (work, config) =>
    transaction(async (tx) => {
      checkDeadline();
      const result = await work(tx);
      checkDeadline();
      return result;
    }, config);
  db.transaction = checkedTransaction;
  // A transaction's statements run on a session of its own; this one runs only those outside any.
  const session = db._.session;
  const prepare = session.prepareQuery.bind(session);
  session.prepareQuery = <T extends PreparedQueryConfig>(...args: Parameters<typeof prepare<T>>) => {
    const metadata = args[5];
    if (metadata && metadata.type !== 'select') checkDeadline();
    return prepare<T>(...args);
  };
}
