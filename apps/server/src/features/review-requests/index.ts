import type { FastifyInstance } from 'fastify';
import { everyTick } from '../../lib/ticker';
import { reviewRequestTokensOf, runReviewRequests } from './service';

/** Sends the due review requests every REMINDER tick (the reminders' timer); call before listen. */
export function startReviewRequests(app: FastifyInstance) {
  const deps = {
    db: app.database.db,
    config: app.config,
    tokens: reviewRequestTokensOf(app.config),
  };
  const ticker = everyTick({
    tickMs: app.config.reminderTickMs,
    pass: (now) => runReviewRequests(deps, now),
    log: app.log,
    done: 'review requests queued',
    what: 'review requests',
  });
  app.addHook('preClose', () => ticker.stop());
}
