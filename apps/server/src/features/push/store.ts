import type { PushSubscriptionInput } from '@clean/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';

/**
 * Subscriptions kept at most: each new lead is sent to every one, so a flood of them (the owner's token, a loop in
 * a script) would mean that many connections per lead. A phone and a few spares are what the owner needs.
 */
export const MAX_PUSH_SUBSCRIPTIONS = 20;

export const pushStore = (db: Db) => ({
  /**
   * Keeps a device's subscription; the same endpoint again replaces its keys and counts as new. Past the cap the
   * oldest go (with their pending notices).
   */
  async subscribe({ endpoint, keys }: PushSubscriptionInput): Promise<void> {
    await db.transaction(async (tx) => {
      await tx
        .insert(pushSubscriptions)
        .values({ endpoint, p256dh: keys.p256dh, auth: keys.auth })
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { p256dh: keys.p256dh, auth: keys.auth, createdAt: sql`now()` },
        });
      await tx.execute(sql`
        delete from push_subscriptions where id not in (
          select id from push_subscriptions order by created_at desc, id desc limit ${MAX_PUSH_SUBSCRIPTIONS})`);
    });
  },
});
