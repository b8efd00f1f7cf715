import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { resolveJwtSecret } from '../../lib/secrets';
import { siteStore } from '../site/store';
import { visitsReadModel } from '../visits/read-model';
import { visitsStore } from '../visits/store';
import { type OptOutTokens, optOutTokens, type RemindersDeps, scheduleReminders } from './service';
import { remindersStore } from './store';

/** What the reminders work with: their own store, the visits' read model and the business facts in force. */
export function remindersDeps(db: Db, config: Config, tokens: OptOutTokens): RemindersDeps {
  const visits = visitsReadModel({ store: visitsStore(db), timezone: config.timezone });
  return {
    store: remindersStore(db),
    config,
    tokens,
    visitsBetween: visits.visitsBetween,
    facts: () => siteStore(db, config.site).current(),
  };
}

/** Visit reminders (REMINDER_HOURS), every REMINDER tick; call before listen. It stops before the database closes. */
export function startReminders(app: FastifyInstance) {
  if (app.config.reminderHours.length === 0) return;
  const tokens = optOutTokens(resolveJwtSecret(app.config.jwtSecret, app.config.dataDir));
  const reminders = scheduleReminders({
    ...remindersDeps(app.database.db, app.config, tokens),
    log: app.log,
    tickMs: app.config.reminderTickMs,
  });
  app.addHook('preClose', () => reminders.stop());
}
