import type { Agent } from 'node:https';
import type { PushSend } from '../../lib/push-outbox';
import type { VapidKeys } from '../../lib/secrets';

/** web-push is loaded when first needed (a new DATA_DIR's keys, the first notice), not at start. */
const webPush = async () => (await import('web-push')).default;

export const generateVapidKeys = async (): Promise<VapidKeys> => (await webPush()).generateVAPIDKeys();

/** Encrypts (RFC 8291, aes128gcm) and posts one message with a VAPID signature; `agent` lets tests trust a local TLS peer. */
export function webPushSender(keys: VapidKeys, subject: string, agent?: Agent): PushSend {
  return async (target, payload) =>
    (await webPush()).sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      payload,
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        // A notice older than a day is noise.
        TTL: 24 * 60 * 60,
        timeout: 10_000,
        ...(agent ? { agent } : {}),
      },
    );
}
