import { z } from 'zod';
import { isoInstant } from '../common/responses';

/**
 * What the schedule form suggests; the field stays free text (docs/product.md#visits-and-recurrence), these are the
 * ones the server understands.
 */
export const FREQUENCY_SUGGESTIONS = ['Weekly', 'Every 2 weeks', 'Every 4 weeks', 'Monthly'] as const;

/** A payment period: a number of days, or calendar months. */
export type Period = { days: number } | { months: number };

/** A schedule counts as overdue this many days after its next payment was expected. */
export const OVERDUE_GRACE_DAYS = 3;

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, a: 1, '': 1 };

/**
 * The period a free-text frequency names, or null when it is not recognised: Weekly, Every 2 weeks, Every 4
 * weeks, Monthly and their usual spellings ("weekly", "bi-weekly", "every other week", "fortnightly",
 * "once a month", "every 3 weeks"…). "Biweekly" means every two weeks, as cleaning businesses use it.
 */
export function recognisedPeriod(frequency: string): Period | null {
  const text = frequency
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
  if (/^(weekly|once a week|every week|each week|1 week)$/.test(text)) return { days: 7 };
  if (/^(bi ?weekly|every other week|fortnightly|every fortnight|2 weeks)$/.test(text)) return { days: 14 };
  if (/^(four ?weekly|4 ?weekly|4 weeks)$/.test(text)) return { days: 28 };
  if (/^(monthly|once a month|every month|each month|1 month)$/.test(text)) return { months: 1 };
  const every = /^every (\d+|one|two|three|four|five|six) (week|month)s?$/.exec(text);
  if (every) {
    const n = NUMBERS[every[1] ?? ''] ?? Number(every[1]);
    if (!Number.isInteger(n) || n < 1 || n > 12) return null;
    return every[2] === 'week' ? { days: 7 * n } : { months: n };
  }
  return null;
}

/** GET /api/recurring_payments/overdue (admin): one late schedule. */
export const overduePaymentSchema = z.object({
  id: z.number().int(),
  inquiry_id: z.number().int(),
  inquiry_name: z.string(),
  amount: z.number(),
  frequency: z.string(),
  /** The latest paid date, or null when nothing was paid yet. */
  last_paid: isoInstant.nullable(),
  /** When the next payment was due: a period after the last paid date (or after the schedule was created). */
  expected_by: isoInstant,
  days_overdue: z.number().int(),
});
export type OverduePayment = z.infer<typeof overduePaymentSchema>;
