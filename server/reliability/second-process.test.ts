import { spawn } from 'node:child_process';
import { chmod, lstat, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  commentTexts,
  newPerson,
  type Person,
  postComment,
  registerPerson,
  signInPerson,
  whoIsSignedIn,
} from './support/api-client';
import { runServerProcessToExit, type ServerProcess, startServerProcess } from './support/server-process';

/**
 * One server per PGlite folder, readable by its user only. Without the lock, a second server on the
 * same folder started without a word, each worked on its own copy, and whichever stopped last
 * overwrote the other's writes; and the folder's files were readable (and writable) by every user
 * of the machine.
 */

/** A refused start still boots Node, tsx and the config; on a busy two-core machine that takes a few seconds. */
const REFUSAL_BOUND_MS = 20_000;
const LOCK_DIR = '.wheelsonweb-server.lock';
const HOLDER_FILE = '.wheelsonweb-server.json';

let dataDir: string;
let first: ServerProcess | undefined;
/** The server the tests talk to: the first, or the one started in its place. */
function running(): ServerProcess {
  if (!first) throw new Error('no server is running');
  return first;
}
const written: Array<{ person: Person; cookie: string; comment: string }> = [];

async function writeThrough(server: ServerProcess, count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    const person = newPerson('user', 'second');
    await registerPerson(server.baseURL, person);
    const cookie = await signInPerson(server.baseURL, person);
    const comment = `Written by ${person.username} through pid ${server.pid}`;
    await postComment(server.baseURL, cookie, comment);
    written.push({ person, cookie, comment });
  }
}

/** Every account, session and comment written so far, as the server answers them. */
async function expectEveryWrite(server: ServerProcess): Promise<void> {
  const comments = await commentTexts(server.baseURL);
  for (const { person, cookie, comment } of written) {
    expect(await whoIsSignedIn(server.baseURL, cookie)).toBe(person.username);
    expect(comments.has(comment)).toBe(true);
  }
}

/** Paths under `folder` (itself included) whose mode gives the group or others any access. */
async function openToOthers(folder: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (target: string) => {
    const stats = await lstat(target);
    if (!stats.isSymbolicLink() && (stats.mode & 0o077) !== 0) found.push(`${target} ${(stats.mode & 0o777).toString(8)}`);
    if (stats.isDirectory()) for (const entry of await readdir(target)) await visit(path.join(target, entry));
  };
  await visit(folder);
  return found;
}

beforeAll(async () => {
  dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'wow-second-process-')), 'data');
  first = await startServerProcess({ dataDir });
  await writeThrough(first, 3);
});

afterAll(async () => {
  await first?.stop();
  await rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('a second server on the same DATA_DIR', () => {
  it('refuses at once with one line naming the running server, exits non-zero, and the first keeps working', async () => {
    const started = Date.now();
    const second = await runServerProcessToExit({ dataDir }, REFUSAL_BOUND_MS + 10_000);
    const tookMs = Date.now() - started;
    console.log(`the second server refused after ${tookMs} ms: ${second.output}`);

    expect(second.code).not.toBe(0);
    expect(second.code).not.toBeNull();
    expect(tookMs).toBeLessThan(REFUSAL_BOUND_MS);
    expect(second.output.trim().split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(
          `^DATA_DIR ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by another server \\(pid ${running().pid} on .+, started .+\\); stop it first`,
        ),
      ),
    ]);

    // The first server's writes go on, and the refused start removed nothing it holds.
    await writeThrough(running(), 2);
    await expectEveryWrite(running());
    expect((await stat(path.join(dataDir, LOCK_DIR))).isDirectory()).toBe(true);
  });

  it('finds every write after the first stops and starts again, and the lock is gone after a clean stop', async () => {
    const exit = await running().stop();
    expect(exit.code).toBe(0);
    await expect(stat(path.join(dataDir, LOCK_DIR))).rejects.toMatchObject({ code: 'ENOENT' });

    first = await startServerProcess({ dataDir });
    await expectEveryWrite(first);
    expect(written.length).toBe(5);
  });
});

describe('the data folder', () => {
  it('is 0700 and no file or folder in it is open to the group or others', async () => {
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(await openToOthers(dataDir)).toEqual([]);
  });

  it("is taken over at once from a server that was killed, and an earlier release's open modes are closed", async () => {
    const killed = await running().kill();
    expect(killed.signal).toBe('SIGKILL');
    // The killed server's lock is still there; the files an earlier release left open to all are made private.
    expect((await stat(path.join(dataDir, LOCK_DIR))).isDirectory()).toBe(true);
    await chmod(dataDir, 0o777);
    await chmod(path.join(dataDir, 'PG_VERSION'), 0o666);
    await chmod(path.join(dataDir, 'global'), 0o777);

    const started = Date.now();
    first = await startServerProcess({ dataDir });
    const tookMs = Date.now() - started;
    console.log(`after SIGKILL the next server listened in ${tookMs} ms`);
    expect(tookMs).toBeLessThan(REFUSAL_BOUND_MS);
    await expectEveryWrite(first);
    expect(await openToOthers(dataDir)).toEqual([]);
  });
});

describe('a lock left by a crash whose pid another program now holds', () => {
  /**
   * As after a crash and a reboot, or once pids wrapped: the lock names a pid that is alive, but
   * the process at it is an unrelated one (a `sleep` this test starts) that started after the lock
   * was written.
   */
  async function startOverLockHeldBySleeper(heartbeatAgoMs: number): Promise<void> {
    await running().kill();
    const sleeper = spawn('sleep', ['60']);
    try {
      const holderPath = path.join(dataDir, HOLDER_FILE);
      const holder = JSON.parse(await readFile(holderPath, 'utf8')) as Record<string, unknown>;
      const writtenAt = new Date(Date.now() - 100_000);
      await writeFile(holderPath, JSON.stringify({ ...holder, pid: sleeper.pid, startedAt: writtenAt.toISOString() }));
      const heartbeat = new Date(Date.now() - heartbeatAgoMs);
      await utimes(path.join(dataDir, LOCK_DIR), heartbeat, heartbeat);

      const started = Date.now();
      first = await startServerProcess({ dataDir });
      console.log(
        `over a lock naming a live sleep (heartbeat ${heartbeatAgoMs} ms old) the server listened in ${Date.now() - started} ms`,
      );
      await expectEveryWrite(first);
      expect(JSON.parse(await readFile(holderPath, 'utf8'))).toMatchObject({ pid: first.pid });
    } finally {
      sleeper.kill();
    }
  }

  it('starts when the heartbeat is 100 s old', async () => {
    await startOverLockHeldBySleeper(100_000);
  });

  it('starts when the heartbeat is only seconds old, because that process started after the lock was written', async () => {
    await startOverLockHeldBySleeper(3_000);
  });
});
