import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { mailWaitingSides } from '../conversations/conversations';
import { runInRounds } from './rounds';

/** How often conversations are looked over: a side held back by the 15 minutes' gap is mailed at most this long after it ends. */
const MESSAGE_MAIL_ROUND_MS = 60 * 1000;

/**
 * Mails about unread messages that a sent message could not mail at once, its side having been
 * mailed within the last 15 minutes. Every instance runs a round; each side's mail is claimed once.
 */
async function messageMails(app: FastifyInstance, config: Pick<ServerConfig, 'publicUrl'>): Promise<void> {
  const links = { publicUrl: config.publicUrl };
  const stop = runInRounds(app, 'message mail round', MESSAGE_MAIL_ROUND_MS, () =>
    app.db.transaction((tx) => mailWaitingSides(tx, links, app.clock.now())),
  );
  app.addHook('onClose', stop);
}

export const messageMailsPlugin = fp(messageMails, {
  name: 'message-mails',
  fastify: '5.x',
  dependencies: ['database', 'mail', 'clock'],
});
