import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, lstat, mkdir, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * PGlite keeps the database in this process's memory and writes it through to the folder, so two
 * processes on one folder each work on a private copy and the last to write wins: writes are lost.
 * The lock is a directory proper-lockfile makes atomically and keeps fresh while this process
 * lives; signal-exit removes it on exit. PostgreSQL's own postmaster.pid cannot do this here:
 * inside WebAssembly every PGlite has the same pid.
 */
const LOCK_NAME = '.wheelsonweb-server.lock';
/** Who holds the lock, so a refusal names the running process. Beside the lock: proper-lockfile removes its lock with rmdir. */
const HOLDER_NAME = '.wheelsonweb-server.json';
/** What a claim leaves in the folder beside the database: not part of it, so never copied with it. */
export const CLAIM_FILES: readonly string[] = [LOCK_NAME, HOLDER_NAME];
/**
 * A lock not refreshed for this long belongs to a process that is gone (on another machine sharing
 * the folder). Generous, because PGlite runs queries on the event loop that would refresh it: a long
 * migration must not let a second start in, so a younger lock is only taken when the host shows its
 * holder is gone.
 */
const STALE_MS = 30_000;
const REFRESH_MS = 5_000;
/** Only the owner may read or write the database's files. */
const PRIVATE_UMASK = 0o077;
const GROUP_OTHER_BITS = 0o077;

interface Holder {
  pid: number;
  host: string;
  startedAt: string;
  /** The machine's boot the holder ran in; absent in locks written before it was recorded. */
  bootId?: string;
}

/**
 * What this machine tells about its processes. Linux answers through /proc; where /proc is missing
 * (not Linux) both answers are undefined and a live pid on this host keeps the lock until it is
 * STALE_MS old, as before, because a reused pid cannot be told from the holder there.
 */
export interface HostFacts {
  /** This boot of the machine: a pid from another boot is never the holder, whoever has it now. */
  bootId: () => string | undefined;
  /** When the process now holding `pid` started (ms since the epoch), if it runs and that can be read. */
  processStartedAt: (pid: number) => number | undefined;
}

export const linuxHost: HostFacts = {
  bootId: () => readProc('/proc/sys/kernel/random/boot_id')?.trim() || undefined,
  processStartedAt: (pid) => {
    const stat = readProc(`/proc/${pid}/stat`);
    const bootSeconds = Number(readProc('/proc/stat')?.match(/^btime (\d+)$/m)?.[1]);
    if (!stat || !bootSeconds) return undefined;
    // The name in parentheses may hold spaces; the fields after it start with field 3, so
    // starttime (field 22, clock ticks since boot) is the 20th.
    const startTicks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    if (!Number.isFinite(startTicks)) return undefined;
    // btime is whole seconds rounded down, so this is never later than the real start: the process
    // that wrote the lock always reads as started before it wrote it.
    return bootSeconds * 1000 + (startTicks * 1000) / clockTicksPerSecond();
  },
};

function readProc(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

let ticksPerSecond: number | undefined;
/** The kernel's USER_HZ, in which /proc counts; 100 on every common Linux, asked once. */
function clockTicksPerSecond(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** A second server on the same folder: one line that names the running one. */
export class DataFolderInUseError extends Error {
  constructor(dataDir: string, holder: Holder | undefined) {
    const who = holder ? `pid ${holder.pid} on ${holder.host}, started ${holder.startedAt}` : 'a process that is still starting';
    super(`DATA_DIR ${dataDir} is in use by another server (${who}); stop it first, or give this server its own DATA_DIR.`);
    this.name = 'DataFolderInUseError';
  }
}

export interface DataFolderClaim {
  release: () => Promise<void>;
}

/**
 * Makes `dataDir` private to this user and claims it for this process; throws DataFolderInUseError
 * before anything inside is touched when another process holds it. `onLost` is called if the claim is
 * lost while running (its refresh failed for longer than STALE_MS): another process may then write.
 */
export async function claimDataFolder(
  dataDir: string,
  onLost: (error: Error) => void,
  host: HostFacts = linuxHost,
): Promise<DataFolderClaim> {
  const folder = path.resolve(dataDir);
  // Files PGlite creates from now on (through Node's fs) are the owner's only.
  process.umask(PRIVATE_UMASK);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const lockfilePath = path.join(folder, LOCK_NAME);
  const options = { lockfilePath, realpath: false, stale: STALE_MS, update: REFRESH_MS, onCompromised: onLost };
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(folder, options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
    const holder = await readHolder(folder);
    if (!holder || !holderIsGone(holder, host)) throw new DataFolderInUseError(folder, holder);
    // The holder died without removing its lock (SIGKILL, a crash, a reboot): marking the lock as old lets
    // proper-lockfile take it over as stale, with the same care as any stale lock.
    await utimes(lockfilePath, 0, 0);
    try {
      release = await lockfile.lock(folder, options);
    } catch (retryError) {
      if ((retryError as NodeJS.ErrnoException).code !== 'ELOCKED') throw retryError;
      throw new DataFolderInUseError(folder, await readHolder(folder));
    }
  }
  const holder: Holder = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    bootId: host.bootId(),
  };
  await writeFile(path.join(folder, HOLDER_NAME), `${JSON.stringify(holder)}\n`, { mode: 0o600 });
  await makePrivate(folder);
  return { release };
}

async function readHolder(folder: string): Promise<Holder | undefined> {
  try {
    const parsed = JSON.parse(await readFile(path.join(folder, HOLDER_NAME), 'utf8')) as Partial<Holder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string' || typeof parsed.startedAt !== 'string')
      return undefined;
    const bootId = typeof parsed.bootId === 'string' ? parsed.bootId : undefined;
    return { pid: parsed.pid, host: parsed.host, startedAt: parsed.startedAt, bootId };
  } catch {
    // Not written yet (the holder is between taking the lock and writing it) or unreadable.
    return undefined;
  }
}

/**
 * Only a holder on this machine can be checked; elsewhere the lock's age decides. A live pid alone
 * does not prove the holder lives: after a crash and a reboot, or once pids wrap, another program
 * may have it, and a start was refused for a lock nobody held.
 */
function holderIsGone(holder: Holder, host: HostFacts): boolean {
  if (holder.host !== hostname()) return false;
  // A restarted container runs its server under the same pid as the one that died.
  if (holder.pid === process.pid) return true;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
  const bootId = host.bootId();
  if (holder.bootId && bootId && holder.bootId !== bootId) return true;
  // The holder wrote the lock after it started; a process that started later is another program.
  const pidStartedAt = host.processStartedAt(holder.pid);
  return pidStartedAt !== undefined && pidStartedAt > Date.parse(holder.startedAt);
}

/** Folders and files an earlier release (or PGlite before the umask) left readable by others. */
async function makePrivate(target: string): Promise<void> {
  const stats = await lstat(target);
  if (stats.isSymbolicLink()) return;
  if ((stats.mode & GROUP_OTHER_BITS) !== 0) await chmod(target, stats.mode & 0o7700);
  if (!stats.isDirectory()) return;
  for (const entry of await readdir(target)) await makePrivate(path.join(target, entry));
}
