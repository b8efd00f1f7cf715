import { parseDateTime, toInstant, toWallTime } from '@clean/shared';
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
