import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { dumpInTransaction, writeBackupFile } from './dump';
import { gzipSink } from './format';

/** Nightly files are named by the business date they were made on; sorting the names sorts them by age. */
const NIGHTLY_NAME = /^backup-\d{4}-\d{2}-\d{2}\.jsonl\.gz$/;
/** Any key, the same in every server of the installation: pg_advisory_xact_lock takes one bigint. */
export const ADVISORY_KEY = 7_325_641_001;

export type NightlyOptions = {
  database: Database;
  dataDir: string;
  keep: number;
  time: { hour: number; minute: number };
  timezone: string;
  log: FastifyBaseLogger;
};

export const backupsDir = (dataDir: string) => path.join(dataDir, 'backups');

/** `backup-2026-11-22.jsonl.gz` for the business date of `now`. */
export function nightlyFileName(now: Date, timezone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
  return `backup-${parts}.jsonl.gz`;
}

/** Keeps the newest `keep` nightly files (and nothing else of the folder is touched); returns the removed names. */
export function pruneBackups(dir: string, keep: number): string[] {
  if (!existsSync(dir)) return [];
  const nightly = readdirSync(dir)
    .filter((name) => NIGHTLY_NAME.test(name))
    .sort()
    .reverse();
  const removed = nightly.slice(keep);
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  return removed;
}

/**
 * Makes tonight's backup unless it exists. Servers sharing one PostgreSQL take turns through an advisory lock, so
 * two never dump at once, and one that finds tonight's file (a DATA_DIR they share) leaves it alone.
 */
export async function runNightlyBackup(
  options: Omit<NightlyOptions, 'time' | 'log'>,
  now = new Date(),
): Promise<{ file: string; written: boolean; removed: string[] }> {
  const dir = backupsDir(options.dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, nightlyFileName(now, options.timezone));
  const { database } = options;
  const written = await database.db.transaction(
    async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_KEY})`);
      if (existsSync(file)) return false;
      await writeBackupFile(file, async (dest) => {
        const sink = gzipSink(dest);
        try {
          await dumpInTransaction(tx, database.kind, sink);
          await sink.end();
        } catch (err) {
          sink.abort(err as Error);
          throw err;
        }
      });
      return true;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return { file, written, removed: pruneBackups(dir, options.keep) };
}

/** A cron pattern for the configured time of day (croner then follows the business zone across DST changes). */
export function nightlyPattern(time: { hour: number; minute: number }): string {
  return `${time.minute} ${time.hour} * * *`;
}

/** Schedules the nightly backup; undefined when BACKUP_KEEP=0. `stop` waits for a backup under way. */
export function scheduleNightlyBackups(options: NightlyOptions) {
  if (options.keep === 0) return undefined;
  let running: Promise<unknown> | undefined;
  const job = new Cron(
    nightlyPattern(options.time),
    { timezone: options.timezone, protect: true, unref: true, name: 'nightly-backup' },
    async () => {
      running = runNightlyBackup(options).then(
        (r) => options.log.info({ file: r.file, written: r.written, removed: r.removed }, 'nightly backup'),
        (err) => options.log.error({ err }, 'nightly backup failed'),
      );
      await running;
    },
  );
  return {
    nextRun: () => job.nextRun(),
    async stop() {
      job.stop();
      await running;
    },
  };
}
