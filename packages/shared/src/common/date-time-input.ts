import { z } from 'zod';
import { FIRST_YEAR, LAST_YEAR, parseDateTime } from './dates';

/**
 * A date-time as it travels (docs/product.md#time-and-time-zones): ISO 8601 with an offset, or wall-clock time
 * without one; a real calendar date in the years FIRST_YEAR-LAST_YEAR. The server turns it into an instant with
 * `toInstant(value, businessTimeZone)`.
 */
export const dateTimeInput = (label: string) =>
  z
    .string({ error: `${label} must be a date-time.` })
    .trim()
    .superRefine((value, ctx) => {
      const parts = parseDateTime(value);
      if (!parts)
        ctx.addIssue({ code: 'custom', message: `${label} must be a date-time like 2026-05-01T14:30.` });
      else if (parts.year < FIRST_YEAR || parts.year > LAST_YEAR)
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be in the years ${FIRST_YEAR} to ${LAST_YEAR}.`,
        });
    });

/** Whether a value beginning with a four-digit year (a date or an ISO 8601 instant) is in FIRST_YEAR-LAST_YEAR. */
export function inYears(value: string): boolean {
  const year = Number(value.slice(0, 4));
  return year >= FIRST_YEAR && year <= LAST_YEAR;
}

export const yearsMessage = (label: string) => `${label} must be in the years ${FIRST_YEAR} to ${LAST_YEAR}.`;

/**
 * A business date, YYYY-MM-DD, in the years FIRST_YEAR-LAST_YEAR (a far year would be a 500 or a day-by-day walk
 * to it, never a booking). Whether it is on the calendar (Feb 30) the server checks in the business zone.
 */
export const dateInput = (label: string) =>
  z
    .string({ error: `${label} must be a date like 2027-03-02.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date like 2027-03-02.`)
    .refine(inYears, yearsMessage(label));
