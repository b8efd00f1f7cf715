import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Rate-limit counters shared by every app server on one PostgreSQL (lib/rate-limit-store.ts): one row per route and
 * client, reset when its window ends, pruned. UNLOGGED (the migration says so): a crash may empty it, which only
 * resets the budgets; unlogged tables are also left out of backups.
 */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * A cleanup of old records running in the background (DELETE /api/cleanup_old_records answers 202 when it takes
 * longer than a moment): any server answers its progress, the one running it bumps `heartbeat_at` every batch, and a
 * job whose heartbeat stopped (its server died) no longer blocks a new one. UNLOGGED (the migration says so): transient
 * state, left out of backups.
 */
export const cleanupJobs = pgTable('cleanup_jobs', {
  id: serial('id').primaryKey(),
  deleted: integer('deleted').notNull().default(0),
  /** Why it stopped early, as shown to the owner; null while running or once done. */
  error: text('error'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
});
