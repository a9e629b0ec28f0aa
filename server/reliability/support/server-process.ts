import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { withAdminClient } from '../../tests/postgres-admin';

/**
 * The server as a person runs it: its own process (server/src/main.ts under tsx, the API without
 * the built app), on a port the system picks, with the environment the caller gives. For tests
 * that kill it, start a second one beside it, or cut its database off.
 */

const projectDir = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;
const KEPT_OUTPUT_LINES = 80;

/** The floods these tests make come from one address; the per-address limits are other tests' subject. */
export const GENEROUS_LIMITS: Readonly<Record<string, string>> = {
  REQUESTS_PER_MINUTE: '1000000',
  REGISTRATIONS_PER_HOUR: '1000000',
};

/**
 * The key these servers seal owners' payout details with, as a production server is given one: one
 * for the whole run, so a restarted server still reads what an earlier one saved.
 */
const PAYOUT_DETAILS_KEY = randomBytes(32).toString('base64');

export interface ServerProcessOptions {
  /** PGlite's folder; ignored when `databaseUrl` is given. */
  dataDir?: string;
  databaseUrl?: string;
  /** More variables, over the defaults here (LOG_LEVEL=info, a payout details key, generous per-address limits). */
  env?: Readonly<Record<string, string>>;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The last lines it wrote, stdout and stderr together. */
  output: string;
}

export interface ServerProcess {
  baseURL: string;
  pid: number;
  /** The last lines it wrote so far. */
  output: () => string;
  /** SIGTERM, then SIGKILL if it has not stopped after STOP_TIMEOUT_MS. */
  stop: () => Promise<Exit>;
  /** SIGKILL: no shutdown, no lock released, as a crash or a power cut leaves it. */
  kill: () => Promise<Exit>;
  exited: Promise<Exit>;
}

function launch(options: ServerProcessOptions) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    PAYOUT_DETAILS_KEY,
    ...GENEROUS_LIMITS,
    // These servers' renters book to test faults, not licences (server/tests/licences.test.ts does):
    // the operator's counter check stands in for an admin's review of each one.
    LICENCE_CHECK: 'false',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.dataDir || !options.databaseUrl ? { DATA_DIR: options.dataDir ?? 'memory://' } : {}),
    ...options.env,
  };
  // Vitest's own setting would change nothing here but may one day; the test runner's database is not this server's.
  delete env.NODE_ENV;
  delete env.TEST_DATABASE_URL;
  if (!options.databaseUrl) delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: projectDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(line);
    if (lines.length > KEPT_OUTPUT_LINES) lines.shift();
  };
  const stdout = createInterface({ input: child.stdout });
  stdout.on('line', keep);
  createInterface({ input: child.stderr }).on('line', keep);
  const output = () => lines.join('\n');
  const exited = new Promise<Exit>((resolve) =>
    // 'close' comes after the last output line has been read.
    child.once('close', (code, signal) => resolve({ code, signal, output: output() })),
  );
  return { child, stdout, output, exited };
}

function ended(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Starts a server and resolves once it listens; rejects with its output if it exits or takes too long. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const { child, stdout, output, exited } = launch(options);
  const signalAndWait = async (signal: NodeJS.Signals) => {
    if (!ended(child)) child.kill(signal);
    const forced = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    const exit = await exited;
    clearTimeout(forced);
    return exit;
  };
  const baseURL = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not listen within ${START_TIMEOUT_MS} ms\n${output()}`));
    }, START_TIMEOUT_MS);
    stdout.on('line', (line) => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((exit) => {
      clearTimeout(timer);
      reject(new Error(`the server exited before listening (${exit.code ?? exit.signal})\n${exit.output}`));
    });
  });
  return {
    baseURL,
    pid: child.pid ?? -1,
    output,
    exited,
    stop: () => signalAndWait('SIGTERM'),
    kill: () => signalAndWait('SIGKILL'),
  };
}

/** Runs a server that is expected to stop by itself (a refused start); kills it after `timeoutMs`. */
export async function runServerProcessToExit(options: ServerProcessOptions, timeoutMs: number): Promise<Exit> {
  const { child, exited } = launch(options);
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const exit = await exited;
  clearTimeout(timer);
  return exit;
}

/**
 * A database of its own on the TEST_DATABASE_URL server for `work`, dropped afterwards: its URL is
 * the server's with the database's name.
 */
export async function withScratchPostgres<T>(serverUrl: string, work: (databaseUrl: string) => Promise<T>): Promise<T> {
  const name = `wow_reliability_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  try {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    await withAdminClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  }
}
