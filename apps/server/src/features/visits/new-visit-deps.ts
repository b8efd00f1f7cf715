import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { customerNotices } from '../notifications/customer';
import { holdsAccessFor } from '../slots/index';
import { visitsService } from './service';
import { visitsStore } from './store';

/**
 * What the owner's create routes of visits (one-time cleanings, schedules) need beside their own store: the
 * conflicts a new visit would make (held requests counted), the booking's write with the customer's
 * confirmation in one transaction, and a schedule's default cleaner decided under the booking lock.
 */
export function newVisitDeps(app: FastifyInstance) {
  const { db } = app.database;
  const visits = visitsService({
    store: visitsStore(db),
    timezone: app.config.timezone,
    holds: holdsAccessFor(db, app.config),
    now: app.clock,
  });
  return {
    conflictsOf: visits.conflictsOf,
    claimSchedule: visits.claimSchedule,
    transaction: <T>(run: (on: Db) => Promise<T>): Promise<T> =>
      db.transaction((tx) => run(tx as unknown as Db)),
    booking: customerNotices({ db, config: app.config, kick: app.outbox.kick }).booking,
  };
}
