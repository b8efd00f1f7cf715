import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Mail, Mailer } from './mailer';

export type OutboxOptions = { pollMs: number; retryBaseMs: number; retryMaxMs: number; maxAttempts: number };

/** How long a claimed mail is hidden from other workers (servers) while one of them sends it. */
const CLAIM_LEASE = '5 minutes';

type Claimed = {
  id: number;
  to: string;
  reply_to: string | null;
  subject: string;
  body: string;
  attempts: number;
  created_ms: string;
};

/** Rows of a raw query; node-postgres and PGlite both answer `{ rows }`. */
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Stores mails to send; pass the transaction that writes what the mail is about, so both commit or neither. */
export async function enqueueMails(db: Db, mails: Mail[]): Promise<void> {
  if (mails.length === 0) return;
  await db
    .insert(mailOutbox)
    .values(mails.map((m) => ({ to: m.to, replyTo: m.replyTo ?? null, subject: m.subject, body: m.text })));
}

export type Outbox = ReturnType<typeof createOutbox>;

/**
 * The worker that empties the outbox: it sends due mails one at a time, retries a failed one with doubling
 * back-off, and looks again every `pollMs` (so mails left by a previous run or another server go out too).
 * `kick()` after enqueueing sends at once instead of at the next poll.
 */
export function createOutbox(db: Db, mailer: Mailer, log: FastifyBaseLogger, options: OutboxOptions) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  const backoffMs = (attempts: number) =>
    Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));

  /** Takes the next due mail, hiding it from other workers for the lease. */
  async function claim(): Promise<Claimed | undefined> {
    const [row] = await rows<Claimed>(
      db,
      sql`update mail_outbox set attempts = attempts + 1, next_attempt_at = now() + interval '${sql.raw(CLAIM_LEASE)}'
           where id = (select id from mail_outbox
                        where sent_at is null and next_attempt_at <= now()
                        order by next_attempt_at, id limit 1 for update skip locked)
       returning id, "to", reply_to, subject, body, attempts,
                 (extract(epoch from created_at) * 1000)::bigint::text as created_ms`,
    );
    return row;
  }

  async function deliver(mail: Claimed) {
    try {
      await mailer.send({
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        ...(mail.reply_to ? { replyTo: mail.reply_to } : {}),
        // A mail sent again after a crash between the SMTP server's "accepted" and our "sent" (kill -9) keeps its
        // Message-ID, so mail programs show it once.
        id: `outbox-${mail.id}-${mail.created_ms}`,
      });
      await db.execute(sql`update mail_outbox set sent_at = now(), last_error = null where id = ${mail.id}`);
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      const giveUp = mail.attempts >= options.maxAttempts;
      const retryAt = giveUp
        ? sql`'infinity'::timestamptz`
        : sql`now() + ${`${backoffMs(mail.attempts)} milliseconds`}::interval`;
      await db.execute(
        sql`update mail_outbox set next_attempt_at = ${retryAt}, last_error = ${error.slice(0, 500)} where id = ${mail.id}`,
      );
      // The id and the transport's error only: no address, subject or body in the log.
      const entry = { mailId: mail.id, attempts: mail.attempts, error };
      if (giveUp) log.error(entry, 'mail could not be sent; giving up');
      else log.warn({ ...entry, retryInMs: backoffMs(mail.attempts) }, 'mail not sent yet; will retry');
    }
  }

  async function drain() {
    do {
      again = false;
      for (;;) {
        if (stopped) return;
        const mail = await claim();
        if (!mail) break;
        await deliver(mail);
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
      .catch((err) => log.error({ err }, 'mail outbox worker failed; retrying at the next poll'))
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
    /** Sends what is due now (call after a transaction that enqueued mails has committed). */
    kick: run,
    /** Stops polling and waits for a send in progress, so the database can close after it. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
