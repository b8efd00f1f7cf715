import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { inquiries } from './inquiries';
import { packages } from './packages';
import { users } from './users';

/**
 * Checklist items (features/checklists): a package's template (`package_id`) or one home's own (`inquiry_id`).
 * A visit's checklist is its package's items then its home's; `required` ones block a cleaner's Done.
 */
export const checklistItems = pgTable(
  'checklist_items',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    inquiryId: integer('inquiry_id').references(() => inquiries.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    label: text('label').notNull(),
    required: boolean('required').notNull().default(false),
  },
  (t) => [
    check('checklist_items_one_owner', sql`(${t.packageId} is null) <> (${t.inquiryId} is null)`),
    index('checklist_items_package_idx').on(t.packageId, t.position),
    index('checklist_items_inquiry_idx').on(t.inquiryId, t.position),
  ],
);

/** A ticked checklist item of one visit (its key, features/visits); the pair is unique, so a tap counts once. */
export const visitChecklistTicks = pgTable(
  'visit_checklist_ticks',
  {
    visitKey: text('visit_key').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => checklistItems.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.visitKey, t.itemId] })],
);
