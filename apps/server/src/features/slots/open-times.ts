import {
  offsetMinutes,
  type QuoteFrequency,
  SLOTS_RECURRING_CHECK,
  WEEKDAYS,
  type WorkingHours,
  wallInstant,
} from '@clean/shared';
import { occurrences } from '../visits/rule';

/**
 * Open times, the pure part: the grid of start times within the working hours, and whether a time is free of the
 * busy spans around it. Every wall time is the business time zone's; the clock (`earliest`) and the zone are
 * parameters.
 */

/** Open times are offered every this many minutes from each working span's start (08:00, 08:30, …). */
export const SLOT_STEP_MINUTES = 30;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Days between a recurring request's visits; null: one time. */
export const FREQUENCY_DAYS: Record<QuoteFrequency, number | null> = {
  one_time: null,
  weekly: 7,
  every_2_weeks: 14,
  every_4_weeks: 28,
};

/** The business date and the minute of its wall clock an instant falls on (the date as a UTC midnight, in ms). */
function wallOf(at: Date, timeZone: string): { dayMs: number; minute: number } {
  const wallMs = at.getTime() + offsetMinutes(timeZone, at.getTime()) * MINUTE;
  const dayMs = Math.floor(wallMs / DAY) * DAY;
  return { dayMs, minute: Math.round((wallMs - dayMs) / MINUTE) };
}

/** The end of the booking horizon: the start of the business day `days` after the one `at` falls on. */
export function horizonEnd(at: Date, days: number, timeZone: string): Date {
  return wallInstant(wallOf(at, timeZone).dayMs + days * DAY, timeZone).at;
}

const clockMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const weekday = (dayMs: number) => WEEKDAYS[(new Date(dayMs).getUTCDay() + 6) % 7] ?? 'mon';

/**
 * Whether a visit starting at `start` for `minutes` starts on the grid of one working span and ends within it,
 * on the same business day, in wall time: a visit across the night the clocks change lasts its minutes, so its
 * wall end moves with the change.
 */
export function onGrid(start: Date, minutes: number, hours: WorkingHours, timeZone: string): boolean {
  const s = wallOf(start, timeZone);
  const e = wallOf(new Date(start.getTime() + minutes * MINUTE), timeZone);
  if (e.dayMs !== s.dayMs) return false;
  return hours.days[weekday(s.dayMs)].some(([a, b]) => {
    const from = clockMinutes(a);
    return from <= s.minute && (s.minute - from) % SLOT_STEP_MINUTES === 0 && e.minute <= clockMinutes(b);
  });
}

/**
 * The grid's start times on `days` business days from `fromDay` (a date as its UTC midnight, in ms), for a visit
 * of `minutes`, not before `earliest`: every SLOT_STEP_MINUTES from each working span's start while the visit
 * fits in the span. A wall time the clocks skip (spring forward) is not offered; one they repeat is its first.
 */
export function gridStarts(input: {
  fromDay: number;
  days: number;
  minutes: number;
  hours: WorkingHours;
  timeZone: string;
  earliest: Date;
}): Date[] {
  const { fromDay, days, minutes, hours, timeZone, earliest } = input;
  const found: Date[] = [];
  for (let i = 0; i < days; i++) {
    const dayMs = fromDay + i * DAY;
    for (const [a, b] of hours.days[weekday(dayMs)]) {
      for (let m = clockMinutes(a); m + minutes <= clockMinutes(b); m += SLOT_STEP_MINUTES) {
        const { at, skipped } = wallInstant(dayMs + m * MINUTE, timeZone);
        // A skipped wall time would be offered as a later one: not this grid point.
        if (skipped || at < earliest) continue;
        if (onGrid(at, minutes, hours, timeZone)) found.push(at);
      }
    }
  }
  return found;
}

/** A request's visits: the time itself, or for a recurring one its next SLOTS_RECURRING_CHECK occurrences. */
export function visitsOf(start: Date, frequency: QuoteFrequency, timeZone: string): Date[] {
  const days = FREQUENCY_DAYS[frequency];
  if (days === null) return [start];
  const nth = occurrences({ first: start, period: { days } }, timeZone);
  return Array.from({ length: SLOTS_RECURRING_CHECK }, (_, k) => nth(k));
}

/** A busy span in ms (a visit or a hold), without the travel buffer. */
export type BusySpan = { start: number; end: number };

/**
 * How many of `spans` (sorted by start, none longer than `longestMs`) overlap [from, to): binary search to the
 * first that may, then a walk to `to`.
 */
export function countOverlapping(spans: BusySpan[], from: number, to: number, longestMs: number): number {
  let lo = 0;
  let hi = spans.length;
  const first = from - longestMs;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid]?.start ?? 0) < first) lo = mid + 1;
    else hi = mid;
  }
  let n = 0;
  for (let i = lo; i < spans.length; i++) {
    const span = spans[i];
    if (!span || span.start >= to) break;
    if (span.end > from) n++;
  }
  return n;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * 2027-03-02T09:00:00-05:00: the instant with the zone's offset there, as GET /api/slots answers it. Written by
 * hand from the cached offset: a TZDate and date-fns' format cost more than the rest of an answer of 200 times.
 */
export function withOffset(at: Date, timeZone: string): string {
  const offset = offsetMinutes(timeZone, at.getTime());
  const wall = new Date(at.getTime() + offset * MINUTE).toISOString().slice(0, 19);
  const abs = Math.abs(offset);
  return `${wall}${offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
