import { z } from 'zod';

export const revenueTotalsSchema = z.object({
  one_time: z.number(),
  recurring: z.number(),
  total: z.number(),
});
export type RevenueTotals = z.infer<typeof revenueTotalsSchema>;

/** GET /api/total_paid_cleanings_summary (admin): paid one-time cleanings + recurring paid amounts. */
export const paidSummarySchema = z.object({
  this_month: revenueTotalsSchema,
  this_year: revenueTotalsSchema,
  all_time: revenueTotalsSchema,
  /** The last 12 months, oldest first, months counted in the business time zone. */
  by_month: z.array(revenueTotalsSchema.extend({ month: z.string().meta({ examples: ['2026-05'] }) })),
});
export type PaidSummary = z.infer<typeof paidSummarySchema>;
