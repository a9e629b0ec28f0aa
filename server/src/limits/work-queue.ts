/**
 * How many jobs of one lane may wait for their turn: per key (a client's address, say) and in the
 * whole lane. A job waits from the moment it is admitted, database work before its turn included,
 * until its turn starts. `Infinity` never refuses.
 */
export interface LaneBounds {
  waitingPerKey: number;
  waitingTotal: number;
}

/** A lane's line was full: the job was turned away at once, before any of its work. */
export class QueueFullError extends Error {
  /** Which bound refused it: the key's own, or the whole lane's. */
  readonly bound: 'key' | 'lane';
  readonly lane: string;

  constructor(lane: string, bound: 'key' | 'lane') {
    super(`${lane} queue full (${bound})`);
    this.name = 'QueueFullError';
    this.lane = lane;
    this.bound = bound;
  }
}

/** Runs `work` when the job's turn comes: at most once per job. */
export type Turn = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Costly work (password hashes, photos) run at most `concurrency` at a time. Each job enters a
 * lane under a key and is refused at once with QueueFullError when its key or lane has too many
 * waiting; admitted, it may do other work (its database checks) before asking for its turn.
 * Earlier lanes go first; within a lane, keys take turns (round-robin), each key's jobs in order,
 * so a key with many jobs waiting delays another key's job by at most one of its own.
 */
export interface WorkQueue<Lane extends string> {
  enter<T>(lane: Lane, key: string, job: (turn: Turn) => Promise<T>): Promise<T>;
}

interface LaneState {
  bounds: LaneBounds;
  /** Admitted jobs whose turn has not started, per key and in all. */
  waitingByKey: Map<string, number>;
  waiting: number;
  /** Turns asked for and not yet started, per key in arrival order; keys in the order they are served. */
  lines: Map<string, (() => void)[]>;
}

/** `lanes` in the order they are served. */
export function workQueue<Lane extends string>(concurrency: number, lanes: Record<Lane, LaneBounds>): WorkQueue<Lane> {
  const states = new Map<Lane, LaneState>(
    (Object.entries(lanes) as [Lane, LaneBounds][]).map(([name, bounds]) => [
      name,
      { bounds, waitingByKey: new Map(), waiting: 0, lines: new Map() },
    ]),
  );
  let running = 0;

  const stopWaiting = (state: LaneState, key: string) => {
    state.waiting -= 1;
    const left = (state.waitingByKey.get(key) ?? 1) - 1;
    if (left > 0) state.waitingByKey.set(key, left);
    else state.waitingByKey.delete(key);
  };

  const startNext = () => {
    for (const state of states.values()) {
      const first = state.lines.entries().next();
      if (first.done) continue;
      const [key, line] = first.value;
      const next = line.shift();
      // The key goes to the back of the lane, behind every other key with a turn waiting.
      state.lines.delete(key);
      if (line.length > 0) state.lines.set(key, line);
      running += 1;
      next?.();
      return;
    }
  };

  return {
    async enter(lane, key, job) {
      const state = states.get(lane);
      if (!state) throw new Error(`no lane ${lane}`);
      if ((state.waitingByKey.get(key) ?? 0) >= state.bounds.waitingPerKey) throw new QueueFullError(lane, 'key');
      if (state.waiting >= state.bounds.waitingTotal) throw new QueueFullError(lane, 'lane');
      state.waiting += 1;
      state.waitingByKey.set(key, (state.waitingByKey.get(key) ?? 0) + 1);
      let waiting = true;
      const turn: Turn = async (work) => {
        if (!waiting) throw new Error('a job takes one turn');
        if (running < concurrency) running += 1;
        else {
          await new Promise<void>((resolve) => {
            const line = state.lines.get(key);
            if (line) line.push(resolve);
            else state.lines.set(key, [resolve]);
          });
        }
        waiting = false;
        stopWaiting(state, key);
        try {
          return await work();
        } finally {
          running -= 1;
          startNext();
        }
      };
      try {
        return await job(turn);
      } finally {
        if (waiting) {
          waiting = false;
          stopWaiting(state, key);
        }
      }
    },
  };
}

/** Work per key one at a time, any other for that key meanwhile refused at once with QueueFullError. */
export type OneAtATime = <T>(key: string, work: () => Promise<T>) => Promise<T>;

export function oneAtATime(): OneAtATime {
  const busy = new Set<string>();
  return async (key, work) => {
    if (busy.has(key)) throw new QueueFullError('one-at-a-time', 'key');
    busy.add(key);
    try {
      return await work();
    } finally {
      busy.delete(key);
    }
  };
}
