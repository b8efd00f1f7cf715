import { z } from 'zod';
import { isoInstant } from '../common/responses';

export const oldRecordType = z.enum(['inquiry', 'one_time_cleaning', 'recurring_paid']);
export type OldRecordType = z.infer<typeof oldRecordType>;

/** GET /api/old_records (admin): records older than OLD_RECORD_DAYS. */
export const oldRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  submitted_at: isoInstant,
  type: oldRecordType,
  dates_related: z.string().optional(),
});
export type OldRecord = z.infer<typeof oldRecordSchema>;

/** DELETE /api/cleanup_old_records (admin). */
export const cleanupResultSchema = z
  .object({ message: z.string(), deleted: z.number().int() })
  .meta({ examples: [{ message: 'Deleted 3 old records.', deleted: 3 }] });
export type CleanupResult = z.infer<typeof cleanupResultSchema>;
