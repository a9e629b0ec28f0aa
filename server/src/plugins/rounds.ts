import type { FastifyInstance } from 'fastify';

/**
 * Runs `round` every `everyMs` once the server is ready, as each instance's background jobs do, and
 * with `atReady` once at once, for work a restart must not leave waiting a whole interval. A round
 * still running when the next is due is not doubled, and a failed round is logged and the next one tried. Answers `stop`, which ends the rounds and waits for the one under way, so a
 * closing server leaves nothing half-recorded.
 */
export function runInRounds(
  app: FastifyInstance,
  what: string,
  everyMs: number,
  round: () => Promise<unknown>,
  { atReady = false }: { atReady?: boolean } = {},
): () => Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let running = false;

  const runRound = () => {
    if (running) return;
    running = true;
    current = round()
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => {
        running = false;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(runRound, everyMs);
    timer.unref();
    if (atReady) runRound();
  });
  return async () => {
    clearInterval(timer);
    await current;
  };
}
