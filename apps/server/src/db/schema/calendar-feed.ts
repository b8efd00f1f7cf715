import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** A single row (id 1) holding the secret in the owner's calendar feed URL; rotating replaces it. */
export const calendarFeed = pgTable(
  'calendar_feed',
  {
    id: integer('id').primaryKey().default(1),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('calendar_feed_singleton', sql`${t.id} = 1`), uniqueIndex().on(t.secret)],
);
