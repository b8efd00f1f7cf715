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
