import type { PushKey, PushSubscriptionInput } from '@clean/shared';
import { apiFetch } from '../../lib/api';

/** The hub's service worker (apps/web/worker/hub-sw.ts, built to /hub-sw.js): controls the hub only, never a public page. */
export const HUB_WORKER = { url: '/hub-sw.js', scope: '/contact-center' };

export const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/**
 * "Notify me on this phone": asks for permission, subscribes this device with the server's VAPID key and hands the
 * subscription to the server (POST /api/push/subscriptions).
 */
export async function subscribeThisDevice(): Promise<void> {
  if ((await Notification.requestPermission()) !== 'granted') throw new Error('permission');
  const registration = await navigator.serviceWorker.register(HUB_WORKER.url, { scope: HUB_WORKER.scope });
  await navigator.serviceWorker.ready;
  const { public_key } = await apiFetch<PushKey>('/api/push/key');
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key }));
  await apiFetch('/api/push/subscriptions', {
    method: 'POST',
    body: subscription.toJSON() as PushSubscriptionInput,
  });
}
