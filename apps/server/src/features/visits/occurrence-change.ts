import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, StaleVersionError, ValidationError } from '../../lib/errors';
import { instantIn } from '../../lib/wall-time';
import { type ChangeDeps, NO_SUCH_VISIT, sameTimeMove, type VisitPatch, type WhileLocked } from './changes';
import { refuseEarlyDone, sameBusinessDay } from './done';
import { CONFIRM_ONLY_REQUESTS } from './one-time-change';
import { isOccurrence } from './rule';
import { staleOccurrence } from './stale';
import { type ExceptionRow, occurrenceVersion } from './store';

export const NOT_AN_OCCURRENCE = 'No visit with that key: the schedule has no visit at that time.';
export const UNPAY_RECURRING =
  'To undo a payment made before today, delete its paid record under Recurring paid.';
export const PAID_STAYS_DONE =
  'This visit is paid, so it stays done; undo Done & paid on the day it was paid, or delete its paid record first.';

/**
 * The owner's change of one occurrence of a schedule (move, skip, status, Done & paid, cleaner), stored as its
 * exception in one transaction under the occurrence's row lock; Done & paid makes or removes its paid record there.
 */
export async function patchRecurring(
  { store, writes, timezone, statusChanged, moved, now, model, claims }: ChangeDeps,
  scheduleId: number,
  originalStart: Date,
  b: VisitPatch,
  version?: string,
  whileLocked?: WhileLocked,
) {
  const schedule = await store.schedule(scheduleId);
  if (!schedule) throw new NotFoundError(NO_SUCH_VISIT);
  const rule = model.ruleFor(schedule);
  if (!rule || !isOccurrence(rule, originalStart, timezone)) throw new NotFoundError(NOT_AN_OCCURRENCE);
  const asked = b.status;
  if (asked === 'confirmed' || asked === 'declined') throw new ValidationError(CONFIRM_ONLY_REQUESTS);
  const hours = await store.workingHours();
  const start = b.start === undefined ? undefined : instantIn(b.start, timezone, 'start');
  const minutes = schedule.durationMinutes ?? hours.default_duration_minutes;
  if (start !== undefined) {
    const current = model.recurringVisit(
      schedule,
      originalStart,
      await store.exception(scheduleId, originalStart),
      hours,
    );
    if (sameTimeMove(b, start, current, version)) return current;
  }

  return store.changeOccurrence(
    scheduleId,
    originalStart,
    async (tx, row, scheduleVersion) => {
      if (scheduleVersion === undefined) throw new NotFoundError(NO_SUCH_VISIT);
      const on = tx as unknown as Db;
      await whileLocked?.(on);
      if (version !== undefined && occurrenceVersion(scheduleVersion, row.version) !== version) {
        const seen = Number(version.split('.')[1]);
        throw new StaleVersionError(staleOccurrence(row, seen, now(), timezone));
      }
      const movedTo =
        start === undefined ? row.movedTo : start.getTime() === originalStart.getTime() ? null : start;
      let status: ExceptionRow['status'] = b.paid === true ? 'done' : (asked ?? row.status);
      if (status === 'done' && row.status !== 'done')
        refuseEarlyDone(movedTo ?? originalStart, now(), b.confirm_early, timezone);
      let recurringPaidId = row.recurringPaidId;
      // Undo of Done & paid on the day it was paid: the paid record goes (docs/api.md, "Done early").
      const undo = b.paid === false || asked === 'planned';
      if (undo && recurringPaidId !== null) {
        const paidAt = await writes.paid.madeAt(on, recurringPaidId);
        if (!paidAt || !sameBusinessDay(paidAt, now(), timezone)) {
          if (b.paid === false) throw new ValidationError(UNPAY_RECURRING);
          throw new ConflictError(PAID_STAYS_DONE);
        }
        await writes.paid.remove(on, recurringPaidId);
        recurringPaidId = null;
        if (asked === undefined) status = 'planned';
      }
      if (recurringPaidId !== null && status !== 'done') {
        if (asked !== undefined) throw new ConflictError(PAID_STAYS_DONE);
        status = 'done';
      }
      // Under the row lock: a concurrent Done & paid finds the record this one made, and makes none.
      if (b.paid === true && recurringPaidId === null)
        recurringPaidId = await writes.paid.create(on, scheduleId, schedule.amount, movedTo ?? originalStart);
      const cleanerId = b.cleaner_id === undefined ? row.cleanerId : b.cleaner_id;
      const changed = await store.setException(tx, row.id, {
        status,
        movedTo,
        cleanerId,
        ...(recurringPaidId === null ? {} : { recurringPaidId }),
      });
      const visit = model.recurringVisit(
        { ...schedule, version: scheduleVersion },
        originalStart,
        { ...row, status, movedTo, recurringPaidId, cleanerId, version: changed },
        hours,
      );
      if (asked !== undefined || b.paid !== undefined) await statusChanged?.(visit, on, b.payment_method);
      const from = row.movedTo ?? originalStart;
      if (start && from.getTime() !== start.getTime() && b.notify_customer !== false)
        await moved?.(visit, from, on);
      return visit;
    },
    (on) => claims.claimOccurrence(on, schedule, originalStart, b, start, minutes),
  );
}
