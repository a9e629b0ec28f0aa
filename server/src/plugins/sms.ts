import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { deliverDueSms } from '../sms/deliver';
import { type SmsSettings, smsSender } from '../sms/transport';
import { runInRounds } from './rounds';

declare module 'fastify' {
  interface FastifyInstance {
    sms: {
      settings: SmsSettings;
      /** Tries queued text `id` now, answering whether the provider took it; if not, the worker retries it. */
      sendNow(id: number): Promise<boolean>;
    };
  }
}

/** The SMS worker, run by every instance as the mail worker is: each text goes to one of them. */
async function sms(app: FastifyInstance, config: Pick<ServerConfig, 'sms'>): Promise<void> {
  const sender = smsSender(config.sms, app.log, app.clock);
  const round = (only?: number) => deliverDueSms(app.db, sender, config.sms, app.log, app.clock, only);
  app.decorate('sms', {
    settings: config.sms,
    sendNow: async (id: number) => (await round(id)).includes(id),
  });
  const stop = runInRounds(app, 'sms round', config.sms.pollMs, async () => (await round()).length);
  app.addHook('onClose', stop);
}

export const smsPlugin = fp(sms, { name: 'sms', fastify: '5.x', dependencies: ['database', 'clock'] });
