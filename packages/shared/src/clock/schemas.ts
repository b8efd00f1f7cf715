import { z } from 'zod';
import { dateTimeInput } from '../common/date-time-input';
import { isoInstant } from '../common/responses';

/** How old an offline tap may be when it arrives (docs/api.md#clock-in-and-out). */
export const CLOCK_OFFLINE_MAX_HOURS = 12;

/**
 * POST /api/my/visits/{key}/clock-in and …/clock-out: `at` is when an offline tap was made (at most
 * CLOCK_OFFLINE_MAX_HOURS old, never in the future); without it the server's time is the tap's.
 */
export const clockTap = z.object({ at: dateTimeInput('at').optional() }).strict();
export type ClockTap = z.infer<typeof clockTap>;

/** The tap's own key, the same on every retry of it: a replayed tap answers the same record and counts once. */
export const clockHeaders = z.object({
  'idempotency-key': z
    .string({ error: 'The Idempotency-Key header is required.' })
    .min(1, 'The Idempotency-Key header is required.')
    .max(100, 'The Idempotency-Key header is at most 100 characters.'),
});

/** A clock record; `recorded_offline` when either tap was sent later with its own time. */
export const clockRecordSchema = z.object({
  id: z.number().int(),
  key: z.string(),
  clock_in_at: isoInstant,
  clock_out_at: isoInstant.nullable(),
  recorded_offline: z.boolean(),
  in_recorded_offline: z.boolean(),
  out_recorded_offline: z.boolean(),
});
export type ClockRecord = z.infer<typeof clockRecordSchema>;
