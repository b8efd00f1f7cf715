import { z } from 'zod';

/** base64url without padding, as PushSubscription.toJSON() gives its keys. */
const base64url = (field: string, max: number) =>
  z
    .string({ error: `${field} is required.` })
    .min(1, `${field} is required.`)
    .max(max, `${field} is too long.`)
    .regex(/^[A-Za-z0-9_-]+$/, `${field} must be base64url.`);

/**
 * POST /api/push/subscriptions (admin): a device's PushSubscription.toJSON() — where its push service takes
 * messages for it and the keys that encrypt them (RFC 8291).
 */
export const pushSubscriptionInput = z.object({
  endpoint: z
    .string({ error: 'endpoint is required.' })
    .max(2000, 'endpoint is too long.')
    .refine(
      (v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol),
      'endpoint must be an http(s) address.',
    ),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    { p256dh: base64url('keys.p256dh', 200), auth: base64url('keys.auth', 100) },
    { error: 'keys is required.' },
  ),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** GET /api/push/key (admin): the server's VAPID public key, for PushManager.subscribe. */
export const pushKeySchema = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** What a push notice carries: no personal data beyond a name and a town; `url` opens the right hub view. */
export const pushNoticeSchema = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushNotice = z.infer<typeof pushNoticeSchema>;
