import { TZDate } from '@date-fns/tz';
import { wallInstant } from './wall-time';

/**
 * `YYYY-MM-DDTHH:mm[:ss[.fff]]`, then an offset (`Z`, `+HH:MM`, `-HHMM`) or none. Without one it is what a
 * datetime-local input gives and means business wall time.
 */
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|([+-])(\d{2}):?(\d{2}))?$/;

/**
 * The years a date may have. A small cleaning business books, gets paid and pages its calendar well inside
 * them; outside lie only typos and traps that silently change the date (JavaScript reads years 0-99 as
 * 1900-1999, so year 0001 came back as 2001 and wall time 0000 was stored as 1900; past 9999 an ISO string
 * changes shape). So they are refused with a 400 rather than stored as something else.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;

type Parts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
  /** Minutes east of UTC; undefined for wall time. */
  offset: number | undefined;
};

/** The parts of a travelling date-time, or null when it is malformed or names no real moment (February 30). */
export function parseDateTime(value: string): Parts | null {
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const second = Number(m[6] ?? 0);
  const ms = Math.floor(Number(`0.${m[7] ?? 0}`) * 1000);
  const daysInMonth =
    new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeap(year) ? 1 : 0);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  let offset: number | undefined;
  if (m[8] === 'Z') offset = 0;
  else if (m[8]) {
    const [hours, minutes] = [Number(m[10]), Number(m[11])];
    if (hours > 23 || minutes > 59) return null;
    offset = (m[9] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  return { year, month, day, hour, minute, second, ms, offset };
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/**
 * The instant a travelling date-time names; wall time is read in `timeZone` by the one wall-clock rule
 * (wallInstant: a skipped time moved forward; instantIn on the server refuses it instead). Invalid Date when
 * malformed.
 */
export function toInstant(value: string, timeZone: string): Date {
  const p = parseDateTime(value);
  if (!p) return new Date(Number.NaN);
  const utc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second, p.ms);
  return p.offset !== undefined ? new Date(utc - p.offset * 60_000) : wallInstant(utc, timeZone).at;
}

/** The value for a datetime-local input showing `iso` as wall time in `timeZone` ('' when absent or invalid). */
export function toWallTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const z = new TZDate(date.getTime(), timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${z.getFullYear()}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}T${pad(z.getHours())}:${pad(z.getMinutes())}`;
}

/**
 * The display of docs/product.md#constants: long date, 12-hour clock, in `timeZone`; 'Invalid Date' for anything
 * unreadable.
 */
export function formatDateTime(iso: string | Date | null | undefined, timeZone: string): string {
  if (iso === null || iso === undefined || iso === '') return 'Invalid Date';
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return dateFormat(timeZone, true).format(date);
}

/** Long date without the time ("January 2, 2026") in `timeZone`; '' for anything unreadable. */
export function formatDate(iso: string | null | undefined, timeZone: string): string {
  const date = new Date(iso ?? '');
  return Number.isNaN(date.getTime()) ? '' : dateFormat(timeZone, false).format(date);
}

// Formatters are kept: building one costs far more than using it (a page of cards formats dozens of dates, and
// the first one in a zone loads that zone's data).
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone} ${withTime}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      dateStyle: 'long',
      ...(withTime ? { timeStyle: 'short', hour12: true } : {}),
    });
    dateFormats.set(key, format);
  }
  return format;
}

const zoneNames = new Map<string, string>();
/**
 * The zone as a person names it, "Eastern Time" for America/New_York (Intl's long generic name, so any
 * BUSINESS_TIMEZONE gets its own); the zone's id where Intl has no name for it.
 */
export function timeZoneLabel(timeZone: string): string {
  let name = zoneNames.get(timeZone);
  if (!name) {
    name =
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date())
        .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
    zoneNames.set(timeZone, name);
  }
  return name;
}

/** A working-hours clock time ("17:00", "24:00" for the end of the day) as a person reads it: "5:00 PM". */
export function formatClock(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, '0')} ${h % 24 < 12 ? 'AM' : 'PM'}`;
}

const isoDateFormats = new Map<string, Intl.DateTimeFormat>();
/** YYYY-MM-DD of `now` in the business zone: "today" for the digest's once-a-day row and the open times' start. */
export function businessDate(now: Date, timeZone: string): string {
  // One formatter per zone: building one costs a slow phone ~0.5 ms, and /contact asks on every price update.
  let format = isoDateFormats.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    isoDateFormats.set(timeZone, format);
  }
  return format.format(now);
}
