import { z } from 'zod';
import { isoInstant } from '../common/responses';
import { HEARD_FROM } from '../pricing/schemas';

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

/** A lead source: a "How did you hear about us?" answer, or 'unknown' (not said, or a lead typed in by the owner). */
export const LEAD_SOURCES = [...HEARD_FROM, 'unknown'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];

/**
 * GET /api/summary/lead_sources (admin): per source, the requests that came in the window (the same 12 business
 * months as the revenue summary's by_month), how many of them were booked (status Booked or Completed, or a
 * one-time cleaning or a recurring schedule made for them), and their revenue (their paid one-time cleanings dated
 * in the window plus their schedules' paid records submitted in it). Every source is listed, zeros included.
 */
export const leadSourcesSchema = z
  .object({
    from: isoInstant,
    to: isoInstant,
    sources: z.array(
      z.object({
        source: z.enum(LEAD_SOURCES),
        requests: z.number().int(),
        booked: z.number().int(),
        revenue: z.number(),
      }),
    ),
  })
  .meta({
    examples: [
      {
        from: '2025-12-01T05:00:00.000Z',
        to: '2026-12-01T05:00:00.000Z',
        sources: [{ source: 'nextdoor', requests: 12, booked: 5, revenue: 1840.5 }],
      },
    ],
  });
export type LeadSources = z.infer<typeof leadSourcesSchema>;
