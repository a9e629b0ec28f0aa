import { buildApp } from './app';
import { loadConfig } from './config';

/** How long in-flight requests get to finish after SIGTERM/SIGINT before the process gives up on them. */
const SHUTDOWN_GRACE_MS = 10_000;

/** A bad configuration or an unreachable database is one clear line, not a stack trace. */
function failToStart(error: unknown): never {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

const config = await Promise.resolve()
  .then(() => loadConfig())
  .catch(failToStart);
const app = await buildApp(config).catch(failToStart);

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
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}

process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));

await app.listen({ port: config.port, host: config.host });
