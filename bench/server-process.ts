/**
 * What the benches share: the compiled server (`dist-server/main.js`, as `npm start` runs it) in a
 * process of its own on a port of its own, started as `npm run cluster` starts its instances
 * (server/cluster/compiled-server.ts), the clean-up of what a run started, and the report's small
 * helpers. A bench's entry module runs its work through `runBench`.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import path from 'node:path';
import { projectDir, startCompiledServer } from '../server/cluster/compiled-server';

export { ensureServerBuild, freePort, projectDir, stopChild } from '../server/cluster/compiled-server';
export const resultsDir = path.join(projectDir, 'bench/results');
/** Far above what any run sends, so the ceiling against floods never answers a bench's requests with 429. */
const REQUESTS_PER_MINUTE = 1_000_000_000;

// ---------------------------------------------------------------- clean-up

/** What to undo at the end, newest first: children, temporary folders, databases. */
const cleanups: Array<() => Promise<unknown>> = [];

export function onCleanUp(undo: () => Promise<unknown>): void {
  cleanups.push(undo);
}

async function cleanUp(): Promise<void> {
  for (let undo = cleanups.pop(); undo; undo = cleanups.pop()) {
    await undo().catch((error: unknown) => console.error(`clean-up: ${error instanceof Error ? error.message : error}`));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

/** Runs a bench's `main`, undoes what it started whatever happened, and exits with its status (1 when it threw). */
export async function runBench(main: () => Promise<number>): Promise<never> {
  let status = 1;
  try {
    status = await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  } finally {
    await cleanUp();
  }
  process.exit(status);
}

// ---------------------------------------------------------------- processes

export interface Memory {
  /** Resident now. */
  rssMb: number;
  /** The most the process has had resident since it started (VmHWM). */
  peakMb: number;
}

/** Linux's account of a process's memory; undefined where there is no /proc. */
async function memoryOf(pid: number | undefined): Promise<Memory | undefined> {
  if (pid === undefined) return undefined;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => undefined);
  const kilobytes = (field: string) => Number(status?.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1]);
  const rss = kilobytes('VmRSS');
  const peak = kilobytes('VmHWM');
  if (!Number.isFinite(rss) || !Number.isFinite(peak)) return undefined;
  return { rssMb: Math.round(rss / 1024), peakMb: Math.round(peak / 1024) };
}

/**
 * The CPU time a process has used so far (user + system), in seconds, from /proc/<pid>/stat: unlike
 * req/s, what a request costs the server does not change when other work shares the cores.
 */
export async function cpuSecondsOf(pid: number | undefined): Promise<number | undefined> {
  if (pid === undefined) return undefined;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  // The command name (field 2) may hold spaces; the fields after its closing parenthesis do not.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields?.[11]) + Number(fields?.[12]);
  return Number.isFinite(ticks) ? ticks / CLOCK_TICKS_PER_SECOND : undefined;
}
/** Linux's USER_HZ, the unit of /proc/<pid>/stat's times, 100 on every architecture Node runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

export interface RunningServer {
  base: string;
  /** Its CPU time so far, seconds. */
  cpuSeconds: () => Promise<number | undefined>;
  /** From spawning the process to its first healthy answer. */
  startMs: number;
  memory: () => Promise<Memory | undefined>;
  stop: () => Promise<void>;
}

export interface ServerSettings {
  /** A PostgreSQL database for the server; PGlite in `dataDir` when undefined. */
  databaseUrl: string | undefined;
  /** Also for PostgreSQL: the uploads and the mail outbox live there, not in the project's ./data. */
  dataDir: string;
  /** The built app to serve beside the API; API only when undefined. */
  staticDir?: string;
  /** Where the server writes a CPU profile of its whole life (node --cpu-prof), if anywhere. */
  cpuProfileDir?: string;
}

/** The compiled server in a process of its own, its environment ours but for what the settings name; resolves once healthy. */
export async function startServer({ databaseUrl, dataDir, staticDir, cpuProfileDir }: ServerSettings): Promise<RunningServer> {
  // A bench's DATABASE_URL names the server to make a database on; the server gets that database.
  const server = await startCompiledServer({
    env: {
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      STATIC_DIR: staticDir ?? '',
      REQUESTS_PER_MINUTE: String(REQUESTS_PER_MINUTE),
    },
    output: 'inherit',
    extraNodeFlags: cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [],
  });
  onCleanUp(() => server.stop());
  return {
    base: server.base,
    startMs: server.startMs,
    cpuSeconds: () => cpuSecondsOf(server.child.pid),
    memory: () => memoryOf(server.child.pid),
    stop: () => server.stop(),
  };
}

// ---------------------------------------------------------------- report

/** A flag's whole number, `fallback` when the flag is absent. */
export function positiveInteger(name: string, text: string | undefined, fallback: number, min = 1): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} takes a whole number of at least ${min}, not "${text}"`);
  return value;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The median when every value is known; undefined when any is missing (a load that measured nothing). */
export function definedMedian(values: Array<number | undefined>): number | undefined {
  const known = values.filter((value): value is number => value !== undefined);
  return known.length === values.length && known.length > 0 ? median(known) : undefined;
}

/** A Markdown table, its columns padded to line up in a terminal; the first row is the header. */
export function markdownTable(rows: string[][]): string {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0))) ?? [];
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const [header = [], ...body] = rows;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line)].join('\n');
}

export interface GitState {
  commit: string;
  /** Whether tracked files differ from the commit. */
  dirty: boolean;
}

/** The commit measured. */
export function gitState(): GitState {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: projectDir, encoding: 'utf8' }).trim();
    const changes = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: projectDir, encoding: 'utf8' });
    return { commit, dirty: changes.trim() !== '' };
  } catch {
    return { commit: 'unknown', dirty: false };
  }
}

/** Writes a run's results to bench/results/`name`, with the commit, the date and the machine, replacing the last run's. */
export async function writeResults(name: string, git: GitState, results: Record<string, unknown>): Promise<void> {
  await mkdir(resultsDir, { recursive: true });
  const file = path.join(resultsDir, name);
  const machine = { cpus: availableParallelism(), model: cpus()[0]?.model ?? 'unknown', node: process.version };
  const document = { commit: git.commit, uncommittedChanges: git.dirty, date: new Date().toISOString(), machine, ...results };
  await writeFile(file, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`written to ${path.relative(projectDir, file)}`);
}
