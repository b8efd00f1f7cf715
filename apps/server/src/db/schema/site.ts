import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The business facts the owner edits in the hub (features/site): one row, the fields of the site configuration
 * that were saved; the rest come from SITE_CONFIG_FILE (or the built-in defaults).
 */
export const siteSettings = pgTable(
  'site_settings',
  {
    id: smallint('id').primaryKey().default(1),
    document: jsonb('document').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('site_settings_single_row', sql`${t.id} = 1`)],
);

/** The owner's settings, one JSON document per key (working hours: features/visits). */
export const ownerSettings = pgTable('owner_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * When each kind of public content last changed (packages, gallery, reviews, site, contact-status: the resource a
 * route writes), whatever the change — an edit or a delete leaves no row time behind. Written by every write that
 * changes public content (app.ts); the sitemap's `lastmod` reads it (features/seo).
 */
export const contentChanges = pgTable('content_changes', {
  topic: text('topic').primaryKey(),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A single row (id 1) holding the booking form's open/closed switch. */
export const contactStatus = pgTable(
  'contact_status',
  {
    id: integer('id').primaryKey().default(1),
    isOpen: boolean('is_open').notNull().default(true),
    /** While closed: the form reopens by itself once this instant has passed (computed when read). */
    reopensAt: timestamp('reopens_at', { withTimezone: true }),
    /** While closed: a note for visitors on /contact. */
    message: text('message'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('contact_status_singleton', sql`${t.id} = 1`)],
);
