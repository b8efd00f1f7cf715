import { parseDateTime, toInstant, wallInstant } from '@clean/shared';
import { ValidationError } from './errors';

/**
 * The instant of a date-time a person sent: with an offset, that instant; without one, wall time in `timeZone` by
 * the one wall-clock rule (wallInstant: a repeated time is the earlier instant). A wall time the zone skips (2:30
 * on a March Sunday in New York) is refused, naming the field, rather than moved an hour behind the person's back.
 * The value has passed dateTimeInput.
 */
export function instantIn(value: string, timeZone: string, label: string): Date {
  const p = parseDateTime(value);
  if (!p || p.offset !== undefined) return toInstant(value, timeZone);
  const utc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.ms);
  const { at, skipped } = wallInstant(utc, timeZone);
  if (skipped) {
    const wall = new Date(utc).toISOString().slice(0, 16).replace('T', ' ');
    throw new ValidationError(
      `${label}: ${wall} does not exist in ${timeZone} (the clocks skip that time that day).`,
    );
  }
  return at;
}
