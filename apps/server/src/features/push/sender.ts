import type { Agent } from 'node:https';
import webPush from 'web-push';
import type { PushSend } from '../../lib/push-outbox';
import type { VapidKeys } from '../../lib/secrets';

export const generateVapidKeys = (): VapidKeys => webPush.generateVAPIDKeys();

/** Encrypts (RFC 8291, aes128gcm) and posts one message with a VAPID signature; `agent` lets tests trust a local TLS peer. */
export function webPushSender(keys: VapidKeys, subject: string, agent?: Agent): PushSend {
  return (target, payload) =>
    webPush.sendNotification(
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
