import { tzOffset } from '@date-fns/tz';

/**
 * The one wall-clock rule (docs/architecture.md, "Wall time"): how a wall time in the business zone becomes an
 * instant, for what a person types, the recurrence, the open times and the reminders alike.
 */

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * The instant of a wall time in `timeZone`, the wall time given as the milliseconds of its fields read as UTC
 * (Date.UTC(y, m, d, h, mi)). A wall time that happens twice (clocks fall back) is the earlier instant, as the
 * clock showed it first. One the clocks skip (spring forward) is moved forward by the gap (02:30 on the New York
 * spring-forward Sunday is 03:30 EDT) and marked `skipped`, so a time a person typed can be refused instead.
 */
export function wallInstant(wallMs: number, timeZone: string): { at: Date; skipped: boolean } {
  // Real zones change their offset at most once within a day either side, and offsets are under a day: the
  // offsets a day before and after are the only ones this wall time can have.
  const before = offsetMinutes(timeZone, wallMs - DAY_MS);
  const after = offsetMinutes(timeZone, wallMs + DAY_MS);
  // Most days: one offset all around, one instant (occurrences and open times ask thousands of times a request).
  if (before === after) return { at: new Date(wallMs - before * MINUTE_MS), skipped: false };
  const earlier = wallMs - Math.max(before, after) * MINUTE_MS;
  const later = wallMs - Math.min(before, after) * MINUTE_MS;
  if (offsetMinutes(timeZone, earlier) * MINUTE_MS === wallMs - earlier)
    return { at: new Date(earlier), skipped: false };
  if (offsetMinutes(timeZone, later) * MINUTE_MS === wallMs - later)
    return { at: new Date(later), skipped: false };
  // In the gap: read with the offset before the change, which lands as far past the change as the wall time is.
  return { at: new Date(wallMs - before * MINUTE_MS), skipped: true };
}

/** Per zone, per UTC day: its offset in minutes when it is the same all day, null on a day the clocks change. */
const dayOffsets = new Map<string, Map<number, number | null>>();
/** Days remembered per zone before starting afresh (about 27 years of days: a bound, not a working limit). */
const MAX_DAYS = 10_000;

/**
 * The zone's offset from UTC in minutes at `ms` (as @date-fns/tz's tzOffset), read once per UTC day: tzOffset
 * costs 5–8 µs (Intl), and open times and occurrences ask it thousands of times a request. A day whose first and
 * last millisecond have the same offset has it throughout (zones change at most once a day); on a day the clocks
 * change, each instant is read exactly.
 */
export function offsetMinutes(timeZone: string, ms: number): number {
  let days = dayOffsets.get(timeZone);
  if (!days || days.size > MAX_DAYS) {
    days = new Map();
    dayOffsets.set(timeZone, days);
  }
  const day = Math.floor(ms / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    const first = tzOffset(timeZone, new Date(day * DAY_MS));
    offset = first === tzOffset(timeZone, new Date(day * DAY_MS + DAY_MS - 1)) ? first : null;
    days.set(day, offset);
  }
  return offset ?? tzOffset(timeZone, new Date(ms));
}
