import type { Visit, WorkingHours } from '@clean/shared';
import type { Db } from '../../db/client';
import { visitsReadModel } from './read-model';
import { visitsStore } from './store';

/**
 * The visits' read port for the open times (features/slots): the working hours, and the schedules' visits starting
 * in [from, to) read on `on` — the caller's transaction, so what it decides under the booking lock sees every
 * visit committed before. Skipped ones are in the list (with their status); one-time cleanings are not.
 */
export type BusyTimes = {
  workingHours: (on: Db) => Promise<WorkingHours>;
  recurringBetween: (on: Db, from: Date, to: Date, hours: WorkingHours) => Promise<Visit[]>;
};

export function busyTimes(timezone: string): BusyTimes {
  return {
    workingHours: (on) => visitsStore(on).workingHours(),
    recurringBetween: (on, from, to, hours) =>
      visitsReadModel({ store: visitsStore(on), timezone }).recurringBetween(from, to, hours),
  };
}
