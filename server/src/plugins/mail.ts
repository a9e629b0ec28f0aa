import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { deliverDueMail } from '../mail/deliver';
import { mailSender } from '../mail/transport';
import { runInRounds } from './rounds';

/**
 * The mail worker: every instance runs one, and each mail goes to exactly one of them (the rounds
 * skip rows another is taking). A closing server finishes the round it is in before the sender
 * closes, so no mail is left half-recorded.
 */
async function mail(app: FastifyInstance, config: Pick<ServerConfig, 'mail'>): Promise<void> {
  const sender = mailSender(config.mail, app.log, app.clock);
  const stop = runInRounds(app, 'mail round', config.mail.pollMs, () =>
    deliverDueMail(app.db, sender, config.mail, app.log, app.clock),
  );
  app.addHook('onClose', async () => {
    await stop();
    sender.close();
  });
}

export const mailPlugin = fp(mail, { name: 'mail', fastify: '5.x', dependencies: ['database', 'clock'] });
