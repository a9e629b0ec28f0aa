import { type AddressInfo, createServer, type Server, type Socket, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, newPerson, registerPerson, signInPerson } from './support/api-client';
import { runServerProcessToExit, type ServerProcess, startServerProcess, withScratchPostgres } from './support/server-process';

/**
 * A stalled or stopped database must cost bounded waits: without bounds, with PostgreSQL accepting
 * connections but not answering, the server never started listening and running requests waited
 * forever; with it down, every endpoint answered 500. A proxy between the server and PostgreSQL
 * passes traffic, freezes it (holds every byte, as a stalled server or a network that drops packets
 * does) or drops it (cuts every connection and refuses new ones, as a stopped server does).
 * PostgreSQL only: PGlite lives inside the process.
 */

const CONNECT_TIMEOUT_MS = 1_500;
const QUERY_TIMEOUT_MS = 1_500;
/** Waiting for a connection, then for a statement, then the client's grace, plus a busy machine's slack. */
const ANSWER_BOUND_MS = CONNECT_TIMEOUT_MS + QUERY_TIMEOUT_MS + 1_000 + 2_500;
const RECOVERY_BOUND_MS = 20_000;
/**
 * Public answers and sessions come from memory while the instance hears the database's
 * change notices; it stops trusting its memory when its listening connection drops or leaves a
 * heartbeat unanswered for a second (db/change-notices.ts), so within about two seconds.
 */
const MEMORY_TRUSTED_MS = 2_500;
const untilMemoryDistrusted = () => new Promise((resolve) => setTimeout(resolve, MEMORY_TRUSTED_MS));

type Mode = 'pass' | 'freeze' | 'drop';

/** A TCP proxy to `target` whose traffic the test turns on and off. */
async function startProxy(target: { host: string; port: number }) {
  let mode: Mode = 'pass';
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const server: Server = createServer((client) => {
    if (mode === 'drop') {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    // Frozen: nothing read, so nothing forwarded, until traffic passes again.
    if (mode === 'freeze') {
      client.pause();
      upstream.pause();
    }
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    set(next: Mode) {
      mode = next;
      for (const { client, upstream } of pairs) {
        if (next === 'drop') {
          client.destroy();
          upstream.destroy();
        } else if (next === 'freeze') {
          // Unpiped, so a paused socket is not resumed by the other side's pipe.
          client.unpipe(upstream);
          upstream.unpipe(client);
          client.pause();
          upstream.pause();
        } else {
          client.pipe(upstream);
          upstream.pipe(client);
        }
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const { client, upstream } of pairs) {
          client.destroy();
          upstream.destroy();
        }
        server.close(() => resolve());
      }),
  };
}

const serverUrl = process.env.TEST_DATABASE_URL;

/** Generated only where a PostgreSQL server is given, as the server tests' `onPostgres` does. */
const onPostgres = serverUrl ? [serverUrl] : [];

describe.each(onPostgres)('a PostgreSQL database that stalls and returns (%s)', (postgresUrl) => {
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let server: ServerProcess;
  let cookie: string;
  let person: ReturnType<typeof newPerson>;
  let proxiedUrl: string;
  let dropDatabase: () => void;
  let dropped: Promise<void>;

  const env = {
    DATABASE_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
    DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
  };

  let visits = 0;

  /**
   * What a person's visit touches: public lists, their session and bookings, a sign-in, a sign-up and a
   * comment, worded anew each visit (the same words again within a minute are refused as a repeat).
   */
  function visit() {
    visits += 1;
    return [
      call(server.baseURL, 'GET', '/api/cars'),
      call(server.baseURL, 'GET', '/api/cars/maruti%20dzire'),
      call(server.baseURL, 'GET', '/api/comments/get-comment'),
      call(server.baseURL, 'GET', '/api/session', { cookie }),
      call(server.baseURL, 'GET', '/api/bookings', { cookie }),
      call(server.baseURL, 'POST', '/api/session', { body: { login: person.email, password: person.password } }),
      call(server.baseURL, 'POST', '/register/user', {
        body: { ...newPerson('user', 'stall'), confirmPassword: 'pass-word-stall', password: 'pass-word-stall' },
      }),
      call(server.baseURL, 'POST', '/api/comments/get-comment', { cookie, body: { content: `Still here? (visit ${visits})` } }),
    ];
  }

  /** Every request of a visit answers 503 {message} with Retry-After, each within the bound. */
  async function expectBounded503s(): Promise<void> {
    const started = Date.now();
    const answers = await Promise.all(visit().map(async (answer) => ({ ...(await answer), tookMs: Date.now() - started })));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(answer.body).toEqual({ message: expect.stringMatching(/unavailable/) });
      expect(answer.tookMs).toBeLessThan(ANSWER_BOUND_MS);
    }
    console.log(`while away: ${answers.length} requests answered 503 in at most ${Math.max(...answers.map((a) => a.tookMs))} ms`);
  }

  /** The statuses of a visit while the database answers: the reads, the sign-in, the sign-up and the comment succeed. */
  const ANSWERED = [200, 200, 200, 200, 200, 200, 201, 201];

  /** Without restarting the server, a visit is answered as before within the bound. */
  async function expectRecovery(): Promise<void> {
    const started = Date.now();
    for (;;) {
      const statuses = (await Promise.all(visit())).map((answer) => answer.status);
      if (statuses.join() === ANSWERED.join()) break;
      if (Date.now() - started > RECOVERY_BOUND_MS) throw new Error(`not recovered: ${statuses.join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    console.log(`recovered ${Date.now() - started} ms after the database returned`);
  }

  beforeAll(async () => {
    // The database lives until afterAll: withScratchPostgres drops it once `dropped` resolves.
    const ready = new Promise<void>((resolveReady, rejectReady) => {
      dropped = withScratchPostgres(postgresUrl, async (databaseUrl) => {
        const target = new URL(databaseUrl);
        proxy = await startProxy({ host: target.hostname, port: Number(target.port || 5432) });
        const proxied = new URL(databaseUrl);
        proxied.hostname = '127.0.0.1';
        proxied.port = String(proxy.port);
        proxiedUrl = proxied.toString();
        server = await startServerProcess({ databaseUrl: proxiedUrl, env });
        person = newPerson('user', 'stall');
        await registerPerson(server.baseURL, person);
        cookie = await signInPerson(server.baseURL, person);
        await new Promise<void>((release) => {
          dropDatabase = release;
          resolveReady();
        });
      }).catch(rejectReady);
    });
    await ready;
  });

  afterAll(async () => {
    await server?.stop();
    await proxy?.close();
    dropDatabase?.();
    await dropped;
  });

  it('answers a frozen database with bounded 503s and Retry-After, then recovers by itself when it answers again', async () => {
    expect((await Promise.all(visit())).map((answer) => answer.status)).toEqual(ANSWERED);
    proxy.set('freeze');
    // What it knows to be current it still answers at once: nothing can change while nobody reaches the database.
    expect((await call(server.baseURL, 'GET', '/api/cars')).status).toBe(200);
    await untilMemoryDistrusted();
    await expectBounded503s();
    await expectBounded503s();
    proxy.set('pass');
    await expectRecovery();
  });

  it('answers a database that is down with bounded 503s and Retry-After, then recovers by itself when it is back', async () => {
    proxy.set('drop');
    await untilMemoryDistrusted();
    await expectBounded503s();
    proxy.set('pass');
    await expectRecovery();
  });

  it('stops a start-up that cannot reach the database within the bound, with one line saying so', async () => {
    proxy.set('freeze');
    try {
      const started = Date.now();
      const exit = await runServerProcessToExit({ databaseUrl: proxiedUrl, env }, 60_000);
      const tookMs = Date.now() - started;
      console.log(`a start against a frozen database stopped after ${tookMs} ms: ${exit.output}`);
      expect(exit.code).toBe(1);
      expect(exit.output.trim().split('\n')).toEqual([
        expect.stringMatching(new RegExp(`^Could not reach the database at 127\\.0\\.0\\.1:${proxy.port}/\\w+ within 1\\.5 s: `)),
      ]);
      // Node, tsx and the app's plugins load first; the database's bound is the part that was unbounded.
      expect(tookMs).toBeLessThan(CONNECT_TIMEOUT_MS + 15_000);
    } finally {
      proxy.set('pass');
    }
  });
});
