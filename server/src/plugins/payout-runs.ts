import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { sweepRouteLinks } from '../payouts/route-accounts';
import { runWeeklyPayoutsIfDue } from '../payouts/runs';
import { runInRounds } from './rounds';

/** How often each instance asks whether the week's payout run is due: it starts at most this long into PAYOUT_DAY. */
const PAYOUT_ROUND_MS = 5 * 60 * 1000;

/** How often each instance looks for owners' Route linked accounts a save left unfinished. */
const ROUTE_LINK_ROUND_MS = 60 * 1000;

/**
 * The weekly payout run: every instance looks every few minutes, and at start, and on PAYOUT_DAY
 * (India's calendar) the first to find the week's run missing makes it; the run's unique key keeps
 * the others from making it again (server/src/payouts/runs.ts). With Razorpay Route on, owners'
 * linked accounts left unfinished are made too, each by one instance (server/src/payouts/route-accounts.ts).
 */
async function payoutRuns(app: FastifyInstance, { payoutDetailsKey }: Pick<ServerConfig, 'payoutDetailsKey'>): Promise<void> {
  const stopRuns = runInRounds(
    app,
    'payout round',
    PAYOUT_ROUND_MS,
    async () => {
      const run = await runWeeklyPayoutsIfDue(app.db, app.money, app.clock.now());
      if (run) app.log.info({ run: run.number }, 'made the weekly payout run');
    },
    { atReady: true },
  );
  app.addHook('onClose', stopRuns);
  const { route } = app.payments;
  if (route && payoutDetailsKey) {
    const stopLinks = runInRounds(
      app,
      'Route link round',
      ROUTE_LINK_ROUND_MS,
      () => sweepRouteLinks(app.db, route, payoutDetailsKey, app.log, app.clock.now()),
      { atReady: true },
    );
    app.addHook('onClose', stopLinks);
  }
}

export const payoutRunsPlugin = fp(payoutRuns, {
  name: 'payout-runs',
  fastify: '5.x',
  dependencies: ['database', 'clock', 'payments'],
});
