import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { everyTick } from '../../lib/ticker';
import { siteStore } from '../site/store';
import {
  type ReviewRequestsDeps,
  type ReviewRequestsServiceDeps,
  reviewRequestTokensOf,
  runReviewRequests,
} from './service';

/** What asking for reviews works with: the review delay of the booking rules in force. */
export const reviewRequestsDeps = (db: Db, config: Config): ReviewRequestsServiceDeps => ({
  db,
  timezone: config.timezone,
  delayHours: async (on) => (await siteStore(on, config.site).current()).bookingRules.reviewDelayHours,
});

/** What sending the due requests works with: the tokens and the business facts in force. */
export const reviewSendingDeps = (db: Db, config: Config): ReviewRequestsDeps => ({
  db,
  config,
  tokens: reviewRequestTokensOf(config),
  facts: () => siteStore(db, config.site).current(),
});

/** Sends the due review requests every REMINDER tick (the reminders' timer); call before listen. */
export function startReviewRequests(app: FastifyInstance) {
  const deps = reviewSendingDeps(app.database.db, app.config);
  const ticker = everyTick({
    tickMs: app.config.reminderTickMs,
    pass: (now) => runReviewRequests(deps, now),
    log: app.log,
    done: 'review requests queued',
    what: 'review requests',
  });
  app.addHook('preClose', () => ticker.stop());
}
