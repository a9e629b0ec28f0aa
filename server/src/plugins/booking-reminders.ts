import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ServerConfig } from '../config';
import { queueDueReminders } from '../mail/booking-notices';
import { runInRounds } from './rounds';

/** How often bookings are looked over: a trip's reminder goes out at most this long after it is 24 hours away. */
const REMINDER_ROUND_MS = 60 * 1000;

/**
 * The day-before reminders: every instance runs a round each minute, and each booking is reminded
 * of by one of them (see queueDueReminders); the mail worker sends what a round queues.
 */
async function bookingReminders(app: FastifyInstance, config: Pick<ServerConfig, 'publicUrl'>): Promise<void> {
  const links = { publicUrl: config.publicUrl };
  const stop = runInRounds(app, 'reminder round', REMINDER_ROUND_MS, () => queueDueReminders(app.db, links, app.clock.now()));
  app.addHook('onClose', stop);
}

export const bookingRemindersPlugin = fp(bookingReminders, {
  name: 'booking-reminders',
  fastify: '5.x',
  dependencies: ['database', 'mail', 'clock'],
});
