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

/**
 * DELETE /api/cleanup_old_records when the cleanup takes longer than a moment (202), and
 * GET /api/cleanup_old_records/:id: its progress; once `done`, the same `message` the 200 answer gives, or `error`.
 */
export const cleanupJobSchema = z
  .object({
    id: z.number().int(),
    deleted: z.number().int(),
    done: z.boolean(),
    message: z.string().optional(),
    error: z.string().optional(),
  })
  .meta({ examples: [{ id: 7, deleted: 120000, done: false }] });
export type CleanupJob = z.infer<typeof cleanupJobSchema>;
