import type { FastifyInstance } from 'fastify';
import { customerNotices } from '../notifications/customer';
import { holdsAccess } from '../slots/service';
import { visitsService } from './service';
import { visitsStore } from './store';

/**
 * What the owner's create routes of visits (one-time cleanings, schedules) need beside their own store: the
 * conflicts a new visit would make (held requests counted) and the booking's write with the customer's
 * confirmation in one transaction.
 */
export function newVisitDeps(app: FastifyInstance) {
  const { db } = app.database;
  return {
    conflictsOf: visitsService({
      store: visitsStore(db),
      timezone: app.config.timezone,
      holds: holdsAccess(db, app.config),
    }).conflictsOf,
    booking: customerNotices({ db, config: app.config, kick: app.outbox.kick }).booking,
  };
}
