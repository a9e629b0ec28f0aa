import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailRequestedResets } from '../accounts/password-reset';
import type { ServerConfig } from '../config';
import { runInRounds } from './rounds';

/**
 * The links of the resets asked for: made and queued by every instance's rounds, as often as the
 * mail worker looks for mail, so a reset request is answered before any of that work is done.
 */
async function passwordResets(app: FastifyInstance, config: Pick<ServerConfig, 'publicUrl' | 'mail'>): Promise<void> {
  const links = { publicUrl: config.publicUrl };
  const stop = runInRounds(app, 'password reset round', config.mail.pollMs, () =>
    mailRequestedResets(app.db, links, app.clock.now()),
  );
  app.addHook('onClose', stop);
}

export const passwordResetsPlugin = fp(passwordResets, {
  name: 'password-resets',
  fastify: '5.x',
  dependencies: ['database', 'mail', 'clock'],
});
