/**
 * `npm run cluster [-- --instances N] [-- --port P]`: N instances of the compiled server (3 unless
 * told) on the PostgreSQL database at DATABASE_URL, behind nginx on one address, until Ctrl-C or
 * SIGTERM. SIGHUP restarts the instances one at a time, as a deployment would.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildWithVite, isBuildStale } from '../src/static-build';
import { startCluster } from './cluster';
import { ensureServerBuild, projectDir } from './compiled-server';

function wholeNumber(name: string, text: string | undefined, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`--${name} takes a whole number from ${min} to ${max}, not "${text}"`);
  }
  return value;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { instances: { type: 'string' }, port: { type: 'string' } } });
  const instances = wholeNumber('instances', values.instances, 3, 1, 32);
  const port = values.port === undefined ? undefined : wholeNumber('port', values.port, 0, 1, 65_535);
  const databaseUrl = process.env.DATABASE_URL?.trim();
  if (!databaseUrl) {
    throw new Error(
      'npm run cluster needs DATABASE_URL: the PostgreSQL database every instance shares (PGlite belongs to one process), such as\n' +
        '  DATABASE_URL=postgres://postgres@127.0.0.1:5432/wheelsonweb npm run cluster',
    );
  }
  // Built once here, as `npm start` would, rather than by each instance at once.
  const staticDir = path.resolve(process.env.STATIC_DIR?.trim() || path.join(projectDir, 'dist'));
  if (await isBuildStale(projectDir, staticDir)) {
    console.log(`Building the app (${staticDir} is missing or older than its sources)...`);
    buildWithVite(projectDir, staticDir);
  }
  await ensureServerBuild();

  const dataDir = path.resolve(process.env.DATA_DIR?.trim() || path.join(projectDir, 'data'));
  const cluster = await startCluster({
    databaseUrl,
    instances,
    dataDir,
    staticDir,
    port,
    output: 'inherit',
    log: (line) => console.log(`cluster: ${line}`),
  });
  console.log(
    `\nWheelsOnWeb on ${cluster.address}: ${instances} instance${instances === 1 ? '' : 's'} (ports ${cluster
      .instances()
      .map((instance) => instance.port)
      .join(', ')}) behind nginx.\n` +
      `Photos: ${process.env.S3_BUCKET ? `the S3 bucket ${process.env.S3_BUCKET}` : `one folder for all, ${process.env.UPLOADS_DIR ?? path.join(dataDir, 'uploads')}`}.\n` +
      `kill -HUP ${process.pid} restarts the instances one at a time; Ctrl-C stops them all.\n`,
  );

  let rolling: Promise<void> | undefined;
  process.on('SIGHUP', () => {
    if (rolling) return console.log('cluster: a rolling restart is already under way');
    rolling = cluster
      .rollingRestart()
      .then(() => console.log('cluster: rolling restart done'))
      .catch((error: unknown) =>
        console.error(`cluster: the rolling restart failed: ${error instanceof Error ? error.message : error}`),
      )
      .finally(() => {
        rolling = undefined;
      });
  });
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void Promise.resolve(rolling)
        .then(() => cluster.stop())
        .then(() => process.exit(0))
        .catch((error: unknown) => {
          console.error(error instanceof Error ? error.message : error);
          process.exit(1);
        });
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
