import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runWeeklyPayoutsIfDue } from '../payouts/runs';
import { runInRounds } from './rounds';

/** How often each instance asks whether the week's payout run is due: it starts at most this long into PAYOUT_DAY. */
const PAYOUT_ROUND_MS = 5 * 60 * 1000;

/**
 * The weekly payout run: every instance looks every few minutes, and on PAYOUT_DAY (India's
 * calendar) the first to find the week's run missing makes it; the run's unique key keeps the others
 * from making it again (server/src/payouts/runs.ts).
 */
async function payoutRuns(app: FastifyInstance): Promise<void> {
  const stop = runInRounds(app, 'payout round', PAYOUT_ROUND_MS, async () => {
    const run = await runWeeklyPayoutsIfDue(app.db, app.money, app.clock.now());
    if (run) app.log.info({ run: run.number }, 'made the weekly payout run');
  });
  app.addHook('onClose', stop);
}

export const payoutRunsPlugin = fp(payoutRuns, {
  name: 'payout-runs',
  fastify: '5.x',
  dependencies: ['database', 'clock', 'payments'],
});
