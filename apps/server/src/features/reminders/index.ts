import type { FastifyInstance } from 'fastify';
import { scheduleReminders } from './service';

/** Visit reminders (REMINDER_HOURS), every REMINDER tick; call before listen. It stops before the database closes. */
export function startReminders(app: FastifyInstance) {
  if (app.config.reminderHours.length === 0) return;
  const reminders = scheduleReminders({
    ...app.services.reminderRuns,
    log: app.log,
    tickMs: app.config.reminderTickMs,
  });
  app.addHook('preClose', () => reminders.stop());
}
