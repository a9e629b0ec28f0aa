import { buildApp } from './app';
import { movableClock } from './clock/clock';
import { loadConfig } from './config';
import { startDemoProviders } from './payments/demo/demo-mode';
import { safeErrorLine } from './safe-error';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A bad configuration or an unreachable database is a few clear lines, not a stack trace. */
function failToStart(message: string): never {
  console.error(message);
  process.exit(1);
}

const startMessage = (error: unknown) => failToStart(error instanceof Error ? error.message : String(error));
// Demo mode (`npm run demo`) starts the providers' stand-ins first, and points the real provider code at them.
const demoProviders = process.env.DEMO?.trim() === '1' ? await startDemoProviders(process.env).catch(startMessage) : undefined;
// The configuration's message is written by loadConfig, one line per bad variable; anything else
// may be a database error that quotes the query's values, so only its safe first line is printed.
const config = await Promise.resolve()
  .then(() => loadConfig({ ...process.env, ...demoProviders?.env }))
  .catch(startMessage);
const clock = config.clockStartAt ? { clock: movableClock(config.clockStartAt, { ticks: true }) } : {};
const app = await buildApp(config, { ...clock, ...(demoProviders ? { demoProviders } : {}) }).catch((error: unknown) =>
  failToStart(safeErrorLine(error)),
);
if (demoProviders) {
  app.log.warn('demo mode: payments go to built-in stand-ins of Stripe and Razorpay, and no real money moves');
}

let stopping = false;
async function stop(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const forced = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, SHUTDOWN_GRACE_MS);
  forced.unref();
  try {
    // Stops listening, lets in-flight requests finish, then closes the database (an onClose hook).
    await app.close();
    await demoProviders?.close();
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.port, host: config.host });
