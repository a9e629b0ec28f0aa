import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimDataFolder, type DataFolderClaim, DataFolderInUseError, type HostFacts, linuxHost } from '../src/db/data-folder';

/**
 * The lock a crashed server leaves behind, and whether the next start takes it. The lock's age is
 * its heartbeat (the lock folder's mtime, refreshed every 5 s while its holder runs).
 */

const LOCK_DIR = '.wheelsonweb-server.lock';
const HOLDER_FILE = '.wheelsonweb-server.json';
const THIS_BOOT = 'boot-now';
const SECOND = 1000;

let dataDir: string;
let claim: DataFolderClaim | undefined;
const spawned: ChildProcess[] = [];

beforeEach(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'wow-data-folder-')), 'data');
});
afterEach(async () => {
  await claim?.release();
  claim = undefined;
  for (const child of spawned.splice(0)) child.kill();
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

/** A lock as a server left it: written `writtenAgoMs` ago, its heartbeat `heartbeatAgoMs` old. */
async function leaveLock(lock: { pid: number; bootId?: string; writtenAgoMs: number; heartbeatAgoMs: number }) {
  await mkdir(path.join(dataDir, LOCK_DIR), { recursive: true });
  const holder = {
    pid: lock.pid,
    host: hostname(),
    startedAt: new Date(Date.now() - lock.writtenAgoMs).toISOString(),
    ...(lock.bootId ? { bootId: lock.bootId } : {}),
  };
  await writeFile(path.join(dataDir, HOLDER_FILE), JSON.stringify(holder));
  const heartbeat = new Date(Date.now() - lock.heartbeatAgoMs);
  await utimes(path.join(dataDir, LOCK_DIR), heartbeat, heartbeat);
  return holder;
}

/** This machine, booted as THIS_BOOT, where the process at a pid started `startedAgoMs` ago. */
function host(startedAgoMs: number | undefined): HostFacts {
  return {
    bootId: () => THIS_BOOT,
    processStartedAt: () => (startedAgoMs === undefined ? undefined : Date.now() - startedAgoMs),
  };
}

async function claimWith(facts: HostFacts): Promise<DataFolderClaim> {
  claim = await claimDataFolder(
    dataDir,
    (error) => {
      throw error;
    },
    facts,
  );
  return claim;
}

async function holderNow(): Promise<{ pid: number; bootId?: string }> {
  return JSON.parse(await readFile(path.join(dataDir, HOLDER_FILE), 'utf8'));
}

/** A process that is alive and is not the holder: the test runner that started this worker. */
const livePid = process.ppid;

describe('a lock whose pid is alive on this host', () => {
  it('is taken over when it was written in another boot of the machine', async () => {
    await leaveLock({ pid: livePid, bootId: 'boot-before', writtenAgoMs: 20 * SECOND, heartbeatAgoMs: 2 * SECOND });
    await claimWith(host(60 * SECOND));
    expect(await holderNow()).toMatchObject({ pid: process.pid, bootId: THIS_BOOT });
  });

  it('is taken over in the same boot when the process holding the pid started after the lock was written', async () => {
    await leaveLock({ pid: livePid, bootId: THIS_BOOT, writtenAgoMs: 20 * SECOND, heartbeatAgoMs: 2 * SECOND });
    await claimWith(host(10 * SECOND));
    expect(await holderNow()).toMatchObject({ pid: process.pid });
  });

  it('is refused in the same boot while its owner runs and its heartbeat is fresh', async () => {
    const holder = await leaveLock({ pid: livePid, bootId: THIS_BOOT, writtenAgoMs: 20 * SECOND, heartbeatAgoMs: 2 * SECOND });
    await expect(claimWith(host(25 * SECOND))).rejects.toThrow(DataFolderInUseError);
    expect(await holderNow()).toEqual(holder);
  });

  it('is never taken for its heartbeat age alone under 30 s, however long PGlite has kept its owner busy', async () => {
    await leaveLock({ pid: livePid, bootId: THIS_BOOT, writtenAgoMs: 600 * SECOND, heartbeatAgoMs: 29 * SECOND });
    await expect(claimWith(host(700 * SECOND))).rejects.toThrow(DataFolderInUseError);
  });

  it('is refused while fresh where the host cannot tell boots or start times apart (no /proc)', async () => {
    await leaveLock({ pid: livePid, writtenAgoMs: 20 * SECOND, heartbeatAgoMs: 2 * SECOND });
    await expect(claimWith({ bootId: () => undefined, processStartedAt: () => undefined })).rejects.toThrow(DataFolderInUseError);
  });
});

describe.runIf(process.platform === 'linux')("this Linux machine's /proc", () => {
  it('tells an unrelated program that got the pid after the lock was written from the holder', async () => {
    const holder = await leaveLock({
      pid: 0,
      bootId: linuxHost.bootId(),
      writtenAgoMs: 20 * SECOND,
      heartbeatAgoMs: 2 * SECOND,
    });
    const sleeper = spawn('sleep', ['60']);
    spawned.push(sleeper);
    await writeFile(path.join(dataDir, HOLDER_FILE), JSON.stringify({ ...holder, pid: sleeper.pid }));
    await claimWith(linuxHost);
    expect(await holderNow()).toMatchObject({ pid: process.pid, bootId: linuxHost.bootId() });
  });

  it('keeps the lock for a holder that started before it wrote the lock', async () => {
    await leaveLock({ pid: livePid, bootId: linuxHost.bootId(), writtenAgoMs: 0, heartbeatAgoMs: 2 * SECOND });
    await expect(claimWith(linuxHost)).rejects.toThrow(DataFolderInUseError);
  });
});
