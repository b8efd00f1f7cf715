import { type Period, recognisedPeriod } from '@clean/shared';
import type { Db } from '../../db/client';
import { feedUid } from '../calendar-feed/uid';
import { parseKey } from '../visits/rule';
import { visitsStore } from '../visits/store';

/**
 * A schedule as the customer's calendar holds it: one event repeating from the first visit, less its skipped
 * occurrences, with its moved ones as overrides (each named by its usual start).
 */
export type Series = {
  first: Date;
  period: Period;
  skipped: Date[];
  moved: { from: Date; to: Date }[];
};

/** Past every occurrence: the exceptions' upper bound. */
const NEVER = new Date('9999-12-31T00:00:00Z');

/**
 * The UID of a visit in the customer's own calendar: a one-time visit's as the owner's feed names it; every visit of
 * a schedule shares its series' UID, so a later change refers to an event the customer's calendar already has.
 */
export function customerUid(key: string, host: string): string {
  const parsed = parseKey(key);
  return parsed?.kind === 'recurring' ? `series-${parsed.scheduleId}@${host}` : `${feedUid(key)}@${host}`;
}

/**
 * The series of the schedule a visit key names, read through `db` (a change's transaction, to see the change);
 * null for a one-time visit, or a schedule the calendar cannot repeat (no first visit, a frequency not recognised).
 */
export async function seriesOf(db: Db, key: string): Promise<Series | null> {
  const parsed = parseKey(key);
  if (parsed?.kind !== 'recurring') return null;
  const store = visitsStore(db);
  const schedule = await store.schedule(parsed.scheduleId);
  const period = schedule && recognisedPeriod(schedule.frequency);
  if (!schedule?.firstVisitAt || !period) return null;
  const rows = await store.exceptionsBetween([parsed.scheduleId], schedule.firstVisitAt, NEVER);
  return {
    first: schedule.firstVisitAt,
    period,
    skipped: rows.filter((r) => r.status === 'skipped').map((r) => r.originalStart),
    moved: rows.flatMap((r) =>
      r.status !== 'skipped' && r.movedTo ? [{ from: r.originalStart, to: r.movedTo }] : [],
    ),
  };
}

/** The series as it will be once one occurrence (`originalStart`) is skipped, put back, or moved to `to`. */
export function withChange(
  series: Series,
  originalStart: Date,
  change: { skipped: boolean } | { to: Date },
): Series {
  const at = originalStart.getTime();
  const skipped = series.skipped.filter((d) => d.getTime() !== at);
  const moved = series.moved.filter((m) => m.from.getTime() !== at);
  if ('skipped' in change)
    return { ...series, skipped: change.skipped ? [...skipped, originalStart] : skipped };
  return {
    ...series,
    moved: change.to.getTime() === at ? moved : [...moved, { from: originalStart, to: change.to }],
  };
}
