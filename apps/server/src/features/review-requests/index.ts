import type { FastifyInstance } from 'fastify';
import { everyTick } from '../../lib/ticker';
import { runReviewRequests } from './service';

/** Sends the due review requests every REMINDER tick (the reminders' timer); call before listen. */
export function startReviewRequests(app: FastifyInstance) {
  const deps = app.services.reviewSending;
  const ticker = everyTick({
    tickMs: app.config.reminderTickMs,
    pass: (now) => runReviewRequests(deps, now),
    log: app.log,
    done: 'review requests queued',
    what: 'review requests',
  });
  app.addHook('preClose', () => ticker.stop());
}
