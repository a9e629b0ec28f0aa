/**
 * Resident memory of the API server: after a first start on an empty database, then after a
 * restart on that same database (the everyday case) and after 1,000 mixed requests over HTTP on
 * loopback. The server runs in a child process (built with buildApp on a temporary PGlite
 * directory) so the numbers are the server's alone, not the load generator's.
 *
 *   npm run bench:memory                       (embedded PGlite)
 *   DATABASE_URL=postgres://... npm run bench:memory   (PostgreSQL: a fresh, empty database)
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';

const REQUESTS = 1000;
const CONCURRENCY = 10;

interface Memory {
  rss: number;
  /** After a full garbage collection: what the server holds on to, not what it has yet to free. */
  rssAfterGc: number;
  heapUsedAfterGc: number;
}

type ToServer = { type: 'measure' } | { type: 'stop' };
type FromServer = { type: 'listening'; port: number } | { type: 'memory'; memory: Memory };

async function runServer(dataDir: string): Promise<void> {
  const app = await buildApp({ ...loadConfig(process.env), dataDir, logLevel: 'warn' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  process.on('message', async (message: ToServer) => {
    if (message.type === 'measure') {
      const { rss } = process.memoryUsage();
      global.gc?.();
      const after = process.memoryUsage();
      const memory = { rss, rssAfterGc: after.rss, heapUsedAfterGc: after.heapUsed };
      process.send?.({ type: 'memory', memory } satisfies FromServer);
    } else {
      await app.close();
      process.exit(0);
    }
  });
  process.send?.({ type: 'listening', port: address.port } satisfies FromServer);
}

function startServer(dataDir: string) {
  const child = fork(fileURLToPath(import.meta.url), [], {
    env: { ...process.env, BENCH_ROLE: 'server', BENCH_DATA_DIR: dataDir },
    execArgv: [...process.execArgv, '--expose-gc'],
  });
  const next = <T extends FromServer['type']>(type: T) =>
    new Promise<Extract<FromServer, { type: T }>>((resolve, reject) => {
      const onMessage = (message: FromServer) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as Extract<FromServer, { type: T }>);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
  return {
    listening: next('listening'),
    measure: async () => {
      const answer = next('memory');
      child.send({ type: 'measure' } satisfies ToServer);
      return (await answer).memory;
    },
    stop: () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' } satisfies ToServer);
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
      call('POST', '/add-cars', { url: '/images/cars/bmw-x3.svg', carname: `Bench car ${i}`, description: 'x', price: 1000 + i }, owner),
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

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wow-bench-'));
  const first = startServer(dataDir);
  await first.listening;
  const firstStart = await first.measure();
  await first.stop();

  const server = startServer(dataDir);
  const { port } = await server.listening;
  const before = await server.measure();
  const started = performance.now();
  const statuses = await load(`http://127.0.0.1:${port}`);
  const seconds = (performance.now() - started) / 1000;
  const after = await server.measure();
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });

  console.log(`requests: ${REQUESTS} mixed (+4 setup), ${CONCURRENCY} at a time, ${seconds.toFixed(1)} s`);
  console.log(`statuses: ${JSON.stringify(statuses)}`);
  const line = (label: string, memory: Memory) =>
    console.log(
      `${label.padEnd(20)} rss ${megabytes(memory.rss)}, after gc ${megabytes(memory.rssAfterGc)} (JS heap ${megabytes(memory.heapUsedAfterGc)})`,
    );
  line('first start:', firstStart);
  line('after a restart:', before);
  line(`after ${REQUESTS} requests:`, after);
}

if (process.env.BENCH_ROLE === 'server') await runServer(process.env.BENCH_DATA_DIR ?? '');
else await main();
