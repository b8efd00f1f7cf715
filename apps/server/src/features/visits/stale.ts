import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { CleaningRow, ExceptionRow } from './store';

/** What every 412 of a visit ends with: the one thing to do next. */
const DECIDE = 'Look at it as it is now and decide again; nothing was changed.';

/** A time as the owner reads it: "10:02 AM" today, "10:02 AM on Mar 2" another day (business time zone). */
function spoken(at: Date, now: Date, timezone: string): string {
  const local = new TZDate(at, timezone);
  const sameDay = format(local, 'yyyy-MM-dd') === format(new TZDate(now, timezone), 'yyyy-MM-dd');
  return sameDay ? format(local, 'h:mm a') : format(local, "h:mm a 'on' MMM d");
}

/** Why a one-time cleaning's visit is no longer as the owner's screen showed it (a 412's sentence). */
export function staleCleaning(row: CleaningRow, now: Date, timezone: string): string {
  if (row.cancelledAt)
    return `The customer cancelled this visit at ${spoken(row.cancelledAt, now, timezone)}. ${DECIDE}`;
  if (row.doneAt) return `This visit was marked done since you opened it. ${DECIDE}`;
  const when = row.dateTime ? ` (it is now at ${spoken(row.dateTime, now, timezone)})` : '';
  return `This visit changed since you opened it${when}. ${DECIDE}`;
}

/** The same for a schedule's occurrence: its exception changed, or its schedule did. */
export function staleOccurrence(
  row: ExceptionRow,
  exceptionVersion: number,
  now: Date,
  timezone: string,
): string {
  if (row.version === exceptionVersion)
    return `This visit's recurring schedule changed since you opened it. ${DECIDE}`;
  if (row.status === 'skipped') return `This visit was skipped since you opened it. ${DECIDE}`;
  if (row.status === 'done') return `This visit was marked done since you opened it. ${DECIDE}`;
  if (row.movedTo)
    return `This visit was moved to ${spoken(row.movedTo, now, timezone)} since you opened it. ${DECIDE}`;
  return `This visit changed since you opened it. ${DECIDE}`;
}
