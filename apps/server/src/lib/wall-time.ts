import { parseDateTime, toInstant, toWallTime } from '@clean/shared';
import { tzOffset } from '@date-fns/tz';
import { ValidationError } from './errors';

/**
 * The instant of a date-time as it travels: with an offset, that instant; without one, wall time in `timeZone`.
 * A wall time the zone skips (clocks spring forward: 2:30 on a March Sunday in New York) is refused rather than
 * moved an hour; a repeated one (clocks fall back) is the first of the two, as on the clock before the change.
 */
export function instantIn(value: string, timeZone: string, label: string): Date {
  const at = toInstant(value, timeZone);
  const p = parseDateTime(value);
  if (!p || p.offset !== undefined) return at;
  const pad = (n: number) => String(n).padStart(2, '0');
  const wall = `${p.year}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
  if (toWallTime(at.toISOString(), timeZone) !== wall)
    throw new ValidationError(
      `${label}: ${wall.replace('T', ' ')} does not exist in ${timeZone} (the clocks skip that time that day).`,
    );
  return at;
}

const DAY_MS = 86_400_000;
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
