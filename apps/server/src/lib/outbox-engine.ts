import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';

export type OutboxOptions = { pollMs: number; retryBaseMs: number; retryMaxMs: number; maxAttempts: number };

/** Every outbox row has these; a channel's table adds what it sends. */
export type OutboxRow = { id: number; attempts: number; created_ms: string };

/**
 * One kind of message (mail, push, sms): its table (`<name>_outbox`: id, attempts, next_attempt_at, last_error,
 * sent_at, created_at and its own columns) and how one row is delivered. `deliver` throws to retry later; it
 * returns 'dropped' when the row was deleted instead (a push subscription gone).
 */
export type OutboxChannel<Row extends OutboxRow> = {
  name: 'mail' | 'push' | 'sms';
  /** How long a claimed row is hidden from other workers (servers) while one of them sends it. */
  lease: string;
  deliver: (row: Row) => Promise<'sent' | 'dropped'>;
};

/** Rows of a raw query; node-postgres and PGlite both answer `{ rows }`. */
export async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Where a message that failed `maxAttempts` times stays: never retried, listed for the owner (GET /api/outbox/failed). */
export const DEAD_LETTER = sql`'infinity'::timestamptz`;

/**
 * Sent messages are kept this long (to answer "did it go?"), then deleted by the worker: when it starts, then at
 * most once every PRUNE_EVERY_MS. Unsent and failed ones stay (the owner sees the failed ones).
 */
const SENT_KEPT = '30 days';
const PRUNE_EVERY_MS = 3_600_000;

export type OutboxWorker = { start(): void; kick(): void; stop(): Promise<void> };

/**
 * The worker that empties one channel's outbox, the same for every channel: it claims the next due row with
 * `FOR UPDATE SKIP LOCKED` and a lease (so two servers never send one twice, and a server killed mid-send leaves
 * it to be retried after the lease), delivers it, retries a failure with doubling back-off, and after
 * `maxAttempts` leaves it as a dead letter (next attempt at infinity) that the owner sees in the hub. It looks
 * again every `pollMs` (rows left by a previous run or another server go out too); `kick()` after enqueueing
 * sends at once. It deletes the rows sent more than SENT_KEPT ago.
 */
export function createOutboxWorker<Row extends OutboxRow>(
  db: Db,
  channel: OutboxChannel<Row>,
  log: FastifyBaseLogger,
  options: OutboxOptions,
): OutboxWorker {
  const table = sql.raw(`${channel.name}_outbox`);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;
  let prunedAt = Number.NEGATIVE_INFINITY;

  const backoffMs = (attempts: number) =>
    Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));

  async function claim(): Promise<Row | undefined> {
    const [row] = await rows<Row>(
      db,
      sql`update ${table} set attempts = attempts + 1, next_attempt_at = now() + interval '${sql.raw(channel.lease)}'
           where id = (select id from ${table}
                        where sent_at is null and next_attempt_at <= now()
                        order by next_attempt_at, id limit 1 for update skip locked)
       returning *, (extract(epoch from created_at) * 1000)::bigint::text as created_ms`,
    );
    return row;
  }

  async function deliver(row: Row) {
    const id = `${channel.name}Id`;
    try {
      if ((await channel.deliver(row)) === 'sent')
        await db.execute(sql`update ${table} set sent_at = now(), last_error = null where id = ${row.id}`);
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      const error = err instanceof Error ? err.message : String(err);
      const giveUp = row.attempts >= options.maxAttempts;
      const retryAt = giveUp
        ? DEAD_LETTER
        : sql`now() + ${`${backoffMs(row.attempts)} milliseconds`}::interval`;
      await db.execute(
        sql`update ${table} set next_attempt_at = ${retryAt}, last_error = ${error.slice(0, 500)} where id = ${row.id}`,
      );
      // The id and the transport's error only: no address, subject or body in the log.
      const entry = { [id]: row.id, channel: channel.name, attempts: row.attempts, status, error };
      if (giveUp) log.error(entry, `${channel.name} message could not be sent; giving up`);
      else
        log.warn(
          { ...entry, retryInMs: backoffMs(row.attempts) },
          `${channel.name} message not sent yet; will retry`,
        );
    }
  }

  async function prune() {
    if (Date.now() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = Date.now();
    await db.execute(sql`delete from ${table} where sent_at < now() - interval '${sql.raw(SENT_KEPT)}'`);
  }

  async function drain() {
    await prune();
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const row = await claim();
        if (!row) break;
        await deliver(row);
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
      .catch((err) =>
        log.error({ err, channel: channel.name }, 'outbox worker failed; retrying at the next poll'),
      )
      .finally(() => {
        running = undefined;
        schedule();
      });
  }

  return {
    start() {
      stopped = false;
      prunedAt = Number.NEGATIVE_INFINITY;
      run();
    },
    /** Sends what is due now (call after a transaction that enqueued messages has committed). */
    kick: run,
    /** Stops polling and waits for a send in progress, so the database can close after it. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
