import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { deliverDueMail } from '../mail/deliver';
import { mailSender } from '../mail/transport';

/**
 * The mail worker: every instance runs one, and each mail goes to exactly one of them (the rounds
 * skip rows another is taking). A round still running when the next is due is not doubled, and a
 * closing server finishes the round it is in, so no mail is left half-recorded.
 */
async function mail(app: FastifyInstance, config: Pick<ServerConfig, 'mail'>): Promise<void> {
  const sender = mailSender(config.mail, app.log);
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<unknown> = Promise.resolve();
  let running = false;

  const runRound = () => {
    if (running) return;
    running = true;
    round = deliverDueMail(app.db, sender, config.mail, app.log)
      .catch((error: unknown) => app.log.error({ err: error }, 'mail round failed'))
      .finally(() => {
        running = false;
      });
  };

  app.addHook('onReady', async () => {
    timer = setInterval(runRound, config.mail.pollMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await round;
    sender.close();
  });
}

export const mailPlugin = fp(mail, { name: 'mail', fastify: '5.x', dependencies: ['database'] });
