/**
 * Several instances of the compiled server on one PostgreSQL database behind nginx, all on this
 * machine and unprivileged (`npm run cluster`), so several instances can be tried without root:
 * nginx runs from a temporary folder that holds its configuration, pid, logs and buffers, on a port
 * of its own. Instances are restarted one at a time without failing a request: each leaves nginx's
 * upstream (a reload) and is stopped only once the nginx workers that could still be talking to it
 * have finished.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PHOTO_BYTES_MAX } from '#domain/limits';
import { type CompiledServer, freePort, startCompiledServer, stopChild } from './compiled-server';

const MIB = 1024 * 1024;
const NGINX_READY_MS = 10_000;
/**
 * Longer than any request the server answers itself: its deadline (REQUEST_DEADLINE_MS, 8 s) answers
 * 503 first, and a request waiting on a payment provider gets room for the call (20 s, 25 s with a
 * retry's wait) on top.
 */
const PROXY_READ_TIMEOUT_S = 90;
/** A reload's old workers finish their requests first; the server answers within its 30 s request timeout. */
const RELOAD_WAIT_MS = 40_000;

export interface ClusterOptions {
  /** The PostgreSQL database every instance shares. */
  databaseUrl: string;
  instances: number;
  /**
   * Every instance's DATA_DIR. With PostgreSQL it holds only the photos (`uploads/`, unless S3_* or
   * UPLOADS_DIR say otherwise) and the mail outbox: one folder for all, as they share one machine.
   */
  dataDir: string;
  /** The built app the instances serve beside the API; API only when undefined. */
  staticDir: string | undefined;
  /** nginx's port; a free one when undefined. */
  port?: number;
  /** nginx's worker processes. */
  nginxWorkers?: number;
  /** More variables for every instance. */
  env?: Readonly<Record<string, string>>;
  /** Where the instances' and nginx's own output goes. */
  output: 'inherit' | 'ignore';
  /** A line for each step of a start, a rolling restart or a stop. */
  log?: (line: string) => void;
}

export interface ClusterInstance {
  port: number;
  pid: number | undefined;
}

export interface Cluster {
  /** nginx's address, where clients go. */
  address: string;
  /** nginx's folder: nginx.conf, error.log, access.log. */
  folder: string;
  instances: () => ClusterInstance[];
  /** Restarts every instance in turn, each out of nginx's upstream while it stops and starts. */
  rollingRestart: () => Promise<void>;
  /** SIGKILL, as a crash leaves it: nginx is not told, and finds out from the failed connections. */
  kill: (index: number) => Promise<void>;
  /** Stops nginx, then lets the instances finish their requests and stop. */
  stop: () => Promise<void>;
}

/** nginx from PATH or where Debian's package puts it (/usr/sbin, often not on a user's PATH). */
export function findNginx(): string | undefined {
  const folders = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'].filter(
    (folder) => folder !== '',
  );
  return folders.map((folder) => path.join(folder, 'nginx')).find((candidate) => existsSync(candidate));
}

interface NginxSettings {
  folder: string;
  port: number;
  upstreamPorts: readonly number[];
  workers: number;
}

/** A path inside nginx's configuration, quoted so a space in the temporary folder's name cannot split it. */
function quoted(file: string): string {
  return `"${file.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/**
 * nginx in front of the instances. What matters, and why:
 * - `proxy_next_upstream error timeout http_502 http_503` without `non_idempotent`: a request that
 *   could not reach an instance, or that an instance refused while stopping (503), goes to the next
 *   one; a POST goes on only if it was never sent, so it cannot be written twice.
 * - `X-Forwarded-For` with the client's address and the instances' TRUST_PROXY=1, so limits count
 *   clients, not nginx; `Host` as the client sent it (with its port), which the forgery check compares
 *   the Origin with.
 * - keep-alive to the instances, closed by nginx (4 s) before an instance closes a silent
 *   connection (10 s), so nginx never sends a request on a connection the instance is closing.
 * - a body limit just above the photo limit, so the server's own 413 is what an oversized upload gets.
 */
export function nginxConfig({ folder, port, upstreamPorts, workers }: NginxSettings): string {
  const file = (name: string) => quoted(path.join(folder, name));
  const servers = upstreamPorts.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=10s;`);
  return `# Written by npm run cluster (server/cluster/cluster.ts); rewritten at each rolling restart step.
worker_processes ${workers};
pid ${file('nginx.pid')};
error_log ${file('error.log')} warn;
# A reload's old workers get this long to finish their requests before they are closed.
worker_shutdown_timeout 35s;

events {
  worker_connections 4096;
}

http {
  access_log ${file('access.log')} combined buffer=64k flush=1s;
  client_body_temp_path ${file('client-body')};
  proxy_temp_path ${file('proxy')};
  fastcgi_temp_path ${file('fastcgi')};
  uwsgi_temp_path ${file('uwsgi')};
  scgi_temp_path ${file('scgi')};
  server_tokens off;

  upstream wheelsonweb {
${servers.join('\n')}
    keepalive 32;
    keepalive_timeout 4s;
  }

  server {
    listen 127.0.0.1:${port};
    client_max_body_size ${Math.ceil(PHOTO_BYTES_MAX / MIB) + 1}m;

    location / {
      proxy_pass http://wheelsonweb;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_next_upstream_timeout 10s;
      proxy_connect_timeout 2s;
      proxy_send_timeout 35s;
      proxy_read_timeout ${PROXY_READ_TIMEOUT_S}s;
    }
  }
}
`;
}

/** The pids of `parent`'s children, from /proc. */
async function childrenOf(parent: number): Promise<number[]> {
  const pids = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
  const stats = await Promise.all(pids.map((pid) => readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')));
  return stats.flatMap((stat) => {
    // pid (comm) state ppid ...; comm may hold spaces and parentheses, so fields are read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return ppid === parent ? [Number.parseInt(stat, 10)] : [];
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx was not found on PATH or in /usr/sbin: install it (apt-get install nginx)');
  const folder = await mkdtemp(path.join(tmpdir(), 'wheelsonweb-cluster-'));
  const port = options.port ?? (await freePort());
  const address = `http://127.0.0.1:${port}`;
  const workers = options.nginxWorkers ?? 2;
  const env = {
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    STATIC_DIR: options.staticDir ?? '',
    // nginx is the one hop, and the instances listen on 127.0.0.1 only, where nothing else reaches them.
    TRUST_PROXY: '1',
    PUBLIC_URL: address,
    ...options.env,
  };
  const startInstance = (instancePort?: number) => startCompiledServer({ port: instancePort, env, output: options.output });

  const instances: CompiledServer[] = [];
  let master: ChildProcess | undefined;
  const stop = async () => {
    if (master) {
      log('stopping nginx');
      await stopChild(master, 'SIGQUIT');
    }
    log('stopping the instances (each finishes its requests first)');
    await Promise.all(instances.map((instance) => instance.stop()));
    await rm(folder, { recursive: true, force: true });
  };

  try {
    instances.push(...(await Promise.all(Array.from({ length: options.instances }, () => startInstance()))));
    for (const instance of instances) log(`instance on port ${instance.port} (pid ${instance.child.pid}) ready`);

    const configFile = path.join(folder, 'nginx.conf');
    const writeConfig = (upstreamPorts: readonly number[]) =>
      writeFile(configFile, nginxConfig({ folder, port, upstreamPorts, workers }));
    await writeConfig(instances.map((instance) => instance.port));
    const started = spawn(nginx, ['-p', folder, '-e', path.join(folder, 'error.log'), '-c', configFile, '-g', 'daemon off;'], {
      stdio: ['ignore', options.output, options.output],
    });
    master = started;
    const masterPid = started.pid;
    if (masterPid === undefined) throw new Error(`nginx did not start: ${await errorLog(folder)}`);
    await waitForNginx(started, address, folder);
    log(`nginx on ${address} (its configuration and logs in ${folder})`);

    /** Gives nginx a new upstream; resolves once no worker started before it is left, so none still talks to a removed instance. */
    const reload = async (upstreamPorts: readonly number[]) => {
      await writeConfig(upstreamPorts);
      const before = new Set(await childrenOf(masterPid));
      started.kill('SIGHUP');
      const deadline = performance.now() + RELOAD_WAIT_MS;
      while (true) {
        const now = await childrenOf(masterPid);
        if (now.length > 0 && now.every((pid) => !before.has(pid))) return;
        if (started.exitCode !== null || started.signalCode !== null) throw new Error(`nginx stopped: ${await errorLog(folder)}`);
        if (performance.now() > deadline) throw new Error(`nginx's reload did not finish in time: ${await errorLog(folder)}`);
        await pause(20);
      }
    };

    return {
      address,
      folder,
      instances: () => instances.map((instance) => ({ port: instance.port, pid: instance.child.pid })),
      rollingRestart: async () => {
        for (const [index, old] of instances.entries()) {
          log(`taking the instance on port ${old.port} out of nginx`);
          await reload(instances.filter((other) => other !== old).map((other) => other.port));
          await old.stop();
          const fresh = await startInstance(old.port);
          instances[index] = fresh;
          log(`instance on port ${fresh.port} restarted (pid ${fresh.child.pid}, ${fresh.startMs} ms); back in nginx`);
          await reload(instances.map((instance) => instance.port));
        }
      },
      kill: async (index) => {
        const instance = instances[index];
        if (!instance) throw new Error(`there is no instance ${index}`);
        await instance.stop('SIGKILL');
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function errorLog(folder: string): Promise<string> {
  return (await readFile(path.join(folder, 'error.log'), 'utf8').catch(() => '')).trim().split('\n').slice(-5).join('\n');
}

/** Resolves once nginx answers the API's health check through an instance. */
async function waitForNginx(master: ChildProcess, address: string, folder: string): Promise<void> {
  const deadline = performance.now() + NGINX_READY_MS;
  while (true) {
    if (master.exitCode !== null) throw new Error(`nginx exited with ${master.exitCode}: ${await errorLog(folder)}`);
    const health = await fetch(`${address}/api/health`).catch(() => undefined);
    await health?.arrayBuffer();
    if (health?.ok) return;
    if (performance.now() > deadline)
      throw new Error(`nginx did not answer within ${NGINX_READY_MS} ms: ${await errorLog(folder)}`);
    await pause(50);
  }
}
