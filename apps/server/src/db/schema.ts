import { HEARD_FROM, type InquiryQuote } from '@clean/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Money is exact: numeric(12,2), returned to JS as a number of at most 2 decimals. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' }).notNull();

export const USER_ROLES = ['owner', 'cleaner'] as const;
export const PAY_KINDS = ['hourly', 'per_visit'] as const;

/**
 * Who signs in: the owner (`admin`) and the cleaners they add (features/team). A cleaner's username is their
 * e-mail address. Removal keeps the row (their visits, clock records and pay stay) and ends every session.
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull().unique(),
    email: text('email'),
    passwordHash: text('password_hash').notNull(),
    /** Bumped on password reset and on removal; tokens carrying an older version are refused. */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: createdAt(),
    /** What every route checks, deny by default (docs/api.md#who-may-call-what). */
    role: text('role').notNull().default('owner'),
    /** A team member's name as the customer and the Agenda read it; null for the owner (the business name). */
    name: text('name'),
    phone: text('phone'),
    /** How a cleaner is paid: hourly × clocked time, or a flat amount per visit. */
    payKind: text('pay_kind'),
    payAmount: numeric('pay_amount', { precision: 12, scale: 2, mode: 'number' }),
    /** When the owner removed them; their sessions end and they can no longer sign in. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    check('users_role_known', sql.raw(`role in (${USER_ROLES.map((r) => `'${r}'`).join(', ')})`)),
    check(
      'users_pay_known',
      sql.raw(
        `pay_kind is null or (pay_kind in (${PAY_KINDS.map((k) => `'${k}'`).join(', ')}) and pay_amount >= 0)`,
      ),
    ),
  ],
);

/** A cleaner's one-time invitation to set their password: single use, valid 7 days, stored as a hash. */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('team_invitations_hash_idx').on(t.tokenHash), index().on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash), index().on(t.userId)],
);

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

export const galleryPhotos = pgTable(
  'gallery_photos',
  {
    id: serial('id').primaryKey(),
    imageUrl: text('image_url').notNull(),
    caption: text('caption'),
    category: text('category').notNull().default('Uncategorized'),
    photoType: text('photo_type'),
    createdAt: createdAt(),
  },
  (t) => [index('gallery_photos_category_trgm_idx').using('gin', t.category.op('gin_trgm_ops'))],
);

/** Raw bytes: a Buffer in, a Buffer (pg) or Uint8Array (PGlite) out. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The encoded images made from one uploaded photo (features/media): each width in AVIF, WebP and JPEG, metadata
 * stripped. `original` is the photo's id: the SHA-256 of its largest JPEG, the one its `image_url` links to
 * (/media/{original}.jpg). Pages name an encoding by the photo, its width and its format
 * (/media/{original}-{width}.{ext}: one unique name, and rows are never replaced, so a URL never changes meaning);
 * `hash`, the SHA-256 of its bytes, is its ETag and its older name (/media/{hash}.{ext}). Kept in the database so
 * every server serves every photo and backups carry them.
 */
export const photoVariants = pgTable(
  'photo_variants',
  {
    hash: text('hash').primaryKey(),
    original: text('original').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('photo_variants_name_idx').on(t.original, t.contentType, t.width)],
);

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

export const inquiryStatus = pgEnum('inquiry_status', [
  'New Inquiry',
  'Contacted',
  'Booked',
  'Paused',
  'Completed',
]);
export const callOrText = pgEnum('call_or_text', ['call', 'text']);

export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    phoneNumber: text('phone_number'),
    callOrText: callOrText('call_or_text'),
    town: text('town'),
    description: text('description'),
    status: inquiryStatus('status').notNull().default('New Inquiry'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    /** The server's quote when the request came (inputs, amount, length, lines); null: none asked. */
    quote: jsonb('quote').$type<InquiryQuote>(),
    /** "How did you hear about us?" (HEARD_FROM); null: not said. */
    heardFrom: text('heard_from'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    referrer: text('referrer'),
    /** Bumped by a trigger on every UPDATE, whoever writes (migration 0024): the If-Match version (docs/api.md). */
    version: integer('version').notNull().default(0),
    /** The home's street (one line) and 5-digit ZIP; null on inquiries from before they were asked. */
    streetAddress: text('street_address'),
    zip: text('zip'),
    /** The owner's private notes on getting in (a key, a gate code); never on a public or customer page. */
    accessNotes: text('access_notes'),
  },
  (t) => [
    check(
      'inquiries_heard_from_known',
      sql.raw(`heard_from in (${HEARD_FROM.map((h) => `'${h}'`).join(', ')})`),
    ),
    index('inquiries_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('inquiries_phone_trgm_idx').using('gin', t.phoneNumber.op('gin_trgm_ops')),
    index('inquiries_status_idx').on(t.status, t.submittedAt),
    index('inquiries_submitted_idx').on(t.submittedAt),
  ],
);

export const oneTimeCleanings = pgTable(
  'one_time_cleanings',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'restrict' }),
    dateTime: timestamp('date_time', { withTimezone: true }),
    amount: money('amount'),
    paid: boolean('paid').notNull().default(false),
    notes: text('notes'),
    /** The visit's length; null: the owner's default (working hours setting). */
    durationMinutes: integer('duration_minutes'),
    /** When the owner marked the visit done (Done & paid, or Mark paid); null: not yet. */
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** When the customer cancelled it with their personal link (features/customer-link); null: not cancelled. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The team member who cleans it (features/team); null: unassigned. */
    cleanerId: integer('cleaner_id').references(() => users.id, { onDelete: 'restrict' }),
    /** Bumped by a trigger on every UPDATE, whoever writes (migration 0024): the If-Match version (docs/api.md). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    check('one_time_cleanings_amount_nonnegative', sql`${t.amount} >= 0`),
    index('one_time_cleanings_inquiry_idx').on(t.inquiryId),
    // The Manage list's order (newest date first, undated last); also serves the agenda's date ranges.
    index('one_time_cleanings_newest_idx').on(t.dateTime.desc().nullsLast(), t.id.desc()),
    // The longest stated visit, at once (open times read cleanings that far back from each time: features/slots).
    index('one_time_cleanings_duration_idx')
      .on(t.durationMinutes)
      .where(sql`${t.durationMinutes} is not null`),
    // When a cleaning becomes old (its date, or its creation when undated): the cleanup list and count.
    index('one_time_cleanings_effective_date_idx').on(sql`coalesce(${t.dateTime}, ${t.createdAt})`),
    index('one_time_cleanings_notes_trgm_idx').using('gin', t.notes.op('gin_trgm_ops')),
    // A team member's day (features/team): their cleanings by date.
    index('one_time_cleanings_cleaner_idx')
      .on(t.cleanerId, t.dateTime)
      .where(sql`${t.cleanerId} is not null`),
  ],
);

export const recurringPayments = pgTable(
  'recurring_payments',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'restrict' }),
    amount: money('amount'),
    frequency: text('frequency').notNull().default(''),
    notes: text('notes'),
    createdAt: createdAt(),
    /**
     * The latest of its paid dates, kept by triggers on recurring_paid and recurring_paid_dates (migration 0007):
     * the overdue list reads it instead of aggregating every paid date.
     */
    lastPaidAt: timestamp('last_paid_at', { withTimezone: true }),
    /** The first visit; with a recognised frequency, the rule its occurrences are computed from (features/visits). */
    firstVisitAt: timestamp('first_visit_at', { withTimezone: true }),
    /** Each visit's length; null: the owner's default (working hours setting). */
    durationMinutes: integer('duration_minutes'),
    /**
     * Its inquiry's name, kept by triggers (migration 0014) for the search by name: read through the inquiries,
     * that search walked every inquiry bearing a common surname (1 in 10 has a schedule) to count 1,000 schedules.
     * Never written by the app.
     */
    inquiryName: text('inquiry_name').notNull().default(''),
    /** The team member who cleans its visits unless an occurrence says otherwise; null: unassigned. */
    cleanerId: integer('cleaner_id').references(() => users.id, { onDelete: 'restrict' }),

    /** Bumped by a trigger on every UPDATE, whoever writes (migration 0024): the If-Match version (docs/api.md). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    check('recurring_payments_amount_nonnegative', sql`${t.amount} >= 0`),
    // The visits of a range read only the schedules that have visits at all.
    index('recurring_payments_first_visit_idx').on(t.firstVisitAt).where(sql`${t.firstVisitAt} is not null`),
    index('recurring_payments_inquiry_idx').on(t.inquiryId),
    // Read backwards, the Manage list's order (newest first): a page comes straight from the index.
    index('recurring_payments_created_idx').on(t.createdAt, t.id),
    // When the next payment is due, in UTC (the business calendar's own is within a day of it): the overdue list.
    index('recurring_payments_due_idx').on(
      sql`((coalesce(${t.lastPaidAt}, ${t.createdAt}) at time zone 'UTC') + recurring_period(${t.frequency}))`,
    ),
    index('recurring_payments_frequency_trgm_idx').using('gin', t.frequency.op('gin_trgm_ops')),
    index('recurring_payments_notes_trgm_idx').using('gin', t.notes.op('gin_trgm_ops')),
    index('recurring_payments_inquiry_name_trgm_idx').using('gin', t.inquiryName.op('gin_trgm_ops')),
    index('recurring_payments_cleaner_idx').on(t.cleanerId).where(sql`${t.cleanerId} is not null`),
  ],
);

export const recurringPaid = pgTable(
  'recurring_paid',
  {
    id: serial('id').primaryKey(),
    recurringPaymentId: integer('recurring_payment_id')
      .notNull()
      .references(() => recurringPayments.id, { onDelete: 'restrict' }),
    amountPaid: money('amount_paid'),
    notes: text('notes'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('recurring_paid_amount_nonnegative', sql`${t.amountPaid} >= 0`),
    index('recurring_paid_payment_idx').on(t.recurringPaymentId),
    index('recurring_paid_submitted_idx').on(t.submittedAt),
  ],
);

/**
 * One row per paid date of a recurring paid record (the comma-joined dates_related of docs/product.md#compatibility,
 * typed).
 */
export const recurringPaidDates = pgTable(
  'recurring_paid_dates',
  {
    id: serial('id').primaryKey(),
    recurringPaidId: integer('recurring_paid_id')
      .notNull()
      .references(() => recurringPaid.id, { onDelete: 'cascade' }),
    dateTime: timestamp('date_time', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('recurring_paid_dates_paid_idx').on(t.recurringPaidId),
    // The agenda reads the first paid dates of each day, ids included, from the index alone.
    index('recurring_paid_dates_day_idx').on(t.dateTime, t.recurringPaidId),
  ],
);

export const visitExceptionStatus = pgEnum('visit_exception_status', ['planned', 'done', 'skipped']);

/**
 * What differs from a schedule's rule for one occurrence (named by the start the rule gives it): skipped, done,
 * moved to another time, and the paid record Done & paid created. Occurrences themselves are never stored.
 * The unique pair is what makes Done & paid happen once, whichever request or server comes first.
 */
export const visitExceptions = pgTable(
  'visit_exceptions',
  {
    id: serial('id').primaryKey(),
    recurringPaymentId: integer('recurring_payment_id')
      .notNull()
      .references(() => recurringPayments.id, { onDelete: 'cascade' }),
    originalStart: timestamp('original_start', { withTimezone: true }).notNull(),
    status: visitExceptionStatus('status').notNull().default('planned'),
    /** Where the occurrence was moved to; null: at its original start. */
    movedTo: timestamp('moved_to', { withTimezone: true }),
    /** The paid record Done & paid created; deleting that record leaves the visit done but unpaid. */
    recurringPaidId: integer('recurring_paid_id').references(() => recurringPaid.id, {
      onDelete: 'set null',
    }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by a trigger on every UPDATE, whoever writes (migration 0024): the If-Match version (docs/api.md). */
    version: integer('version').notNull().default(0),
    /** This occurrence's team member; null: the schedule's. */
    cleanerId: integer('cleaner_id').references(() => users.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('visit_exceptions_occurrence_idx').on(t.recurringPaymentId, t.originalStart),
    uniqueIndex('visit_exceptions_paid_idx').on(t.recurringPaidId),
    // Moves into a range are found from the new time.
    index('visit_exceptions_moved_idx').on(t.movedTo).where(sql`${t.movedTo} is not null`),
    index('visit_exceptions_cleaner_idx').on(t.cleanerId).where(sql`${t.cleanerId} is not null`),
  ],
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

/**
 * Durable mail outbox: a mail is stored in the same transaction as what caused it and sent by a worker,
 * retried with back-off while the SMTP server is down, and still sent after a restart.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** The same mail in HTML, for the customer mails that have it (a review request); null: text only. */
    html: text('html'),
    /** Files sent with it (a confirmation's .ics, an invoice's PDF): the content as text, or base64 (`encoding`). */
    attachments:
      jsonb('attachments').$type<
        { filename: string; contentType: string; content: string; encoding?: 'base64' }[]
      >(),
    /** Extra headers (a reminder's List-Unsubscribe). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    /** When the worker may (re)try it; a claim pushes it ahead so another server does not send it twice. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/**
 * The daily digest's once-a-day guard: one row per business date (YYYY-MM-DD) it was decided on, inserted in the
 * same transaction that puts the mail in the outbox, so servers and restarts never send a day twice.
 */
export const dailyDigests = pgTable('daily_digests', {
  businessDate: text('business_date').primaryKey(),
  /** False when there was nothing to say and no mail went out. */
  mailed: boolean('mailed').notNull(),
  createdAt: createdAt(),
});

/** The owner's devices that asked for push notices ("Notify me on this phone"); a 404/410 from its push service deletes one. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  createdAt: createdAt(),
});

/** Push notices to send, one per subscription, written with what they announce; the mail outbox's twin. */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    payload: text('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('push_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/** Text messages to send (reminders to customers who chose "text"), through the same outbox engine. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null`)],
);

/**
 * Reminders decided (features/reminders): one row per visit, reminder and start, inserted in the transaction that
 * puts the messages in the outbox, so two servers or a restart never send one twice. The start is part of the key:
 * a visit moved to another time is reminded of its new time.
 */
export const visitReminders = pgTable(
  'visit_reminders',
  {
    visitKey: text('visit_key').notNull(),
    hoursBefore: integer('hours_before').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.visitKey, t.hoursBefore, t.startsAt] })],
);

/**
 * Customers (inquiries) who turned reminders off with the link in a reminder (features/reminders); confirmations
 * still go. Demo customers get a row, so demo content mails no one.
 */
export const reminderOptOuts = pgTable('reminder_opt_outs', {
  inquiryId: integer('inquiry_id')
    .primaryKey()
    .references(() => inquiries.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

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

export const holdStatus = pgEnum('hold_status', ['held', 'confirmed', 'declined']);

/**
 * The time a visitor's booking request asked for (docs/product.md#open-times-and-holds), kept from the other visitors
 * until the owner confirms or declines it, or until it lapses (`created_at` plus the booking rules' holdDays,
 * computed when read: no job). Only rows `held` and not lapsed block open times. A confirmed hold names the visit it
 * became, so a repeated confirm answers that visit instead of making another.
 */
export const holds = pgTable(
  'holds',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    start: timestamp('start', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** One of QUOTE_FREQUENCIES: a confirmed weekly request becomes a schedule. */
    frequency: text('frequency').notNull().default('one_time'),
    /** The quoted amount (the server's own quote); 0 when the request had none. */
    amount: money('amount').default(0),
    status: holdStatus('status').notNull().default('held'),
    /** Given by the service (its clock), not the database's: the lapse is measured against the same clock. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    oneTimeCleaningId: integer('one_time_cleaning_id').references(() => oneTimeCleanings.id, {
      onDelete: 'set null',
    }),
    recurringPaymentId: integer('recurring_payment_id').references(() => recurringPayments.id, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check('holds_amount_nonnegative', sql`${t.amount} >= 0`),
    index('holds_held_start_idx').on(t.start).where(sql`${t.status} = 'held'`),
    index('holds_inquiry_idx').on(t.inquiryId),
  ],
);

/**
 * A customer's personal link (features/customer-link): `/visit/<token>`, the token 128 random bits of which only
 * the SHA-256 is kept (a database dump holds no working link). At most one live link per inquiry (the partial
 * unique index); revoking sets `revoked_at`, and the next confirmation issues a new one.
 */
export const customerLinks = pgTable(
  'customer_links',
  {
    id: serial('id').primaryKey(),
    /**
     * Null once the inquiry is deleted: the row stays, so its token answers "this link has ended" (410), not
     * "no such link" (404, a guess counted against the client).
     */
    inquiryId: integer('inquiry_id').references(() => inquiries.id, { onDelete: 'set null' }),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_links_token_hash_idx').on(t.tokenHash),
    uniqueIndex('customer_links_live_idx').on(t.inquiryId).where(sql`${t.revokedAt} is null`),
  ],
);

/** Invoice statuses (docs/product.md#getting-paid); `overdue` is computed, never stored. */
export const INVOICE_STATUSES = ['draft', 'open', 'partially_paid', 'paid', 'void'] as const;
export const PAYMENT_METHODS = ['cash', 'check', 'card', 'zelle', 'venmo', 'other'] as const;
const listOf = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Invoices (features/invoices). A draft has no number and its amounts follow the billing settings; issuing gives
 * it `YYYY-NNNN` from `invoice_counters` in the same transaction and freezes the bill-to, the tax rule and the
 * amounts (whole cents computed by the shared tax module, stored exactly). A void invoice keeps its number.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'restrict' }),
    number: text('number'),
    status: text('status').notNull().default('draft'),
    discount: money('discount').default(0),
    notes: text('notes'),
    billToName: text('bill_to_name'),
    billToEmail: text('bill_to_email'),
    billToAddress: text('bill_to_address'),
    issuedOn: date('issued_on', { mode: 'string' }),
    dueOn: date('due_on', { mode: 'string' }),
    taxRatePercent: numeric('tax_rate_percent', { precision: 6, scale: 3, mode: 'number' }),
    taxLabel: text('tax_label'),
    pricesIncludeTax: boolean('prices_include_tax'),
    /** Frozen at issue: the lines' sum, the taxable and non-taxable parts after discount, the tax and the total. */
    subtotal: money('subtotal').default(0),
    taxableAmount: money('taxable_amount').default(0),
    nonTaxableAmount: money('non_taxable_amount').default(0),
    tax: money('tax').default(0),
    total: money('total').default(0),
    voidReason: text('void_reason'),
    /** The monthly run's invoice of a recurring schedule: the schedule and the month (YYYY-MM) it bills. */
    recurringPaymentId: integer('recurring_payment_id'),
    billingMonth: text('billing_month'),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoices_status_known', sql.raw(`status in (${listOf(INVOICE_STATUSES)})`)),
    check('invoices_number_when_issued', sql`(${t.status} = 'draft') = (${t.number} is null)`),
    uniqueIndex('invoices_number_idx').on(t.number),
    // One monthly invoice per schedule and month, however many servers run the month's billing at once.
    uniqueIndex('invoices_schedule_month_idx').on(t.recurringPaymentId, t.billingMonth),
    index('invoices_inquiry_idx').on(t.inquiryId),
    index('invoices_status_issued_idx').on(t.status, t.issuedOn),
    // The invoices still owed, a few among years of paid ones: what is owed is summed from this index alone.
    index('invoices_owed_idx')
      .on(t.dueOn, t.id, t.total)
      .where(sql`${t.status} in ('open', 'partially_paid')`),
    // By issue date, with what the sales-tax report sums: the report reads the index alone (docs/performance.md).
    index('invoices_issued_idx').on(
      t.issuedOn,
      t.status,
      t.taxableAmount,
      t.nonTaxableAmount,
      t.tax,
      t.pricesIncludeTax,
    ),
  ],
);

/**
 * An invoice's lines, in order; `visit_key` names the visit a line bills (features/visits keys) and `visit_on` its
 * business date, copied when the line is made (the visit's own row may move or be cleaned up later).
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    unitAmount: money('unit_amount'),
    amount: money('amount'),
    taxable: boolean('taxable').notNull().default(true),
    visitKey: text('visit_key'),
    visitOn: date('visit_on', { mode: 'string' }),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    index('invoice_lines_visit_idx').on(t.visitKey),
  ],
);

/** Payments the owner received against an invoice; the tip is kept apart (never taxed, never in the balance). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'restrict' }),
    amount: money('amount'),
    tip: money('tip').default(0),
    method: text('method').notNull(),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    check('invoice_payments_method_known', sql.raw(`method in (${listOf(PAYMENT_METHODS)})`)),
    check('invoice_payments_amounts_nonnegative', sql`${t.amount} >= 0 and ${t.tip} >= 0`),
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    // By date received, with the invoice and the tip: the month's tips are summed from the index alone.
    index('invoice_payments_received_idx').on(t.receivedOn, t.invoiceId, t.tip),
  ],
);

/**
 * Overdue reminders sent: one row per invoice and reminder day (`overdue_reminder_days`), inserted in the
 * transaction that puts the mail in the outbox, so servers and restarts send each reminder once.
 */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    daysAfter: smallint('days_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.daysAfter] })],
);

/**
 * The last invoice number given in each calendar year (business zone). Issuing increments its row with
 * `UPDATE … RETURNING` inside the issuing transaction: the row lock orders concurrent issues, and a rolled-back
 * issue gives its number back, so numbers run without a gap.
 */
export const invoiceCounters = pgTable('invoice_counters', {
  year: smallint('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

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
