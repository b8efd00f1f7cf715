import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { inquiries } from './inquiries';

export const reviewStatus = pgEnum('review_status', ['pending', 'approved']);

export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    reviewerName: text('reviewer_name').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment').notNull().default(''),
    photoUrl: text('photo_url'),
    status: reviewStatus('status').notNull().default('pending'),
    /** Sent with a valid marker from a review request (features/review-requests); set by the server only. */
    verified: boolean('verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    index('reviews_status_created_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Review requests (features/review-requests): one row per customer, keyed by their e-mail address (lowercased),
 * so one customer gets at most one request in 180 days, however many inquiries or visits they have. Marking a
 * visit done inserts the row, or renews one older than 180 days, in one statement (ON CONFLICT … WHERE): the
 * database decides, not a read before the write. The scheduler claims a due row (enqueued_at still null) in the
 * transaction that puts its mail in the outbox, so two servers or a restart send it once.
 */
export const reviewRequests = pgTable(
  'review_requests',
  {
    id: serial('id').primaryKey(),
    customer: text('customer').notNull(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    /** The visit whose "done" asked for it: undoing that done before the mail leaves deletes the row. */
    visitKey: text('visit_key').notNull(),
    /** When the visit was marked done: the 180 days count from here. */
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    /** Done plus reviewDelayHours, moved out of 21:00–08:00 business time. */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    enqueuedAt: timestamp('enqueued_at', { withTimezone: true }),
    /** The customer followed the mail's opt-out link: no more requests. */
    optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
    /** A review arrived with this request's marker (the marker verifies one review). */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('review_requests_customer_idx').on(t.customer),
    index('review_requests_due_idx').on(t.dueAt).where(sql`${t.enqueuedAt} is null`),
  ],
);
