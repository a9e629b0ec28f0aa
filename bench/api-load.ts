import autocannon from 'autocannon';

/**
 * autocannon for bench/api.ts, forked into a process of its own so the load it makes does not share
 * an event loop with the servers it measures nor with the bench that starts them. Each `load` message
 * runs one load and answers with its summary.
 */

/** One request of a write load: each is sent once, in turn, whichever connection is free. */
export interface PreparedRequest {
  method: 'POST';
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface LoadJob {
  id: number;
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
  /**
   * Writes: sent in this order instead of GET `url` again and again. Past the last, autocannon starts
   * over at the first, which the server refuses as a repeat: non-2xx that says the list was too short.
   */
  requests?: PreparedRequest[];
}

export interface LoadSummary {
  /** autocannon's mean of its per-second counts. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  /** Connection errors, timeouts included. */
  errors: number;
  timeouts: number;
  bytesPerSecond: number;
}

export type ToLoad = { type: 'load'; job: LoadJob };
export type FromLoad = { type: 'result'; id: number; summary: LoadSummary } | { type: 'failed'; id: number; message: string };

process.on('message', async (message: ToLoad) => {
  const { id, url, headers, connections, seconds, requests } = message.job;
  let next = 0;
  const inTurn = requests && [
    {
      setupRequest: (request: autocannon.Request) => {
        const prepared = requests[next % requests.length];
        next += 1;
        return { ...request, ...prepared, headers: { ...request.headers, ...prepared?.headers } };
      },
    },
  ];
  try {
    const result = await autocannon({ url, headers, connections, duration: seconds, ...(inTurn ? { requests: inTurn } : {}) });
    const summary: LoadSummary = {
      requestsPerSecond: result.requests.average,
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      bytesPerSecond: result.throughput.average,
    };
    process.send?.({ type: 'result', id, summary } satisfies FromLoad);
  } catch (error) {
    process.send?.({ type: 'failed', id, message: error instanceof Error ? error.message : String(error) } satisfies FromLoad);
  }
});
process.once('disconnect', () => process.exit(0));
