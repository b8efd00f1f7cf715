import type { Visit } from '@clean/shared';
import { NotFoundError, StaleVersionError, ValidationError } from '../../lib/errors';
import { instantIn } from '../../lib/wall-time';
import { type ChangeDeps, NO_SUCH_VISIT, sameTimeMove, type VisitPatch, type WhileLocked } from './changes';
import { refuseEarlyDone, sameBusinessDay } from './done';
import { staleCleaning } from './stale';

export const ONE_TIME_SKIP =
  'Only a recurring visit can be skipped; move or delete the one-time cleaning instead.';
export const CONFIRM_ONLY_REQUESTS = 'Only a requested time can be confirmed or declined.';

/**
 * The owner's change of a one-time cleaning's visit (move, status, Done & paid, cleaner), in one transaction under
 * its row lock, with the claims of a move or an assignment taken first.
 */
export async function patchOneTime(
  { store, writes, timezone, statusChanged, moved, now, model, claims }: ChangeDeps,
  id: number,
  b: VisitPatch,
  version?: string,
  whileLocked?: WhileLocked,
): Promise<Visit> {
  const row = await store.cleaning(id);
  if (!row) throw new NotFoundError(NO_SUCH_VISIT);
  if (b.status === 'skipped') throw new ValidationError(ONE_TIME_SKIP);
  if (b.status === 'confirmed' || b.status === 'declined') throw new ValidationError(CONFIRM_ONLY_REQUESTS);
  const hours = await store.workingHours();
  const start = b.start === undefined ? undefined : instantIn(b.start, timezone, 'start');
  const current = model.oneTimeVisit(row, hours);
  if (current?.status === 'planned' && sameTimeMove(b, start, current, version)) return current;
  const done = b.status === 'done' || b.paid === true ? true : b.status === 'planned' ? false : undefined;
  // The owner may book a cancelled visit again: any change of its status or time does.
  const cancelledAt = b.status !== undefined || start !== undefined ? null : undefined;
  const changes = { dateTime: start, paid: b.paid, done, cancelledAt, cleanerId: b.cleaner_id };
  return store.changeCleaning(
    id,
    (on) => writes.setCleaning(on, id, changes),
    async (updated, on) => {
      const visit = updated && model.oneTimeVisit(updated, hours);
      if (!visit) throw new NotFoundError(NO_SUCH_VISIT);
      if (b.status !== undefined || b.paid !== undefined) await statusChanged?.(visit, on, b.payment_method);
      const from = row.dateTime;
      if (start && from && from.getTime() !== start.getTime() && b.notify_customer !== false)
        await moved?.(visit, from, on);
      return visit;
    },
    (on) => claims.claimOneTime(on, id, b, start),
    async (locked, on) => {
      await whileLocked?.(on);
      if (version !== undefined && String(locked.version) !== version)
        throw new StaleVersionError(staleCleaning(locked, now(), timezone));
      const at = start ?? locked.dateTime;
      if (done && !locked.doneAt && at) refuseEarlyDone(at, now(), b.confirm_early, timezone);
      // Undo of Done & paid on the day it was done: planned again is unpaid again (docs/api.md, "Done early").
      if (b.status === 'planned' && b.paid === undefined && locked.doneAt)
        if (sameBusinessDay(locked.doneAt, now(), timezone)) changes.paid = false;
    },
  );
}
