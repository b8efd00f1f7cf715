import type { Config } from '../config';
import type { Db } from '../db/client';
import type { OptOutTokens, RemindersDeps } from '../features/reminders/service';
import { remindersStore } from '../features/reminders/store';
import {
  type ReviewRequestsDeps,
  type ReviewRequestsServiceDeps,
  reviewRequestTokensOf,
} from '../features/review-requests/service';
import { siteStore } from '../features/site/store';
import { visitsReadModel } from '../features/visits/read-model';
import { visitsStore } from '../features/visits/store';

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
