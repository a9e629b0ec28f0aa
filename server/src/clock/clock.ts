import { setTimeout as wait } from 'node:timers/promises';

/**
 * The one source of "now" for every rule the server applies: routes, domain modules, sweeps and
 * workers read the time from the app's clock, never from `new Date()`, so a test moves time forward
 * instead of sleeping, and a stored instant and the rule that compares it agree on what now is.
 */
export interface Clock {
  now(): Date;
  /** Holds an answer for `ms` (the sign-in slowdown): a real wait on the machine's clock. */
  hold(ms: number): Promise<void>;
}

/** The machine's clock: what a production server runs on. */
export const systemClock: Clock = { now: () => new Date(), hold: (ms) => wait(ms) };

/**
 * A clock a test sets and moves. `startAt` is where it begins; `advance` moves it on, and a clock
 * that `ticks` also moves with real time from its last setting, for real processes whose timers
 * still run (an e2e server started at a fixed instant).
 */
export interface MovableClock extends Clock {
  set(at: Date): void;
  advance(ms: number): void;
  /** Every hold asked of the clock, in ms, oldest first: a test reads how long answers were held without waiting. */
  readonly held: number[];
}

export function movableClock(startAt: Date, { ticks = false }: { ticks?: boolean } = {}): MovableClock {
  let base = startAt.getTime();
  let setAt = Date.now();
  const held: number[] = [];
  return {
    now: () => new Date(ticks ? base + (Date.now() - setAt) : base),
    // A clock that runs with real time (a real server process under test) holds for real.
    hold: async (ms) => {
      held.push(ms);
      if (ticks) await wait(ms);
    },
    held,
    set(at) {
      base = at.getTime();
      setAt = Date.now();
    },
    advance(ms) {
      base += ms;
    },
  };
}
