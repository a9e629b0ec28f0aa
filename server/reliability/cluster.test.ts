import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from '../cluster/cluster';
import { ensureServerBuild } from '../cluster/compiled-server';
import { BLOG_POST, newPerson, type Person, registerPerson, signInPerson } from './support/api-client';
import { GENEROUS_LIMITS, withScratchPostgres } from './support/server-process';

/**
 * Several instances must behave as one site: three instances of the compiled server on one fresh
 * PostgreSQL database behind nginx (`npm run cluster`'s configuration), driven by 50 keep-alive
 * connections of signed-in renters and owners mixing reads and writes, each write with a marker of
 * its own. A rolling restart must fail no request; a killed instance may fail at most the requests
 * it held. Either way every write the cluster acknowledged is in the database exactly once: nginx
 * never sends a POST twice.
 */

const CONNECTIONS = 50;
const INSTANCES = 3;
/** Renters may post 20 comments in 10 minutes (the per-account quota); owners may list 100 cars. */
const WRITES = { renter: { max: 20, everyMs: 800 }, owner: { max: 100, everyMs: 400 } } as const;
/** Load before and after the fault, so it meets a cluster in full swing and the test sees it recover. */
const LOAD_AROUND_MS = 2_000;
/** Registration and sign-in hash a password: at a few at once the instances' hashing queue never refuses one. */
const SIGN_UP_AT_ONCE = 5;
/** From sending SIGKILL to nginx having seen every connection to the dead instance fail. */
const KILL_SETTLES_MS = 1_000;

interface Worker {
  person: Person;
  cookie: string;
  writes: number;
  nextWriteAt: number;
}

interface Outcome {
  method: 'GET' | 'POST';
  path: string;
  /** The status, or the connection error's code when no answer came. */
  result: number | string;
  startedAt: number;
  endedAt: number;
  /** How many times it was sent again after nginx closed its connection unread (see `send`). */
  resends: number;
  /** The write's marker: the comment's text or the car's name. */
  marker?: string;
}

interface Load {
  outcomes: Outcome[];
  /** Requests sent and not yet answered, now. */
  inFlight: () => number;
  /** Ends the load once every connection's request in flight is answered. */
  finish: () => Promise<void>;
}

/** How a connection nginx closed unread ends for the client: reset, or a write into the closed socket. */
const CLOSED_UNREAD = new Set(['ECONNRESET', 'EPIPE']);
/** Sends after the first for a request whose connection nginx closed unread. */
const RESENDS_MAX = 2;

/**
 * One request on a keep-alive connection of `agent`. A reload retires nginx's workers, and each
 * closes the connections on which it is not handling a request at once, unread; a request already
 * on its way there ends in a reset with no answer. Such a request is sent again, as browsers do on
 * a reused connection: nginx forwards a request only once it has read it, and then answers it. Had
 * a write sent again in fact been handled, its marker would be stored twice, which the tests check.
 */
async function send(
  agent: Agent,
  address: string,
  method: 'GET' | 'POST',
  target: string,
  cookie: string,
  body: unknown,
): Promise<{ result: number | string; resends: number }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  for (let resends = 0; ; resends += 1) {
    const { result, answered } = await new Promise<{ result: number | string; answered: boolean }>((resolve) => {
      let answered = false;
      const outgoing = request(
        `${address}${target}`,
        { agent, method, headers: { cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) } },
        (answer) => {
          answered = true;
          answer.resume();
          answer.once('end', () => resolve({ result: answer.statusCode ?? 'no status', answered }));
          answer.once('error', (error: NodeJS.ErrnoException) => resolve({ result: error.code ?? error.message, answered }));
        },
      );
      outgoing.once('error', (error: NodeJS.ErrnoException) => resolve({ result: error.code ?? error.message, answered }));
      outgoing.end(payload);
    });
    if (answered || typeof result === 'number' || !CLOSED_UNREAD.has(result) || resends === RESENDS_MAX) {
      return { result, resends };
    }
  }
}

/** Each connection's loop: a write when its account's turn has come, reads otherwise. */
function startLoad(address: string, workers: Worker[], tag: string): Load {
  const agent = new Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const outcomes: Outcome[] = [];
  let inFlight = 0;
  let running = true;
  const loop = async (worker: Worker, index: number) => {
    let reads = 0;
    while (running) {
      const limits = WRITES[worker.person.role === 'owner' ? 'owner' : 'renter'];
      const writing = worker.writes < limits.max && performance.now() >= worker.nextWriteAt;
      let outcome: Pick<Outcome, 'method' | 'path' | 'marker'>;
      let body: unknown;
      if (writing) {
        const marker = `${tag}-${index}-${worker.writes}`;
        worker.writes += 1;
        worker.nextWriteAt = performance.now() + limits.everyMs;
        if (worker.person.role === 'owner') {
          outcome = { method: 'POST', path: '/add-cars', marker };
          body = { url: '/images/cars/audi-fiesta.svg', carname: marker, description: 'A well-kept car.', price: 500 };
        } else {
          outcome = { method: 'POST', path: '/api/comments/get-comment', marker };
          body = { content: marker, post: BLOG_POST };
        }
      } else {
        reads += 1;
        outcome = { method: 'GET', path: reads % 2 === 0 ? '/api/cars' : '/api/session' };
      }
      const startedAt = performance.now();
      inFlight += 1;
      const { result, resends } = await send(agent, address, outcome.method, outcome.path, worker.cookie, body);
      inFlight -= 1;
      outcomes.push({ ...outcome, result, resends, startedAt, endedAt: performance.now() });
    }
  };
  const loops = workers.map((worker, index) => loop(worker, index));
  return {
    outcomes,
    inFlight: () => inFlight,
    finish: async () => {
      running = false;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

/** 50 signed-in accounts, half renters and half owners, made through nginx. */
async function signUp(address: string): Promise<Worker[]> {
  const people = Array.from({ length: CONNECTIONS }, (_, index) => newPerson(index % 2 === 0 ? 'user' : 'owner', 'cluster'));
  const workers: Worker[] = [];
  for (let start = 0; start < people.length; start += SIGN_UP_AT_ONCE) {
    const batch = people.slice(start, start + SIGN_UP_AT_ONCE);
    workers.push(
      ...(await Promise.all(
        batch.map(async (person) => {
          await registerPerson(address, person);
          return { person, cookie: await signInPerson(address, person), writes: 0, nextWriteAt: 0 };
        }),
      )),
    );
  }
  return workers;
}

/** How many comments and cars carry each marker of this run, from the database itself. */
async function storedMarkers(databaseUrl: string, tag: string): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ marker: string; count: string }>(
      `SELECT marker, count(*) AS count FROM (
         SELECT content AS marker FROM comments WHERE content LIKE $1
         UNION ALL SELECT car_name FROM cars WHERE car_name LIKE $1
       ) AS written GROUP BY marker`,
      [`${tag}-%`],
    );
    return new Map(rows.map((row) => [row.marker, Number(row.count)]));
  } finally {
    await client.end();
  }
}

const ok = (outcome: Outcome) => typeof outcome.result === 'number' && outcome.result >= 200 && outcome.result < 300;

function summary(outcomes: Outcome[], tookMs: number): string {
  const writes = outcomes.filter((outcome) => outcome.marker !== undefined);
  return `${outcomes.length} requests in ${(tookMs / 1000).toFixed(1)} s (${Math.round(outcomes.length / (tookMs / 1000))}/s), ${writes.length} of them writes, ${outcomes.filter((outcome) => outcome.resends > 0).length} sent again after nginx closed their connection unread, ${outcomes.filter((outcome) => !ok(outcome)).length} failed`;
}

/** Every acknowledged write stored once; no write, acknowledged or not, stored twice. */
function expectWritesOnce(outcomes: Outcome[], stored: Map<string, number>): void {
  const acknowledged = outcomes.filter((outcome) => outcome.marker !== undefined && ok(outcome));
  const missingOrRepeated = acknowledged.filter((outcome) => stored.get(outcome.marker ?? '') !== 1);
  expect(missingOrRepeated.map((outcome) => `${outcome.marker}: ${stored.get(outcome.marker ?? '') ?? 0}`)).toEqual([]);
  expect([...stored].filter(([, count]) => count > 1)).toEqual([]);
}

const serverUrl = process.env.TEST_DATABASE_URL;

describe.each(serverUrl ? [serverUrl] : [])('three instances behind nginx on one PostgreSQL database', (postgresUrl) => {
  /** A fresh database, migrated by the instances as they start, and the cluster on it; `work` gets both. */
  const onFreshCluster = (work: (cluster: Cluster, databaseUrl: string) => Promise<void>) =>
    withScratchPostgres(postgresUrl, async (databaseUrl) => {
      await ensureServerBuild();
      const dataDir = await mkdtemp(path.join(tmpdir(), 'wow-cluster-'));
      try {
        const cluster = await startCluster({
          databaseUrl,
          instances: INSTANCES,
          dataDir,
          staticDir: undefined,
          nginxWorkers: 1,
          output: 'inherit',
          // The lowest hashing cost the server takes, so 50 sign-ups take seconds; the load comes from one address.
          env: { ...GENEROUS_LIMITS, LOG_LEVEL: 'warn', SCRYPT_COST: String(2 ** 14) },
        });
        try {
          await work(cluster, databaseUrl);
        } finally {
          await cluster.stop();
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });

  it('restarts every instance in turn under 50 connections without failing a request or writing twice', async () => {
    await onFreshCluster(async (running, databaseUrl) => {
      const before = running.instances().map((instance) => instance.pid);
      const workers = await signUp(running.address);
      const tag = `roll${randomBytes(4).toString('hex')}`;
      const started = performance.now();
      const load = startLoad(running.address, workers, tag);
      await new Promise((resolve) => setTimeout(resolve, LOAD_AROUND_MS));
      const rollStarted = performance.now();
      await running.rollingRestart();
      const rollMs = performance.now() - rollStarted;
      await new Promise((resolve) => setTimeout(resolve, LOAD_AROUND_MS));
      await load.finish();
      const { outcomes } = load;
      console.log(
        `rolling restart of ${INSTANCES} instances in ${(rollMs / 1000).toFixed(1)} s; ${summary(outcomes, performance.now() - started)}`,
      );

      const after = running.instances().map((instance) => instance.pid);
      expect(after.filter((pid) => before.includes(pid))).toEqual([]);
      expect(outcomes.filter((outcome) => !ok(outcome))).toEqual([]);
      // Only the reloads close connections unread.
      const resent = outcomes.filter((outcome) => outcome.resends > 0);
      expect(resent.filter((outcome) => outcome.startedAt < rollStarted || outcome.startedAt > rollStarted + rollMs)).toEqual([]);
      // The load really ran through the restart, reads and writes alike.
      const during = outcomes.filter((outcome) => outcome.startedAt > rollStarted && outcome.endedAt < rollStarted + rollMs);
      expect(during.filter((outcome) => outcome.method === 'GET').length).toBeGreaterThan(200);
      expect(during.filter((outcome) => outcome.method === 'POST').length).toBeGreaterThan(20);
      expectWritesOnce(outcomes, await storedMarkers(databaseUrl, tag));
    });
  });

  it('moves the traffic of an instance killed under 50 connections to the others, failing at most what it held', async () => {
    await onFreshCluster(async (running, databaseUrl) => {
      const workers = await signUp(running.address);
      const tag = `kill${randomBytes(4).toString('hex')}`;
      const started = performance.now();
      const load = startLoad(running.address, workers, tag);
      await new Promise((resolve) => setTimeout(resolve, LOAD_AROUND_MS));
      const inFlightAtKill = load.inFlight();
      const killedAt = performance.now();
      await running.kill(0);
      await new Promise((resolve) => setTimeout(resolve, 2 * LOAD_AROUND_MS));
      await load.finish();
      const { outcomes } = load;
      const failed = outcomes.filter((outcome) => !ok(outcome));
      console.log(
        `killed one of ${INSTANCES} instances with ${inFlightAtKill} requests in flight; ${summary(outcomes, performance.now() - started)}: ${JSON.stringify(failed.map(({ method, path: target, result }) => `${method} ${target} ${result}`))}`,
      );

      // Only requests the instance held when it died can fail: at most one per connection, all answered at its death.
      expect(failed.length).toBeLessThanOrEqual(CONNECTIONS);
      expect(failed.filter((outcome) => outcome.endedAt > killedAt + KILL_SETTLES_MS)).toEqual([]);
      // Nothing was sent twice: without a reload, nginx closes no connection of a client.
      expect(outcomes.filter((outcome) => outcome.resends > 0)).toEqual([]);
      // The two left serve everything after, reads and writes.
      const afterKill = outcomes.filter((outcome) => outcome.startedAt > killedAt);
      expect(afterKill.filter((outcome) => outcome.method === 'GET' && ok(outcome)).length).toBeGreaterThan(200);
      expect(afterKill.filter((outcome) => outcome.method === 'POST' && ok(outcome)).length).toBeGreaterThan(20);
      expectWritesOnce(outcomes, await storedMarkers(databaseUrl, tag));
    });
  });
});
