import { wallInstant } from '@clean/shared';
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/**
 * react-big-calendar lays events out in the browser's own time zone. To show them in the business zone
 * whatever the browser's, each instant becomes a "shifted" Date whose local wall-clock fields equal the
 * business wall time; the calendar's dates are shifted back the same way.
 */
export function toCalendarDate(iso: string | Date, timeZone: string): Date | null {
  const instant = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(instant.getTime())) return null;
  const wall = new TZDate(instant.getTime(), timeZone);
  return new Date(
    wall.getFullYear(),
    wall.getMonth(),
    wall.getDate(),
    wall.getHours(),
    wall.getMinutes(),
    wall.getSeconds(),
  );
}

/**
 * The instant a calendar (shifted) date stands for: its local wall-clock fields read in `timeZone`, by the one
 * wall-clock rule (wallInstant: a repeated time is the earlier instant, a skipped one moves forward).
 */
export function fromCalendarDate(local: Date, timeZone: string): Date {
  const fields = Date.UTC(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    local.getHours(),
    local.getMinutes(),
    local.getSeconds(),
  );
  return wallInstant(fields, timeZone).at;
}

/** Local midnight starting the day of `date`, plus `days`. */
function dayStart(date: Date, days = 0): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export type CalendarRange = { start: Date; end: Date };

/**
 * The visible range of a month view (whole weeks, Sunday first) around `date`, end exclusive —
 * what react-big-calendar shows before its first onRangeChange.
 */
export function monthRange(date: Date): CalendarRange {
  const first = new Date(date.getFullYear(), date.getMonth(), 1);
  const last = new Date(date.getFullYear(), date.getMonth() + 1, 0);
  return { start: dayStart(first, -first.getDay()), end: dayStart(last, 7 - last.getDay()) };
}

/** react-big-calendar's onRangeChange argument (a {start, end} for month, a list of days otherwise), end exclusive. */
export function normalizeRange(range: Date[] | { start: Date; end: Date }): CalendarRange | null {
  if (Array.isArray(range)) {
    const first = range[0];
    const last = range.at(-1);
    return first && last ? { start: dayStart(first), end: dayStart(last, 1) } : null;
  }
  return { start: dayStart(range.start), end: dayStart(range.end, 1) };
}

/** The query for GET /api/cleaning_dates_summary: the range's instants in the business zone, as ISO. */
export function rangeQuery(range: CalendarRange, timeZone: string): { from: string; to: string } {
  return {
    from: fromCalendarDate(range.start, timeZone).toISOString(),
    to: fromCalendarDate(range.end, timeZone).toISOString(),
  };
}

/** The query for GET /api/visits: the business dates the (shifted, end-exclusive) range covers. */
export function visitsRange(range: CalendarRange): { from: string; to: string } {
  const last = dayStart(range.end, -1);
  return {
    from: format(range.start, 'yyyy-MM-dd'),
    to: format(last < range.start ? range.start : last, 'yyyy-MM-dd'),
  };
}
