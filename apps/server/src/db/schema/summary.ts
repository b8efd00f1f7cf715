import { integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Paid amounts summed per kind ('one_time' by the cleaning's date, 'recurring' by submission) and 15-minute bucket
 * (every zone's month starts on one; '-infinity' holds undated cleanings), kept by triggers (migration 0010), so the
 * revenue summary reads thousands of buckets instead of millions of rows. UNLOGGED (the migration says so): derived
 * and left out of backups; the row of kind 'built' says it is complete, and revenue_rebuild() refills it when a
 * crash or a restore left it without that row.
 */
export const revenueBuckets = pgTable(
  'revenue_buckets',
  {
    kind: text('kind').notNull(),
    bucket: timestamp('bucket', { withTimezone: true }).notNull(),
    amount: numeric('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.bucket] })],
);

/**
 * Where leads came from, summed per lead bucket (the request's submission, in revenue_buckets' 15-minute buckets
 * near a UTC month's start, where some zone's month begins, one bucket for the rest of the month), source
 * (heard_from, or 'unknown') and paid bucket (the same buckets, of a paid cleaning's date or a paid record's
 * submission; '-infinity' on the row counting requests and booked), kept by triggers (migration 0022), so
 * GET /api/summary/lead_sources reads 13 months of buckets instead of a year's requests and their payments.
 * UNLOGGED and left out of backups like revenue_buckets; the row of source 'built' says it is complete, and
 * lead_source_rebuild() refills it when a crash or a restore left it without that row.
 */
export const leadSourceBuckets = pgTable(
  'lead_source_buckets',
  {
    leadBucket: timestamp('lead_bucket', { withTimezone: true }).notNull(),
    source: text('source').notNull(),
    paidBucket: timestamp('paid_bucket', { withTimezone: true }).notNull(),
    requests: integer('requests').notNull().default(0),
    booked: integer('booked').notNull().default(0),
    revenue: numeric('revenue').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.leadBucket, t.source, t.paidBucket] })],
);
