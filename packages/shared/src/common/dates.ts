import { TZDate } from '@date-fns/tz';
import { z } from 'zod';

/** `YYYY-MM-DDTHH:mm[:ss]` without offset: what a datetime-local input gives; means business wall time. */
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
/** ISO 8601 with an offset or Z. */
const ZONED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * A date-time as it travels (DESIGN §4): ISO 8601 with an offset, or wall-clock time without one.
 * The server turns it into an instant with `toInstant(value, businessTimeZone)`.
 */
export const dateTimeInput = (label: string) =>
  z
    .string({ error: `${label} must be a date-time.` })
    .trim()
    .refine((v) => {
      if (ZONED.test(v)) return !Number.isNaN(Date.parse(v));
      const m = WALL_TIME.exec(v);
      if (!m) return false;
      const [, y, mo, d, h, mi] = m.map(Number) as number[];
      const probe = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0));
      return probe.getUTCMonth() === (mo ?? 1) - 1 && probe.getUTCDate() === d && (h ?? 0) < 24;
    }, `${label} must be a date-time like 2026-05-01T14:30.`);

/** The instant a travelling date-time names; wall time is read in `timeZone`. */
export function toInstant(value: string, timeZone: string): Date {
  if (ZONED.test(value)) return new Date(value);
  const m = WALL_TIME.exec(value);
  if (!m) return new Date(Number.NaN);
  const [, y, mo, d, h, mi, s] = m.map((p) => (p === undefined ? 0 : Number(p))) as number[];
  return new Date(new TZDate(y ?? 0, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0, timeZone).getTime());
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

/** Spec display: long date, 12-hour clock, in `timeZone`; 'Invalid Date' for anything unreadable. */
export function formatDateTime(iso: string | Date | null | undefined, timeZone: string): string {
  if (iso === null || iso === undefined || iso === '') return 'Invalid Date';
  const date = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
    hour12: true,
  }).format(date);
}
