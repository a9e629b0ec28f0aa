/**
 * The compiled server (`dist-server/main.js`, what `npm start` runs once its builds are fresh) in a
 * process of its own on a port of its own: shared by the benches and by `npm run cluster`, which
 * start it the same way.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServerWithVite, isServerBuildStale, SERVER_BUILD_DIR } from '../src/static-build';

export const projectDir = fileURLToPath(new URL('../../', import.meta.url));
const serverEntry = path.join(projectDir, SERVER_BUILD_DIR, 'main.js');

/** Node's flags as package.json's start script gives them, so what is measured here runs as `npm start` runs. */
const startFlags: string[] = (() => {
  const { scripts } = JSON.parse(readFileSync(path.join(projectDir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
})();
const HEALTH_WAIT_MS = 120_000;
const STOP_WAIT_MS = 15_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (address && typeof address !== 'string' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function ended(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

/** Ends a child with `signal` (SIGKILL if it lingers) and waits for it to go. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (ended(child)) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_WAIT_MS);
  await exited;
  clearTimeout(timer);
}

/** Builds dist-server/ when it is missing or older than its sources, as `npm start` would. */
export async function ensureServerBuild(): Promise<void> {
  if (await isServerBuildStale(projectDir)) {
    console.log(`Building the server (${SERVER_BUILD_DIR}/ is missing or older than its sources)...`);
    buildServerWithVite(projectDir);
  }
}

export interface CompiledServerOptions {
  /** A free one when undefined. */
  port?: number;
  /** Variables over ours; our DATABASE_URL is never passed on, so a database is named here or PGlite is used. */
  env: Readonly<Record<string, string>>;
  /** Where its log lines go: ours, or nowhere. */
  output: 'inherit' | 'ignore';
  /** Node flags beyond the start script's (a bench's --cpu-prof). */
  extraNodeFlags?: string[];
}

export interface CompiledServer {
  child: ChildProcess;
  port: number;
  base: string;
  /** From spawning the process to its first healthy answer. */
  startMs: number;
  stop: (signal?: NodeJS.Signals) => Promise<void>;
}

/** Starts the compiled server on 127.0.0.1 and resolves once /api/health answers; kills it if it never does. */
export async function startCompiledServer({
  port: wanted,
  env,
  output,
  extraNodeFlags = [],
}: CompiledServerOptions): Promise<CompiledServer> {
  const port = wanted ?? (await freePort());
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  const started = performance.now();
  const child = spawn(process.execPath, [...startFlags, ...extraNodeFlags, serverEntry], {
    cwd: projectDir,
    env: { ...inherited, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', output, output],
  });
  const stop = (signal?: NodeJS.Signals) => stopChild(child, signal);
  const base = `http://127.0.0.1:${port}`;
  try {
    while (true) {
      if (ended(child)) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) before answering /api/health`);
      const health = await fetch(`${base}/api/health`).catch(() => undefined);
      await health?.arrayBuffer();
      if (health?.ok) break;
      if (performance.now() - started > HEALTH_WAIT_MS) throw new Error('the server did not answer /api/health in time');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  return { child, port, base, startMs: Math.round(performance.now() - started), stop };
}
