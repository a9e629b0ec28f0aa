/**
 * How fast the API answers its hot reads under load, each beside a bare Fastify twin that
 * answers the very same bytes from memory in the same run: the twin's rate is the machine's limit for
 * that body, and the route's share of it is what the work behind the route leaves.
 *
 *   npm run bench:api                                   PGlite in a fresh temporary folder
 *   DATABASE_URL=postgres://... npm run bench:api       a fresh database on that server, dropped at the end
 *   npm run bench:api -- --scale 10 --runs 3            10x the data; the median of 3 runs per route
 *   npm run bench:api -- --smoke                        1 s per route at 5 connections; fails on any non-2xx
 *   npm run bench:api -- --only POST                    just the writes
 *   npm run bench:api -- --cpu-prof /tmp/profiles       the loaded server's CPU profile written there
 *
 * Flags: --scale N (1), --duration seconds (8), --connections N (50), --runs N (1), --warmup seconds (1),
 * --only <text> (just the routes whose label contains it; `--only reconciliation` times the
 * reconciliation alone), --cpu-prof <dir> (node --cpu-prof on the server that takes the load, written
 * when it stops: each route's load shows as a busy stretch, the routes in the order printed, each
 * followed by the idle while its twin is measured).
 *
 * The server is the compiled one (`dist-server/main.js`, built first when older than its sources),
 * API only, run as `npm start` runs it, in a process of its own; the twin and autocannon each run in
 * theirs. It starts first on the empty database (the first-start memory peak), is stopped, the bench
 * writes its data into the database with the server's own schema, and the server starts again on it
 * for the load, as after a restart. Requests carry no Accept-Encoding, so both answer uncompressed
 * bytes; the signed-in routes send the session cookie to the twin too. The per-address request
 * ceiling is raised through REQUESTS_PER_MINUTE. Results go to bench/results/api.json (api-smoke.json
 * for --smoke), each run replacing the last.
 *
 * The money reads: one of 100 owners with 10,000 paid bookings between them reads their earnings summary
 * under load like the other signed-in routes, and an admin runs the reconciliation a few times one
 * request at a time (a button, whose answer time counts), printed apart; it must answer in under 2 s.
 *
 * The writes (measured for the capacity plan in docs/scaling.md): signed-in renters comment on a
 * post and ask for cars, and an owner accepts open requests. Every request is a new write, none a
 * repeat the server would refuse: the seed makes enough renters (with sessions) that no one passes
 * the comment or booking-request quota, which have no setting, and enough open requests for every
 * accept. It sizes them for at most WRITE_CEILING writes a second; past that, the list starts over
 * and the repeats show as non-2xx. Their twin answers the same bytes to the same POST.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { toIndiaIso } from '#domain/india-time';
import type { FromLoad, LoadJob, LoadSummary, PreparedRequest, ToLoad } from './api-load';
import { BENCH_PASSWORD, COMMENTS_PER_WRITER, type Seeded, seedBenchData } from './api-seed';
import type { FromTwin, ToTwin, TwinRoute } from './api-twin';
import {
  cpuSecondsOf,
  definedMedian,
  ensureServerBuild,
  gitState,
  markdownTable,
  type Memory,
  median,
  onCleanUp,
  positiveInteger,
  runBench,
  startServer,
  stopChild,
  writeResults,
} from './server-process';

const AVAILABILITY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;
/** The most writes a second the seed makes room for, per write route: several times what this machine manages. */
const WRITE_CEILING = 1_500;

// ---------------------------------------------------------------- settings

const { values: flags } = parseArgs({
  options: {
    scale: { type: 'string' },
    duration: { type: 'string' },
    connections: { type: 'string' },
    runs: { type: 'string' },
    warmup: { type: 'string' },
    smoke: { type: 'boolean', default: false },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});

const smoke = flags.smoke;
const settings = {
  scale: positiveInteger('scale', flags.scale, 1),
  seconds: positiveInteger('duration', flags.duration, smoke ? 1 : 8),
  connections: positiveInteger('connections', flags.connections, smoke ? 5 : 50),
  runs: positiveInteger('runs', flags.runs, 1),
  warmupSeconds: positiveInteger('warmup', flags.warmup, smoke ? 0 : 1, 0),
  smoke,
  only: flags.only,
  cpuProfileDir: flags['cpu-prof'] === undefined ? undefined : path.resolve(flags['cpu-prof']),
};
/** Each write route's writes over the whole run: every load's seconds at the ceiling, two spares per connection and load, and the first answer. */
const writesPerRoute =
  settings.runs * (WRITE_CEILING * (settings.seconds + settings.warmupSeconds) + 4 * settings.connections) + 1;
const serverUrl = process.env.DATABASE_URL?.trim() || undefined;
const databaseKind = serverUrl ? 'postgres' : 'pglite';

// ---------------------------------------------------------------- processes

/** A forked TypeScript module of this folder, with tsx, its output on ours. */
function forkBenchModule(file: string): ChildProcess {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  onCleanUp(() => stopChild(child));
  return child;
}

async function startTwin(routes: TwinRoute[]): Promise<{ base: string; cpuSeconds: () => Promise<number | undefined> }> {
  const twin = forkBenchModule('./api-twin.ts');
  const listening = new Promise<number>((resolve, reject) => {
    twin.once('message', (message: FromTwin) => resolve(message.port));
    twin.once('exit', (code) => reject(new Error(`the twin exited with ${code}`)));
  });
  twin.send({ type: 'serve', routes } satisfies ToTwin);
  return { base: `http://127.0.0.1:${await listening}`, cpuSeconds: () => cpuSecondsOf(twin.pid) };
}

function startLoader(): (job: Omit<LoadJob, 'id'>) => Promise<LoadSummary> {
  const loader = forkBenchModule('./api-load.ts');
  let nextId = 0;
  return (job) =>
    new Promise((resolve, reject) => {
      const id = nextId++;
      const onMessage = (message: FromLoad) => {
        if (message.id !== id) return;
        loader.off('message', onMessage);
        if (message.type === 'result') resolve(message.summary);
        else reject(new Error(`autocannon failed on ${job.url}: ${message.message}`));
      };
      loader.on('message', onMessage);
      loader.send({ type: 'load', job: { ...job, id } } satisfies ToLoad);
    });
}

// ---------------------------------------------------------------- database

async function withPostgres<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server DATABASE_URL names, dropped at the end. */
async function freshPostgresDatabase(url: string): Promise<string> {
  const name = `wow_bench_${randomBytes(6).toString('hex')}`;
  await withPostgres(url, (client) => client.query(`CREATE DATABASE ${name}`));
  onCleanUp(() => withPostgres(url, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)));
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  return databaseUrl.toString();
}

// ---------------------------------------------------------------- routes

interface Sessions {
  owner: string;
  renter: string;
  /** An owner with a year of earnings (bench/api-seed-money.ts). */
  earner: string;
  admin: string;
}

interface BenchRoute {
  label: string;
  kind: 'public' | 'signed in' | 'write';
  url: string;
  cookie?: keyof Sessions;
  /** A write's requests, each new: the route's `url` is then the path's pattern, which the twin answers on. */
  write?: () => PreparedRequest;
  /** What the first answer must hold, so a seeding that went wrong cannot pass for a fast route. */
  check: (body: unknown) => string | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const lengthOf = (value: unknown) => (Array.isArray(value) ? value.length : -1);
const expect = (what: string, actual: unknown, expected: unknown) =>
  actual === expected ? undefined : `expected ${what} ${expected}, got ${String(actual)}`;

/** Takes the next of `count` items in turn each call: the n-th call gets item n mod count, and the round it is in. */
function inTurn(count: number): () => { item: number; round: number } {
  let calls = 0;
  return () => {
    const call = calls++;
    return { item: call % count, round: Math.floor(call / count) };
  };
}

/** A JSON POST as a signed-in account sends it. */
function post(path: string, cookie: string, body: unknown): PreparedRequest {
  return { method: 'POST', path, headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) };
}

/**
 * Renters write in turn, so one account's writes are as far apart as the load allows (one account's
 * writes queue on its quota's lock): the n-th comment or request is renter n mod renters', its
 * round-th. The seed made renters enough that no round passes COMMENTS_PER_WRITER.
 */
function writeRoutes({ writes }: Seeded, cookieName: string): BenchRoute[] {
  const renterCookie = (item: number) => `${cookieName}=${writes.writerTokens[item] ?? ''}`;
  const nextComment = inTurn(writes.writerTokens.length);
  const nextRequest = inTurn(writes.writerTokens.length);
  const nextAccept = inTurn(writes.openRequestIds.length);
  return [
    {
      label: 'POST a comment',
      kind: 'write',
      url: '/api/comments/get-comment',
      write: () => {
        const { item, round } = nextComment();
        if (round >= COMMENTS_PER_WRITER) throw new Error('more comments than the seeded renters may write');
        return post('/api/comments/get-comment', renterCookie(item), {
          post: writes.postSlug,
          content: `Writer ${item + 1}, comment ${round + 1}: the car was clean and the owner was on time.`,
        });
      },
      check: (body) => (isRecord(body) && typeof body.id === 'string' ? undefined : 'expected the new comment'),
    },
    {
      label: 'POST a booking request',
      kind: 'write',
      url: '/api/bookings',
      // A renter's requests are an hour each, two hours apart, so none overlaps another of its own.
      write: () => {
        const { item, round } = nextRequest();
        const from = writes.freeFrom.getTime() + round * 2 * HOUR_MS;
        return post('/api/bookings', renterCookie(item), {
          carName: writes.carNames[(item + round) % writes.carNames.length],
          from: toIndiaIso(new Date(from)),
          to: toIndiaIso(new Date(from + HOUR_MS)),
          driver: false,
        });
      },
      check: (body) => expect('the new booking', isRecord(body) && body.status, 'requested'),
    },
    {
      label: "owner's POST accept",
      kind: 'write',
      url: '/api/bookings/:id/accept',
      write: () => {
        const { item } = nextAccept();
        return post(`/api/bookings/${writes.openRequestIds[item]}/accept`, `${cookieName}=${writes.ownerToken}`, {});
      },
      check: (body) => expect('the accepted booking', isRecord(body) && body.status, 'accepted'),
    },
  ];
}

function benchRoutes(seeded: Seeded, cookieName: string): BenchRoute[] {
  const car = encodeURIComponent(seeded.carName);
  const post = encodeURIComponent(seeded.postSlug);
  const from = Date.parse(`${toIndiaIso(new Date()).slice(0, 10)}T00:00:00+05:30`);
  const period = new URLSearchParams({
    from: toIndiaIso(new Date(from)),
    to: toIndiaIso(new Date(from + AVAILABILITY_DAYS * DAY_MS)),
  });
  const expectedComments = Math.min(200, seeded.counts.comments);
  return [
    {
      label: 'GET /api/cars',
      kind: 'public',
      // The first page as the car list asks for it: no parameters, the server's default page size.
      url: '/api/cars',
      check: (body) => (isRecord(body) && lengthOf(body.data) > 0 ? undefined : 'expected a page of cars'),
    },
    {
      label: 'GET /api/cars/{name}',
      kind: 'public',
      url: `/api/cars/${car}`,
      check: (body) => expect('the car', isRecord(body) && body.carName, seeded.carName),
    },
    {
      label: 'blog post',
      kind: 'public',
      url: `/api/comments/get-comment/${post}`,
      check: (body) => (isRecord(body) && typeof body.title === 'string' ? undefined : 'expected a blog post'),
    },
    {
      label: `comments of a post (${expectedComments})`,
      kind: 'public',
      url: `/api/comments/get-comment?post=${post}`,
      check: (body) => expect('comments', lengthOf(body), expectedComments),
    },
    {
      label: `availability (${AVAILABILITY_DAYS} days)`,
      kind: 'public',
      url: `/api/cars/${car}/availability?${period.toString()}`,
      check: (body) => (isRecord(body) && lengthOf(body.busy) > 0 ? undefined : 'expected busy stretches'),
    },
    {
      label: "owner's GET /get-cars",
      kind: 'signed in',
      url: '/get-cars',
      cookie: 'owner',
      check: (body) => expect("the owner's cars", isRecord(body) && lengthOf(body.data), 100),
    },
    {
      label: 'GET /api/session',
      kind: 'signed in',
      url: '/api/session',
      cookie: 'renter',
      check: (body) => (isRecord(body) && isRecord(body.user) ? undefined : 'expected a signed-in user'),
    },
    {
      label: "owner's earnings summary",
      kind: 'signed in',
      url: '/api/owner/earnings',
      cookie: 'earner',
      check: (body) => (isRecord(body) && typeof body.availablePaise === 'number' ? undefined : "expected an owner's earnings"),
    },
    {
      label: "renter's GET /api/bookings",
      kind: 'signed in',
      url: '/api/bookings',
      cookie: 'renter',
      check: (body) => expect('bookings in all', isRecord(body) && body.total, seeded.counts.renterBookings),
    },
    ...writeRoutes(seeded, cookieName),
  ];
}

/**
 * The admin's reconciliation asked `times` times, one after another on the quiet server: an admin's
 * button, so what counts is how long one answer takes, not how many a second. Fails on an answer that
 * is not 200 or finds the books do not balance.
 */
async function timeReconciliation(base: string, cookie: string, times: number): Promise<{ medianMs: number; times: number[] }> {
  const took: number[] = [];
  for (let attempt = 0; attempt < times; attempt += 1) {
    const started = performance.now();
    const response = await fetch(`${base}/api/admin/money/reconciliation`, { headers: { cookie } });
    const body: unknown = await response.json();
    took.push(performance.now() - started);
    if (!response.ok) throw new Error(`the reconciliation answered ${response.status}: ${JSON.stringify(body)}`);
    if (!isRecord(body) || body.ok !== true)
      throw new Error(`the seeded books do not reconcile: ${JSON.stringify(body).slice(0, 500)}`);
  }
  return { medianMs: median(took), times: took };
}

async function signIn(base: string, formPath: string, email: string): Promise<string> {
  const response = await fetch(`${base}${formPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  await response.arrayBuffer();
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  if (!response.ok || cookie === '') throw new Error(`signing in ${email} on ${formPath} answered ${response.status}`);
  return cookie;
}

interface Answer {
  route: BenchRoute;
  headers: Record<string, string>;
  bytes: number;
  twin: TwinRoute;
}

/** Each route's answer, once, checked: the bytes the twin will send. */
async function firstAnswers(base: string, routes: BenchRoute[], sessions: Sessions): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const route of routes) {
    const headers: Record<string, string> = route.cookie ? { cookie: sessions[route.cookie] } : {};
    const write = route.write?.();
    const response = await fetch(
      `${base}${write?.path ?? route.url}`,
      write ? { method: write.method, headers: write.headers, body: write.body } : { headers },
    );
    const body = Buffer.from(await response.arrayBuffer());
    if (!response.ok)
      throw new Error(`${route.label} (${route.url}) answered ${response.status}: ${body.toString().slice(0, 200)}`);
    const problem = route.check(JSON.parse(body.toString()));
    if (problem) throw new Error(`${route.label} (${route.url}): ${problem}`);
    // Fastify matches routes on the decoded path: the twin's route for `/api/cars/Tata%20Nexon%20EV` is `/api/cars/Tata Nexon EV`.
    const pathOnly = decodeURIComponent(route.url.split('?')[0] ?? route.url);
    answers.push({
      route,
      headers,
      bytes: body.length,
      twin: {
        ...(write ? { method: write.method } : {}),
        path: pathOnly,
        contentType: response.headers.get('content-type') ?? 'application/json',
        body: body.toString('base64'),
      },
    });
  }
  const paths = answers.map((answer) => `${answer.twin.method ?? 'GET'} ${answer.twin.path}`);
  if (new Set(paths).size !== paths.length)
    throw new Error('two measured routes share a method and path: the twin routes on them alone');
  return answers;
}

// ---------------------------------------------------------------- report

/** A load's summary, with the CPU time its target spent per answer while measured. */
type Loaded = LoadSummary & { cpuMicrosecondsPerRequest: number | undefined };

interface Measured {
  server: Loaded;
  twin: Loaded;
}

interface RouteResult {
  label: string;
  kind: BenchRoute['kind'];
  url: string;
  bodyBytes: number;
  /** Over the runs: the median of each number; `ratio` is the median of each run's own ratio. */
  median: {
    requestsPerSecond: number;
    p50Ms: number;
    p99Ms: number;
    twinRequestsPerSecond: number;
    ratio: number;
    cpuMicrosecondsPerRequest: number | undefined;
    twinCpuMicrosecondsPerRequest: number | undefined;
  };
  non2xx: number;
  errors: number;
  twinNon2xx: number;
  twinErrors: number;
  runs: Measured[];
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function summarize(answer: Answer, runs: Measured[]): RouteResult {
  return {
    label: answer.route.label,
    kind: answer.route.kind,
    url: answer.route.url,
    bodyBytes: answer.bytes,
    median: {
      requestsPerSecond: median(runs.map((run) => run.server.requestsPerSecond)),
      p50Ms: median(runs.map((run) => run.server.p50Ms)),
      p99Ms: median(runs.map((run) => run.server.p99Ms)),
      twinRequestsPerSecond: median(runs.map((run) => run.twin.requestsPerSecond)),
      ratio: median(
        runs.map((run) => (run.twin.requestsPerSecond > 0 ? run.server.requestsPerSecond / run.twin.requestsPerSecond : 0)),
      ),
      cpuMicrosecondsPerRequest: definedMedian(runs.map((run) => run.server.cpuMicrosecondsPerRequest)),
      twinCpuMicrosecondsPerRequest: definedMedian(runs.map((run) => run.twin.cpuMicrosecondsPerRequest)),
    },
    non2xx: sum(runs.map((run) => run.server.non2xx)),
    errors: sum(runs.map((run) => run.server.errors)),
    twinNon2xx: sum(runs.map((run) => run.twin.non2xx)),
    twinErrors: sum(runs.map((run) => run.twin.errors)),
    runs,
  };
}

const whole = (value: number) => Math.round(value).toLocaleString('en-US');
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const microseconds = (value: number | undefined) => (value === undefined ? '?' : whole(value));
const percent = (ratio: number) => `${(ratio * 100).toFixed(ratio < 0.1 ? 1 : 0)}%`;

function table(results: RouteResult[]): string {
  return markdownTable([
    ['route', 'body', 'req/s', 'p50 ms', 'p99 ms', 'limit (twin req/s)', 'ratio', 'CPU µs/req (twin)', 'non-2xx'],
    ...results.map((result) => [
      result.label,
      kilobytes(result.bodyBytes),
      whole(result.median.requestsPerSecond),
      whole(result.median.p50Ms),
      whole(result.median.p99Ms),
      whole(result.median.twinRequestsPerSecond),
      percent(result.median.ratio),
      `${microseconds(result.median.cpuMicrosecondsPerRequest)} (${microseconds(result.median.twinCpuMicrosecondsPerRequest)})`,
      whole(result.non2xx + result.errors),
    ]),
  ]);
}

const describeMemory = (memory: Memory | undefined, what: string) =>
  memory ? `${what}: resident ${memory.rssMb} MB, peak ${memory.peakMb} MB` : `${what}: not measurable here (no /proc)`;

// ---------------------------------------------------------------- the run

async function main(): Promise<number> {
  await ensureServerBuild();
  const git = gitState();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wow-bench-api-'));
  onCleanUp(() => rm(dataDir, { recursive: true, force: true }));
  const databaseUrl = serverUrl ? await freshPostgresDatabase(serverUrl) : undefined;
  console.log(
    `bench:api on ${databaseKind} at ${git.commit}${git.dirty ? ' (with uncommitted changes)' : ''}, scale ${settings.scale}, ` +
      `${settings.connections} connections, ${settings.seconds} s per route (+${settings.warmupSeconds} s warm-up), ${settings.runs} run(s)`,
  );

  // The first start, on the empty database: initdb (PGlite), the migrations and the sample data.
  const first = await startServer({ databaseUrl, dataDir });
  const firstStart = { startMs: first.startMs, memory: await first.memory() };
  await first.stop();
  console.log(`${describeMemory(firstStart.memory, 'first start on an empty database')}, healthy after ${firstStart.startMs} ms`);

  const seeded = await seedBenchData({ databaseUrl, dataDir, scale: settings.scale, writes: writesPerRoute });
  console.log(
    `seeded: ${seeded.counts.ownerCars} owner cars (${seeded.counts.owners} owner(s)), ${seeded.counts.comments} comments ` +
      `(+${seeded.counts.replies} replies) on one post, a renter with ${seeded.counts.renterBookings} bookings; ` +
      `for the writes ${seeded.writes.writerTokens.length} signed-in renters and ${seeded.writes.openRequestIds.length} open requests`,
  );

  const server = await startServer({ databaseUrl, dataDir, cpuProfileDir: settings.cpuProfileDir });
  const restart = { startMs: server.startMs, memory: await server.memory() };
  console.log(`${describeMemory(restart.memory, 'start on the seeded database')}, healthy after ${restart.startMs} ms`);
  const sessions: Sessions = {
    owner: await signIn(server.base, '/ownerloginSchema', seeded.owner.email),
    renter: await signIn(server.base, '/carsSchema', seeded.renter.email),
    earner: await signIn(server.base, '/ownerloginSchema', seeded.earner.email),
    admin: await signIn(server.base, '/carsSchema', seeded.admin.email),
  };
  // The sign-in's cookie, whose name depends on COOKIE_SECURE, carries the seeded sessions' tokens too.
  const cookieName = sessions.renter.split('=')[0] ?? '';
  const routes = benchRoutes(seeded, cookieName).filter(
    (route) => settings.only === undefined || route.label.includes(settings.only),
  );
  const timesReconciliation = settings.only === undefined || 'reconciliation'.includes(settings.only);
  if (routes.length === 0 && !timesReconciliation) throw new Error(`no route's label contains "${settings.only}"`);
  const answers = await firstAnswers(server.base, routes, sessions);
  const twin = await startTwin(answers.map((answer) => answer.twin));
  const load = startLoader();

  const measured = new Map<Answer, Measured[]>(answers.map((answer) => [answer, []]));
  // Reads first, all their runs, then writes: a write drops the caches the reads are served from and
  // adds rows, so reads measured between writes would measure what the writes left behind.
  const readsThenWrites = [
    answers.filter((answer) => answer.route.kind !== 'write'),
    answers.filter((answer) => answer.route.kind === 'write'),
  ];
  let afterReads: Memory | undefined;
  for (const group of readsThenWrites) {
    if (group.length === 0) continue;
    for (let run = 1; run <= settings.runs; run += 1) {
      for (const answer of group) {
        // A write load's requests, new ones for each of the server's loads; the twin answers the same ones again.
        const writes = (seconds: number) => {
          const write = answer.route.write;
          if (!write || seconds === 0) return undefined;
          return Array.from({ length: WRITE_CEILING * seconds + 2 * settings.connections }, write);
        };
        const loadOne = async (
          target: { base: string; cpuSeconds: () => Promise<number | undefined> },
          requests: Record<'warmup' | 'measured', PreparedRequest[] | undefined>,
        ): Promise<Loaded> => {
          const job = { url: `${target.base}${answer.route.url}`, headers: answer.headers, connections: settings.connections };
          if (settings.warmupSeconds > 0) await load({ ...job, seconds: settings.warmupSeconds, requests: requests.warmup });
          const cpuBefore = await target.cpuSeconds();
          const summary = await load({ ...job, seconds: settings.seconds, requests: requests.measured });
          const cpuAfter = await target.cpuSeconds();
          const cpuMicrosecondsPerRequest =
            cpuBefore === undefined || cpuAfter === undefined || summary.requests === 0
              ? undefined
              : ((cpuAfter - cpuBefore) * 1e6) / summary.requests;
          return { ...summary, cpuMicrosecondsPerRequest };
        };
        const requests = { warmup: writes(settings.warmupSeconds), measured: writes(settings.seconds) };
        const result = { server: await loadOne(server, requests), twin: await loadOne(twin, requests) };
        measured.get(answer)?.push(result);
        console.log(
          `  run ${run}/${settings.runs}  ${answer.route.label.padEnd(30)} ${whole(result.server.requestsPerSecond).padStart(7)} req/s ` +
            `(p99 ${whole(result.server.p99Ms)} ms, CPU ${microseconds(result.server.cpuMicrosecondsPerRequest)} µs/req), ` +
            `twin ${whole(result.twin.requestsPerSecond)} req/s (CPU ${microseconds(result.twin.cpuMicrosecondsPerRequest)} µs/req)`,
        );
      }
    }
    if (group[0]?.route.kind !== 'write') afterReads = await server.memory();
  }
  const afterLoad = await server.memory();
  const results = answers.map((answer) => summarize(answer, measured.get(answer) ?? []));
  const reconciliation = timesReconciliation
    ? await timeReconciliation(server.base, sessions.admin, smoke ? 1 : Math.max(3, settings.runs))
    : undefined;

  console.log(`\n${databaseKind}, scale ${settings.scale}, at ${git.commit}${git.dirty ? ' (with uncommitted changes)' : ''}`);
  console.log(table(results));
  console.log(describeMemory(firstStart.memory, 'server memory, first start on an empty database'));
  console.log(describeMemory(restart.memory, 'server memory, started on the seeded database'));
  if (afterReads) console.log(describeMemory(afterReads, 'server memory after the reads'));
  console.log(describeMemory(afterLoad, 'server memory after the load'));
  if (reconciliation) {
    console.log(
      `admin's reconciliation over ${seeded.counts.earningBookings} bookings of ${seeded.counts.earningOwners} owners: ` +
        `median ${whole(reconciliation.medianMs)} ms of ${reconciliation.times.length} (${reconciliation.times.map(whole).join(', ')} ms), target under 2000 ms`,
    );
  }

  await writeResults(smoke ? 'api-smoke.json' : 'api.json', git, {
    database: databaseKind,
    ...settings,
    seeded: seeded.counts,
    memory: { firstStart, seededStart: restart, afterReads, afterLoad },
    routes: results,
    reconciliation,
  });

  const failed = results.filter((result) => result.non2xx + result.errors + result.twinNon2xx + result.twinErrors > 0);
  for (const result of failed) {
    console.error(
      `${result.label}: ${result.non2xx} non-2xx and ${result.errors} errors from the server, ` +
        `${result.twinNon2xx} and ${result.twinErrors} from the twin`,
    );
  }
  // Timings never fail a run (CI's smoke test included); answers that are not 2xx make a smoke test fail.
  return smoke && failed.length > 0 ? 1 : 0;
}

await runBench(main);
