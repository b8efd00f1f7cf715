import type { FastifyInstance } from 'fastify';
import { resolveJwtSecret } from '../../lib/secrets';
import { optOutTokens, scheduleReminders } from './service';

/** Visit reminders (REMINDER_HOURS), every REMINDER tick; call before listen. It stops before the database closes. */
export function startReminders(app: FastifyInstance) {
  if (app.config.reminderHours.length === 0) return;
  const reminders = scheduleReminders({
    db: app.database.db,
    config: app.config,
    tokens: optOutTokens(resolveJwtSecret(app.config.jwtSecret, app.config.dataDir)),
    log: app.log,
    tickMs: app.config.reminderTickMs,
  });
  app.addHook('preClose', () => reminders.stop());
}
