import { z } from 'zod';

export const OUTBOX_CHANNELS = ['mail', 'push', 'sms'] as const;

/** A message the outbox gave up on (its retries ran out): who it was for and why, for the owner to act on. */
export const failedMessageSchema = z.object({
  channel: z.enum(OUTBOX_CHANNELS),
  id: z.number().int(),
  /** The address or number; "a device" for a push notice. */
  to: z.string(),
  /** The mail's subject, or the first words of a text or notice. */
  summary: z.string(),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  created_at: z.string(),
});
export type FailedMessage = z.infer<typeof failedMessageSchema>;

/** GET /api/outbox/failed: how many in all, and the newest FAILED_MESSAGES_SHOWN of them. */
export const failedMessagesSchema = z.object({
  count: z.number().int(),
  messages: z.array(failedMessageSchema),
});
export type FailedMessages = z.infer<typeof failedMessagesSchema>;

export const FAILED_MESSAGES_SHOWN = 50;
