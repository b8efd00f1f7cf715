import { toWallTime } from '@clean/shared';
import { ConflictError } from '../../lib/errors';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** "Thu, Dec 4": the visit's date as the owner reads it, in the business time zone. */
function shortDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** The 409 the owner gets for Done (or paid) on a visit that has not started: the hub asks this question. */
export function earlyDoneQuestion(start: Date, timeZone: string): string {
  return `This visit is on ${shortDay(start, timeZone)} — mark it done anyway?`;
}

/**
 * Refuses Done before the visit's start unless the owner confirmed it (`confirmEarly`): a visit a week away is
 * almost always the wrong row tapped (docs/api.md, "Done early").
 */
export function refuseEarlyDone(start: Date, now: Date, confirmEarly: boolean | undefined, timeZone: string) {
  if (start > now && confirmEarly !== true) throw new ConflictError(earlyDoneQuestion(start, timeZone));
}

/** Whether two instants fall on one business date: an undo of Done & paid is taken on the day it was done. */
export const sameBusinessDay = (a: Date, b: Date, timeZone: string) =>
  toWallTime(a.toISOString(), timeZone).slice(0, 10) === toWallTime(b.toISOString(), timeZone).slice(0, 10);
