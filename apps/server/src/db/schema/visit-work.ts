import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { users } from './users';

/**
 * A cleaner's clock on a visit: in, then out. At most one open clock per person (the partial unique index decides
 * it, whichever server a tap reaches); the idempotency keys make a replayed offline tap count once.
 */
export const clockRecords = pgTable(
  'clock_records',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    visitKey: text('visit_key').notNull(),
    clockInAt: timestamp('clock_in_at', { withTimezone: true }).notNull(),
    clockOutAt: timestamp('clock_out_at', { withTimezone: true }),
    inRecordedOffline: boolean('in_recorded_offline').notNull().default(false),
    outRecordedOffline: boolean('out_recorded_offline').notNull().default(false),
    inKey: text('in_key'),
    outKey: text('out_key'),
    createdAt: createdAt(),
  },
  (t) => [
    check('clock_records_out_after_in', sql`${t.clockOutAt} is null or ${t.clockOutAt} >= ${t.clockInAt}`),
    uniqueIndex('clock_records_one_open_idx').on(t.userId).where(sql`${t.clockOutAt} is null`),
    uniqueIndex('clock_records_in_key_idx').on(t.userId, t.inKey),
    uniqueIndex('clock_records_out_key_idx').on(t.userId, t.outKey),
    index('clock_records_visit_idx').on(t.visitKey),
    index('clock_records_user_in_idx').on(t.userId, t.clockInAt),
  ],
);

/**
 * Before/after photos of a visit: private (never under /media, never in photo_variants), their JPEG in the row so
 * backups and every server have them; kept 90 days unless the owner keeps them.
 */
export const visitPhotos = pgTable(
  'visit_photos',
  {
    id: serial('id').primaryKey(),
    visitKey: text('visit_key').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
    keep: boolean('keep').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('visit_photos_kind_known', sql`${t.kind} in ('before', 'after')`),
    index('visit_photos_visit_idx').on(t.visitKey),
    index('visit_photos_created_idx').on(t.createdAt),
  ],
);

/** "On my way" sent for a visit: the primary key makes it once per visit, whoever taps and however often. */
export const onMyWay = pgTable('on_my_way', {
  visitKey: text('visit_key').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  channel: text('channel').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
