import type { PushSubscriptionInput } from '@clean/shared';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

export const pushStore = (db: Db) => ({
  /** Keeps a device's subscription; the same endpoint again replaces its keys. */
  async subscribe({ endpoint, keys }: PushSubscriptionInput): Promise<void> {
    await db
      .insert(pushSubscriptions)
      .values({ endpoint, p256dh: keys.p256dh, auth: keys.auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { p256dh: keys.p256dh, auth: keys.auth },
      });
  },
});
