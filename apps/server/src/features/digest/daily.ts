import { businessDate } from '@clean/shared';
import { Cron } from 'croner';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { dailyDigests } from '../../db/schema';
import { enqueueMails } from '../../lib/outbox';
import { ownerAddress } from '../notifications/mails';
import { collectDigest, digestMail } from './content';

export type DigestOutcome = 'mailed' | 'nothing to say' | 'already done';
export type DigestTime = { hour: number; minute: number };

/**
 * Today's digest, once: the day's row and the mail go into one transaction, so a second server (or a restart)
 * finds the row and does nothing; on PostgreSQL a concurrent insert of the same day waits for the first to commit.
 * The mail leaves through the outbox (retried while SMTP is down), woken by the queueing itself.
 */
export async function runDailyDigest(
  deps: { db: Db; config: Config },
  now = new Date(),
): Promise<DigestOutcome> {
  const { db, config } = deps;
  const day = businessDate(now, config.timezone);
  return db.transaction(async (tx): Promise<DigestOutcome> => {
    const claimed = await tx
      .insert(dailyDigests)
      .values({ businessDate: day, mailed: false })
      .onConflictDoNothing()
      .returning({ day: dailyDigests.businessDate });
    if (claimed.length === 0) return 'already done';
    const to = await ownerAddress(tx, config);
    const mail = to ? digestMail(await collectDigest(tx, config.timezone, now), to, config) : null;
    if (!mail) return 'nothing to say';
    await enqueueMails(tx, [mail]);
    await tx.update(dailyDigests).set({ mailed: true }).where(eq(dailyDigests.businessDate, day));
    return 'mailed';
  });
}

/** The cron pattern of the digest's time (croner follows the business zone across DST changes). */
export const digestPattern = (time: DigestTime) => `${time.minute} ${time.hour} * * *`;

/** Whether today's digest time has passed in the business zone. */
export function digestDue(now: Date, time: DigestTime, timeZone: string): boolean {
  const [hour, minute] = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(now)
    .split(':')
    .map(Number);
  return (hour ?? 0) * 60 + (minute ?? 0) >= time.hour * 60 + time.minute;
}

/**
 * Runs the digest at its time every day; undefined with DIGEST_TIME=off. A server that starts after today's time
 * (it was down at 18:00) sends today's digest at once, unless another server or an earlier run already did.
 */
export function scheduleDailyDigest(options: {
  db: Db;
  config: Config;
  time: DigestTime | undefined;
  log: FastifyBaseLogger;
  /** The clock, for tests. */
  now?: () => Date;
}) {
  const { time, config, log } = options;
  if (!time) return undefined;
  const now = options.now ?? (() => new Date());
  let running: Promise<void> | undefined;
  const run = () => {
    running = runDailyDigest(options, now()).then(
      (outcome) => log.info({ outcome }, 'daily digest'),
      (err) => log.error({ err }, 'daily digest failed'),
    );
    return running;
  };
  const job = new Cron(
    digestPattern(time),
    { timezone: config.timezone, protect: true, unref: true, name: 'daily-digest' },
    run,
  );
  if (digestDue(now(), time, config.timezone)) void run();
  return {
    nextRun: () => job.nextRun(now()),
    /** Resolves once the catch-up run (if any) is over. */
    settled: () => running,
    async stop() {
      job.stop();
      await running;
    },
  };
}
