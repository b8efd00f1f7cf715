import { sql } from 'drizzle-orm';
import { check, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';

export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    amount: money('amount'),
    imageUrl: text('image_url').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [check('packages_amount_nonnegative', sql`${t.amount} >= 0`)],
);
