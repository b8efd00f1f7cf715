import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/** The bytes of base64url text without padding (as PushSubscription.toJSON() gives keys), or null if it is not that. */
function base64urlBytes(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const binary = atob(
    text
      .replaceAll('-', '+')
      .replaceAll('_', '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '='),
  );
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A key of `bytes` bytes (RFC 8291): anything else makes every notice to the device fail, and be retried. */
const keyOf = (field: string, bytes: number, what: string, ok: (key: Uint8Array) => boolean = () => true) =>
  z
    .string({ error: `${field} is required.` })
    .max(200, `${field} is too long.`)
    .refine((v) => {
      const key = base64urlBytes(v);
      return key !== null && key.length === bytes && ok(key);
    }, `${field} must be ${what}, in base64url.`);

/**
 * Why an endpoint is refused, or null: the server connects to it on every new lead, so it must be a push service
 * on the public internet, never this machine or its network. A host name (with a dot: push services have one) or a
 * public unicast address; https; no credentials. `allowedOrigins`: exceptions the server is configured with (a
 * test's local push endpoint, PUSH_ALLOW_ENDPOINT_ORIGINS).
 */
function endpointProblem(value: string, allowedOrigins: readonly string[]): string | null {
  if (!URL.canParse(value)) return 'endpoint must be an https address.';
  const url = new URL(value);
  if (url.protocol !== 'https:') return 'endpoint must be an https address.';
  if (url.username || url.password) return 'endpoint must not carry a user name or password.';
  if (allowedOrigins.includes(url.origin)) return null;
  // The URL parser has already normalised every spelling of an address (0x7f.1, 2130706433, [::ffff:…]).
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (ipaddr.isValid(host)) {
    const parsed = ipaddr.process(host); // an IPv4-mapped IPv6 address as the IPv4 address it is
    return parsed.range() === 'unicast' ? null : 'endpoint must not be a local or private address.';
  }
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) {
    return 'endpoint must be a public push service.';
  }
  return null;
}

/**
 * POST /api/push/subscriptions (admin): a device's PushSubscription.toJSON() — where its push service takes
 * messages for it and the keys that encrypt them (RFC 8291: the device's uncompressed P-256 public key and a
 * 16-byte authentication secret). The server builds it with its allowed test origins; the default allows none.
 */
export const pushSubscriptionInputFor = (allowedOrigins: readonly string[]) =>
  z.object({
    endpoint: z
      .string({ error: 'endpoint is required.' })
      .max(2000, 'endpoint is too long.')
      .superRefine((value, ctx) => {
        const problem = endpointProblem(value, allowedOrigins);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    expirationTime: z.number().nullable().optional(),
    keys: z.object(
      {
        p256dh: keyOf('keys.p256dh', 65, 'an uncompressed P-256 public key (65 bytes)', (k) => k[0] === 0x04),
        auth: keyOf('keys.auth', 16, 'a 16-byte secret'),
      },
      { error: 'keys is required.' },
    ),
  });
export const pushSubscriptionInput = pushSubscriptionInputFor([]);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInput>;

/** GET /api/push/key (admin): the server's VAPID public key, for PushManager.subscribe. */
export const pushKeySchema = z.object({ public_key: z.string() });
export type PushKey = z.infer<typeof pushKeySchema>;

/** What a push notice carries: no personal data beyond a name and a town; `url` opens the right hub view. */
export const pushNoticeSchema = z.object({ title: z.string(), body: z.string(), url: z.string() });
export type PushNotice = z.infer<typeof pushNoticeSchema>;
