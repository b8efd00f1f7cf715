import { z } from 'zod';
import { isoInstant } from '../common/responses';

/**
 * How "on my way" reached the customer: a text, an e-mail, or nothing (they opted out of reminders, or left
 * neither a texting number nor an e-mail); the tap is recorded either way, so the owner sees it.
 */
export const ON_MY_WAY_CHANNELS = ['sms', 'email', 'none'] as const;

/**
 * POST /api/my/visits/{key}/on-my-way: once per visit. A second tap (by anyone) sends nothing and answers the
 * first one's record with `already_sent: true`.
 */
export const onMyWaySchema = z.object({
  key: z.string(),
  channel: z.enum(ON_MY_WAY_CHANNELS),
  sent_at: isoInstant,
  already_sent: z.boolean(),
});
export type OnMyWay = z.infer<typeof onMyWaySchema>;

/** GET /api/visits/{key}/on-my-way (owner): whether, when and how it was sent; all null when it was not. */
export const onMyWayStatusSchema = z.object({
  key: z.string(),
  sent_at: isoInstant.nullable(),
  channel: z.enum(ON_MY_WAY_CHANNELS).nullable(),
  user_id: z.number().int().nullable(),
});
export type OnMyWayStatus = z.infer<typeof onMyWayStatusSchema>;
