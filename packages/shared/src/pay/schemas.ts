import { z } from 'zod';
import { dateInput } from '../common/date-time-input';

/** The longest range of one pay report, in business dates (both included). */
export const PAY_MAX_DAYS = 92;

/** GET /api/team/{id}/pay?from=&to= (owner): business dates, both included. */
export const payQuery = z
  .object({ from: dateInput('from'), to: dateInput('to') })
  .refine((q) => q.from <= q.to, { message: 'from must be on or before to.', path: ['from'] });
export type PayQuery = z.infer<typeof payQuery>;

const payFigures = z.object({
  planned_minutes: z.number().int(),
  clocked_minutes: z.number().int(),
  pay: z.number(),
  tips: z.number(),
});

/** One visit of the cleaner's: its business date, planned against clocked time, its pay and its tips. */
export const payVisitSchema = payFigures.extend({ key: z.string(), date: z.string() });
export type PayVisit = z.infer<typeof payVisitSchema>;

export const payReportSchema = z.object({ visits: z.array(payVisitSchema), totals: payFigures });
export type PayReport = z.infer<typeof payReportSchema>;
