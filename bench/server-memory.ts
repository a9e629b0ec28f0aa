/**
 * Resident memory of the API server, run the way `npm start` runs it (node dist-server/main.js) and
 * from source under tsx as before the server was compiled: after a first start on an empty
 * database, after a restart on that same database (the everyday case), and after 1,000 mixed
 * requests over HTTP on loopback. Each server is a child process of its own, so the numbers are
 * the server's alone, not the load generator's. Besides what it holds once ready, each line gives
 * how long the server took to answer /api/health and the most it held at any moment until then
 * (the kernel's high-water mark, VmHWM): a start's peak, which a memory limit must leave room for.
 *
 *   npm run build:server && npm run bench:memory          (both, each on a new PGlite folder)
 *   npm run bench:memory -- compiled                      (one of them: compiled or source)
 *   DATABASE_URL=postgres://... npm run bench:memory -- compiled
 *                                                         (PostgreSQL: a fresh, empty database for each run)
 */
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REQUESTS = 1000;
const CONCURRENCY = 10;
const projectDir = fileURLToPath(new URL('../', import.meta.url));
const probe = new URL('./memory-probe.mjs', import.meta.url).href;

interface Entry {
  name: 'compiled' | 'source';
  label: string;
  file: string;
  /** Node flags besides the probe's. */
  execArgv: string[];
}

const ENTRIES: Entry[] = [
  {
    name: 'compiled',
    label: 'compiled (node dist-server/main.js)',
    file: path.join(projectDir, 'dist-server/main.js'),
    execArgv: [],
  },
  {
    name: 'source',
    label: 'source (node --import tsx server/src/main.ts)',
    file: path.join(projectDir, 'server/src/main.ts'),
    execArgv: ['--import', 'tsx'],
  },
];

interface Memory {
  rss: number;
  /** After a full garbage collection: what the server holds on to, not what it has yet to free. */
  rssAfterGc: number;
  heapUsedAfterGc: number;
}

type FromServer = { type: 'memory'; memory: Memory };

interface Start {
  /** From spawning the process to its first answer on /api/health. */
  seconds: number;
  /** The most resident memory the process had at any moment up to its first answer. */
  peak: number | undefined;
}

/** The process's resident high-water mark in bytes; Linux only (undefined elsewhere). */
async function peakResident(pid: number | undefined): Promise<number | undefined> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kilobytes = status?.match(/^VmHWM:\s+(\d+) kB$/m)?.[1];
  return kilobytes === undefined ? undefined : Number(kilobytes) * 1024;
}

/** A port nothing listens on, for the server to take. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startServer(entry: Entry, dataDir: string) {
  const port = await freePort();
  const spawned = performance.now();
  const child = fork(entry.file, [], {
    cwd: projectDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: '' },
    execArgv: ['--expose-gc', '--import', probe, ...entry.execArgv],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries += 1) {
    if (child.exitCode !== null) throw new Error(`${entry.label} exited with ${child.exitCode}`);
    const health = await fetch(`${base}/api/health`).catch(() => undefined);
    if (health?.ok) break;
    if (tries > 600) throw new Error(`${entry.label} did not answer /api/health`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const start: Start = { seconds: (performance.now() - spawned) / 1000, peak: await peakResident(child.pid) };
  return {
    base,
    start,
    peak: () => peakResident(child.pid),
    measure: () =>
      new Promise<Memory>((resolve) => {
        child.once('message', (message: FromServer) => resolve(message.memory));
        child.send({ type: 'measure' });
      }),
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function load(base: string): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const call = async (method: string, url: string, body?: unknown, cookie?: string) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    await response.arrayBuffer();
    return response;
  };

  const password = 'bench-password-1';
  await call('POST', '/register/owner', {
    username: 'benchowner',
    email: 'owner@bench.in',
    phoneNumber: '9876543210',
    country: 'India',
    password,
    confirmPassword: password,
  });
  await call('POST', '/register/user', { username: 'benchuser', email: 'user@bench.in', password, confirmPassword: password });
  const ownerLogin = await call('POST', '/ownerloginSchema', { email: 'owner@bench.in', password });
  const owner = ownerLogin.headers.get('set-cookie')?.split(';')[0] ?? '';
  const userLogin = await call('POST', '/carsSchema', { email: 'user@bench.in', password });
  const user = userLogin.headers.get('set-cookie')?.split(';')[0] ?? '';

  // The mix a browsing visitor, a renter and an owner make; reads outnumber writes.
  const mix: Array<(i: number) => Promise<unknown>> = [
    () => call('GET', '/api/health'),
    () => call('GET', '/api/comments/get-comment/the-best-way-to-drive-cars'),
    () => call('GET', '/api/comments/get-comment?post=the-best-way-to-drive-cars'),
    () => call('GET', '/api/session', undefined, user),
    (i) => call('POST', '/api/comments/get-comment', { content: `Comment ${i}`, post: 'if-you-are-renting-a-car' }, user),
    () => call('GET', '/get-cars', undefined, owner),
    (i) =>
      call(
        'POST',
        '/add-cars',
        { url: '/images/cars/bmw-x3.svg', carname: `Bench car ${i}`, description: 'x', price: 1000 + i },
        owner,
      ),
    () => call('POST', '/carsSchema', { email: 'nobody@bench.in' }),
    () => call('GET', '/api/nothing-here'),
    () => call('POST', '/register/user', 'not json'),
  ];
  let sent = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (sent < REQUESTS) {
        const i = sent;
        sent += 1;
        await mix[i % mix.length]!(i);
      }
    }),
  );
  return statuses;
}

const megabytes = (bytes: number | undefined) => (bytes === undefined ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

async function measureEntry(entry: Entry): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wow-bench-'));
  try {
    const first = await startServer(entry, dataDir);
    const firstStart = await first.measure();
    await first.stop();

    const server = await startServer(entry, dataDir);
    const before = await server.measure();
    const started = performance.now();
    const statuses = await load(server.base);
    const seconds = (performance.now() - started) / 1000;
    const after = await server.measure();
    const peakUnderLoad = await server.peak();
    await server.stop();

    console.log(`\n${entry.label}`);
    console.log(`requests: ${REQUESTS} mixed (+4 setup), ${CONCURRENCY} at a time, ${seconds.toFixed(1)} s`);
    console.log(`statuses: ${JSON.stringify(statuses)}`);
    const line = (label: string, memory: Memory) =>
      console.log(
        `${label.padEnd(20)} rss ${megabytes(memory.rss)}, after gc ${megabytes(memory.rssAfterGc)} (JS heap ${megabytes(memory.heapUsedAfterGc)})`,
      );
    const startLine = (label: string, start: Start) =>
      console.log(`${label.padEnd(20)} ${start.seconds.toFixed(1)} s to answer, peak rss ${megabytes(start.peak)}`);
    startLine('first start:', first.start);
    line('  then:', firstStart);
    startLine('restart:', server.start);
    line('  then:', before);
    line(`after ${REQUESTS} requests:`, after);
    console.log(`${'  peak so far:'.padEnd(20)} rss ${megabytes(peakUnderLoad)}`);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

const chosen = ENTRIES.filter((entry) => process.argv[2] === undefined || entry.name === process.argv[2]);
const missing = chosen.find((entry) => !existsSync(entry.file));
if (chosen.length === 0 || missing) {
  console.error(missing ? `${missing.file} is missing: run npm run build:server first.` : 'Which server? compiled or source.');
  process.exit(1);
}
for (const entry of chosen) await measureEntry(entry);
