import type { PushNotice } from '@clean/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
/** Sends one encrypted message; rejects with `statusCode` set when the push service refused it. */
export type PushSend = (target: PushTarget, payload: string) => Promise<unknown>;
export type PushOutboxOptions = {
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  maxAttempts: number;
};

/** Hides a claimed notice from other servers while one of them sends it. */
const CLAIM_LEASE = '2 minutes';

type Claimed = PushTarget & { id: number; subscription_id: number; payload: string; attempts: number };

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One notice for every subscribed device; pass the transaction that writes what it announces. */
export async function enqueuePush(db: Db, notice: PushNotice): Promise<void> {
  await db.execute(
    sql`insert into push_outbox (subscription_id, payload) select id, ${JSON.stringify(notice)} from push_subscriptions`,
  );
}

export type PushOutbox = ReturnType<typeof createPushOutbox>;

/**
 * The worker that sends push notices, like the mail outbox: claimed with SKIP LOCKED and a lease (so two servers
 * never send one twice), retried with doubling back-off; a subscription its push service calls gone (404, 410) is
 * deleted with its pending notices.
 */
export function createPushOutbox(db: Db, send: PushSend, log: FastifyBaseLogger, options: PushOutboxOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  const backoffMs = (attempts: number) =>
    Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));

  async function claim(): Promise<Claimed | undefined> {
    const [row] = await rows<Claimed>(
      db,
      sql`update push_outbox o set attempts = o.attempts + 1,
                next_attempt_at = now() + interval '${sql.raw(CLAIM_LEASE)}'
            from push_subscriptions s
           where s.id = o.subscription_id
             and o.id = (select id from push_outbox
                          where sent_at is null and next_attempt_at <= now()
                          order by next_attempt_at, id limit 1 for update skip locked)
       returning o.id, o.subscription_id, o.payload, o.attempts, s.endpoint, s.p256dh, s.auth`,
    );
    return row;
  }

  async function deliver(notice: Claimed) {
    try {
      await send(notice, notice.payload);
      await db.execute(
        sql`update push_outbox set sent_at = now(), last_error = null where id = ${notice.id}`,
      );
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        await db.execute(sql`delete from push_subscriptions where id = ${notice.subscription_id}`);
        log.info({ pushId: notice.id, status }, 'push subscription expired; deleted');
        return;
      }
      const error = err instanceof Error ? err.message : String(err);
      const giveUp = notice.attempts >= options.maxAttempts;
      const retryAt = giveUp
        ? sql`'infinity'::timestamptz`
        : sql`now() + ${`${backoffMs(notice.attempts)} milliseconds`}::interval`;
      await db.execute(
        sql`update push_outbox set next_attempt_at = ${retryAt}, last_error = ${error.slice(0, 500)} where id = ${notice.id}`,
      );
      const entry = { pushId: notice.id, attempts: notice.attempts, status, error };
      if (giveUp) log.error(entry, 'push notice could not be sent; giving up');
      else
        log.warn({ ...entry, retryInMs: backoffMs(notice.attempts) }, 'push notice not sent yet; will retry');
    }
  }

  async function drain() {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const notice = await claim();
        if (!notice) break;
        await deliver(notice);
      }
    } while (again && !stopped);
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, options.pollMs);
    timer.unref();
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err) => log.error({ err }, 'push outbox worker failed; retrying at the next poll'))
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    start() {
      stopped = false;
      run();
    },
    kick: run,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
