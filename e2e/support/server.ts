import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { startCardProviderStandIn } from '../../server/src/payments/demo/card-provider-stand-in';
import { startRazorpayStandIn, type RazorpayStandIn } from '../../server/src/payments/demo/razorpay-stand-in';
import { watchSmsOutbox } from './sms-outbox';

export const projectDir = fileURLToPath(new URL('../../', import.meta.url));

/** The e2e build has its own folder, built with the run's settings, apart from the dist/ a person starts. */
const E2E_BUILD_DIR = path.join(projectDir, 'dist-e2e');
export const TEST_CARD_KEY = 'pk_test_e2e';

/** The first run builds the app before listening; later runs find the build fresh. */
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 15_000;
/** Server output kept to explain a failed start. */
const KEPT_OUTPUT_LINES = 60;

export interface RunningServer {
  baseURL: string;
  /** The server's DATA_DIR: with no SMTP_URL, its outbox/ folder holds every mail sent, as .eml files. */
  dataDir: string;
  /** The stand-in for Razorpay's API this server talks to: a test authorizes checkout payments at it. */
  razorpay: RazorpayStandIn;
  /**
   * Stops the server, lets `meanwhile` change its data folder as an operator could while it is down
   * (a trip's period moved into the past, say), and starts it again on the same address and data.
   */
  restart: (meanwhile: (dataDir: string) => Promise<void>) => Promise<void>;
  stop: () => Promise<void>;
}

/** Fastify logs one JSON line per event; the listening line carries the address it bound. */
function listeningAddress(line: string): string | undefined {
  const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
  return match?.[1];
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts the server the way `npm start` does (server/src/start.ts: build when stale, then serve
 * the app and the API on one port) on a port the system picks, with a fresh PGlite directory.
 * Resolves once /api/health answers.
 */
/**
 * What a server can have beyond the run's own: Razorpay on (against the API stand-in) and other
 * settings. The run's server has neither, since files pin what a car page offers without them.
 */
export interface ServerOptions {
  razorpay?: boolean;
  /** Demo mode (`npm run demo`): no provider settings at all, the server brings its own stand-ins. */
  demo?: boolean;
  env?: NodeJS.ProcessEnv;
}

export async function startServer(
  staticDir: string = E2E_BUILD_DIR,
  { razorpay: razorpayOn = false, demo = false, env: extraEnv = {} }: ServerOptions = {},
): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wow-e2e-data-'));
  watchSmsOutbox(dataDir);
  // Card payments are on, and Razorpay's when asked, against stand-ins for the providers' APIs: no test reaches the network.
  const cardProvider = await startCardProviderStandIn();
  const razorpay = await startRazorpayStandIn();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    ...(demo
      ? { DEMO: '1' }
      : {
          VITE_STRIPE_PUBLISHABLE_KEY: TEST_CARD_KEY,
          STRIPE_SECRET_KEY: cardProvider.secretKey,
          STRIPE_API_BASE: cardProvider.url,
        }),
    ...(razorpayOn && !demo
      ? {
          RAZORPAY_KEY_ID: razorpay.keyId,
          RAZORPAY_KEY_SECRET: razorpay.keySecret,
          RAZORPAY_WEBHOOK_SECRET: razorpay.webhookSecret,
          RAZORPAY_API_BASE: razorpay.url,
        }
      : {}),
    LOG_LEVEL: 'info',
    // One browser makes every request of the run; the per-address flood backstop is not what is tested here,
    // nor the limit on registrations from one address.
    REQUESTS_PER_MINUTE: '100000',
    REGISTRATIONS_PER_HOUR: '100000',
    // A renter's licence needs an admin's review (server/tests/licences.test.ts tests it); these
    // journeys are about booking, so the operator's counter check stands in for it (LICENCE_CHECK).
    LICENCE_CHECK: 'false',
    ...extraEnv,
  };
  // As `npm start` in a plain shell: a test runner's NODE_ENV=test would make the build a development one
  // (calling the API on port 4000), the build must call its own origin, and the data is this run's.
  delete env.NODE_ENV;
  delete env.VITE_API_URL;
  delete env.DATABASE_URL;

  const output: string[] = [];
  const keep = (line: string) => {
    output.push(line);
    if (output.length > KEPT_OUTPUT_LINES) output.shift();
  };
  let child: ChildProcess | undefined;

  /** Starts the server process on `env`, and answers its address once /api/health answers. */
  const launch = async (): Promise<string> => {
    const started = spawn(process.execPath, ['--import', 'tsx', path.join(projectDir, 'server/src/start.ts')], {
      cwd: projectDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    createInterface({ input: started.stderr! }).on('line', keep);
    const baseURL = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the server did not start within ${START_TIMEOUT_MS} ms`)),
        START_TIMEOUT_MS,
      );
      createInterface({ input: started.stdout! }).on('line', (line) => {
        keep(line);
        const address = listeningAddress(line);
        if (address) {
          clearTimeout(timer);
          resolve(address);
        }
      });
      started.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`the server exited before listening (${code ?? signal})`));
      });
    });
    const health = await fetch(`${baseURL}/api/health`);
    if (!health.ok) throw new Error(`/api/health answered ${health.status}`);
    return baseURL;
  };

  const halt = async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const running = child;
      running.kill('SIGTERM');
      const forced = setTimeout(() => running.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited(running);
      clearTimeout(forced);
    }
  };

  const stop = async () => {
    await halt();
    await rm(dataDir, { recursive: true, force: true });
    await cardProvider.close();
    await razorpay.close();
  };

  const failed = async (error: unknown): Promise<never> => {
    await stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${reason}\n--- server output ---\n${output.join('\n')}`);
  };

  try {
    const baseURL = await launch();
    const restart = async (meanwhile: (dataDir: string) => Promise<void>) => {
      await halt();
      await meanwhile(dataDir);
      // The same port again, so the test's browser contexts keep their address.
      env.PORT = new URL(baseURL).port;
      try {
        await launch();
      } catch (error) {
        await failed(error);
      }
    };
    return { baseURL, dataDir, razorpay, restart, stop };
  } catch (error) {
    return failed(error);
  }
}

/**
 * A server beside the run's own, serving a copy of the run's build. Were a source changed since the
 * run began, this start rebuilds the copy, never the folder the run's server serves: that server
 * lists its files when it starts, so a rebuild under it would leave its pages without their scripts.
 */
export async function startServerOnCopyOfBuild(options: ServerOptions = {}): Promise<RunningServer> {
  const buildCopy = await mkdtemp(path.join(tmpdir(), 'wow-e2e-build-'));
  const removeCopy = () => rm(buildCopy, { recursive: true, force: true });
  try {
    await cp(E2E_BUILD_DIR, buildCopy, { recursive: true });
    const server = await startServer(buildCopy, options);
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await removeCopy();
      },
    };
  } catch (error) {
    await removeCopy();
    throw error;
  }
}
