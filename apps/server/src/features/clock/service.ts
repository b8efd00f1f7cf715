import { CLOCK_OFFLINE_MAX_HOURS, type ClockRecord, type ClockTap } from '@clean/shared';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors';
import { instantIn } from '../../lib/wall-time';
import { assignedVisit } from '../visits/assignee';
import { type ClockRow, clockStore } from './store';

export type ClockDeps = { db: Db; timezone: string; now: () => Date };

const MAX_AGE_MS = CLOCK_OFFLINE_MAX_HOURS * 3_600_000;
const NO_SUCH_VISIT = 'There is no such visit of yours.';
const OTHER_TAP = 'This Idempotency-Key was already used for a tap on another visit.';

export const clockAnswer = (r: ClockRow): ClockRecord => ({
  id: r.id,
  key: r.visitKey,
  clock_in_at: r.clockInAt.toISOString(),
  clock_out_at: r.clockOutAt?.toISOString() ?? null,
  recorded_offline: r.inRecordedOffline || r.outRecordedOffline,
  in_recorded_offline: r.inRecordedOffline,
  out_recorded_offline: r.outRecordedOffline,
});

/**
 * Clock in and out (docs/api.md#clock-in-and-out). Every tap carries its own key: a replay (the phone sending its
 * offline taps again) finds the record that key made and answers it, whether the first one arrived a second or
 * an hour ago, so a tap counts once. The unique indexes decide what two taps at once do, never a read before.
 */
export function clockService({ db, timezone, now }: ClockDeps) {
  const store = clockStore(db);

  /** The tap's instant: the server's now, or an offline tap's own time (at most 12 h old, never ahead). */
  function tapTime(tap: ClockTap): { at: Date; offline: boolean } {
    const current = now();
    if (tap.at === undefined) return { at: current, offline: false };
    const at = instantIn(tap.at, timezone, 'at');
    if (at.getTime() > current.getTime()) throw new ValidationError('at cannot be in the future.');
    if (current.getTime() - at.getTime() > MAX_AGE_MS)
      throw new ValidationError(
        `at is more than ${CLOCK_OFFLINE_MAX_HOURS} hours ago; ask the owner to record it.`,
      );
    return { at, offline: true };
  }

  /** The record an earlier tap with this key made, checked to be of this visit. */
  async function replayOf(userId: number, which: 'in' | 'out', visitKey: string, tapKey: string) {
    const done = await store.byKey(userId, which, tapKey);
    if (done && done.visitKey !== visitKey) throw new ConflictError(OTHER_TAP);
    return done && clockAnswer(done);
  }

  async function mine(visitKey: string, userId: number) {
    const visit = await assignedVisit(db, timezone, visitKey, userId);
    if (!visit) throw new NotFoundError(NO_SUCH_VISIT);
    // A replayed tap still finds its record: only a new clock-in is refused on a visit that will not happen.
    return visit;
  }

  return {
    async clockIn(userId: number, visitKey: string, tap: ClockTap, tapKey: string): Promise<ClockRecord> {
      const visit = await mine(visitKey, userId);
      const replay = await replayOf(userId, 'in', visitKey, tapKey);
      if (replay) return replay;
      if (visit.status === 'cancelled' || visit.status === 'skipped')
        throw new ConflictError(`This visit is ${visit.status}: there is nothing to clock in to.`);
      const { at, offline } = tapTime(tap);
      const opened = await store.open(userId, visitKey, at, offline, tapKey);
      if (opened) return clockAnswer(opened);
      // Refused by an index: the same tap arrived at the same moment, or another clock is open.
      const raced = await replayOf(userId, 'in', visitKey, tapKey);
      if (raced) return raced;
      const open = await store.openOf(userId);
      throw new ConflictError(
        open?.visitKey === visitKey
          ? 'You are already clocked in at this visit.'
          : 'You are still clocked in at another visit: clock out there first.',
      );
    },

    async clockOut(userId: number, visitKey: string, tap: ClockTap, tapKey: string): Promise<ClockRecord> {
      await mine(visitKey, userId);
      const replay = await replayOf(userId, 'out', visitKey, tapKey);
      if (replay) return replay;
      const { at, offline } = tapTime(tap);
      const closed = await store.close(userId, visitKey, at, offline, tapKey);
      if (closed) return clockAnswer(closed);
      const raced = await replayOf(userId, 'out', visitKey, tapKey);
      if (raced) return raced;
      const open = await store.openOf(userId);
      if (open?.visitKey === visitKey) throw new ValidationError('at is before your clock-in at this visit.');
      throw new ConflictError('You are not clocked in at this visit.');
    },
  };
}
