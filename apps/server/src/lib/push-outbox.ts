import type { PushNotice } from '@clean/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { createOutboxWorker, type OutboxOptions, type OutboxRow, rows } from './outbox-engine';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** Sends one encrypted message; rejects with `statusCode` set when the push service refused it. */
export type PushSend = (target: PushTarget, payload: string) => Promise<unknown>;
export type PushOutboxOptions = OutboxOptions;

type PushRow = OutboxRow & { subscription_id: number; payload: string };

/** One notice for every subscribed device; pass the transaction that writes what it announces. */
export async function enqueuePush(db: Db, notice: PushNotice): Promise<void> {
  await db.execute(
    sql`insert into push_outbox (subscription_id, payload) select id, ${JSON.stringify(notice)} from push_subscriptions`,
  );
}

export type PushOutbox = ReturnType<typeof createPushOutbox>;

/**
 * The push channel of the outbox engine (lib/outbox-engine.ts); a subscription its push service calls gone
 * (404, 410) is deleted with its pending notices.
 */
export function createPushOutbox(db: Db, send: PushSend, log: FastifyBaseLogger, options: PushOutboxOptions) {
  return createOutboxWorker<PushRow>(
    db,
    {
      name: 'push',
      lease: '2 minutes',
      async deliver(notice) {
        const [target] = await rows<PushTarget>(
          db,
          sql`select endpoint, p256dh, auth from push_subscriptions where id = ${notice.subscription_id}`,
        );
        // Deleted meanwhile: its notices went with it (on delete cascade).
        if (!target) return 'dropped';
        try {
          await send(target, notice.payload);
          return 'sent';
        } catch (err) {
          const status = (err as { statusCode?: number }).statusCode;
          if (status !== 404 && status !== 410) throw err;
          await db.execute(sql`delete from push_subscriptions where id = ${notice.subscription_id}`);
          log.info({ pushId: notice.id, status }, 'push subscription expired; deleted');
          return 'dropped';
        }
      },
    },
    log,
    options,
  );
}
