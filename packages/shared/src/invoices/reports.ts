import { z } from 'zod';
import { calendarDate } from './schemas';

/** Money owed and the accountant's report (docs/product.md#getting-paid). Void invoices count nowhere. */

/** GET /api/summary/receivables: `overdue` is the sum of the aging buckets; `outstanding` adds what is not yet due. */
export const receivablesSchema = z.object({
  outstanding: z.number(),
  overdue: z.number(),
  tips_this_month: z.number(),
  aging: z.object({ '0_30': z.number(), '31_60': z.number(), '61_90': z.number(), over_90: z.number() }),
});
export type Receivables = z.infer<typeof receivablesSchema>;

/** GET /api/reports/sales-tax?from=&to=: issue dates, both included, at most ten years. */
export const salesTaxQuery = z
  .object({
    from: calendarDate('from'),
    to: calendarDate('to'),
    format: z.enum(['json', 'csv'], { error: 'format must be json or csv.' }).optional(),
  })
  .refine((q) => q.from <= q.to, { message: 'from must be on or before to.', path: ['from'] });
export type SalesTaxQuery = z.infer<typeof salesTaxQuery>;

const salesTaxFigures = z.object({
  gross_sales: z.number(),
  taxable_sales: z.number(),
  non_taxable_sales: z.number(),
  tax: z.number(),
});
export const salesTaxReportSchema = z.object({
  months: z.array(salesTaxFigures.extend({ month: z.string() })),
  totals: salesTaxFigures,
});
export type SalesTaxReport = z.infer<typeof salesTaxReportSchema>;
