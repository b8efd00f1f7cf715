import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  calendarFeed,
  inquiries,
  oneTimeCleanings,
  recurringPaid,
  recurringPaidDates,
} from '../../db/schema';
import { selectCleaningsWithInquiry } from '../cleanings/store';
import { selectPaidWithInquiry } from '../recurring/store';

const ROW_ID = 1;
/** 32 random bytes, URL-safe: unguessable, and the only thing protecting the feed. */
const newSecret = () => randomBytes(32).toString('base64url');
export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type FeedEvent = {
  uid: string;
  kind: 'One-Time' | 'Recurring';
  name: string;
  start: Date;
  phone: string | null;
  notes: string | null;
};

export const calendarFeedStore = (db: Db) => ({
  /** The current secret, created on first use (two servers racing agree on one). */
  async secret(): Promise<string> {
    await db.insert(calendarFeed).values({ id: ROW_ID, secret: newSecret() }).onConflictDoNothing();
    const [row] = await db.select({ secret: calendarFeed.secret }).from(calendarFeed);
    if (!row) throw new Error('calendar feed row missing');
    return row.secret;
  },

  /** A new secret; the old one stops working at once. */
  async rotate(): Promise<string> {
    const secret = newSecret();
    await db
      .insert(calendarFeed)
      .values({ id: ROW_ID, secret })
      .onConflictDoUpdate({ target: calendarFeed.id, set: { secret, createdAt: sql`now()` } });
    return secret;
  },

  async isCurrent(secret: string): Promise<boolean> {
    const [row] = await db
      .select({ id: calendarFeed.id })
      .from(calendarFeed)
      .where(eq(calendarFeed.secret, secret));
    return Boolean(row);
  },

  /** Dated one-time cleanings and recurring paid dates from `since` on, oldest first. */
  async events(since: Date): Promise<FeedEvent[]> {
    const cleanings = await selectCleaningsWithInquiry(db, {
      id: oneTimeCleanings.id,
      name: inquiries.name,
      start: oneTimeCleanings.dateTime,
      phone: inquiries.phoneNumber,
      notes: oneTimeCleanings.notes,
    })
      .where(and(isNotNull(oneTimeCleanings.dateTime), gte(oneTimeCleanings.dateTime, since)))
      .orderBy(asc(oneTimeCleanings.dateTime), asc(oneTimeCleanings.id));
    // Each paid date is an event: the records' query with their dates joined on.
    const paidDates = await selectPaidWithInquiry(db, {
      id: recurringPaidDates.id,
      name: inquiries.name,
      start: recurringPaidDates.dateTime,
      phone: inquiries.phoneNumber,
      notes: recurringPaid.notes,
    })
      .innerJoin(recurringPaidDates, eq(recurringPaidDates.recurringPaidId, recurringPaid.id))
      .where(gte(recurringPaidDates.dateTime, since))
      .orderBy(asc(recurringPaidDates.dateTime), asc(recurringPaidDates.id));
    return [
      ...cleanings.map((c) => ({
        ...c,
        start: c.start as Date,
        kind: 'One-Time' as const,
        uid: `one-time-${c.id}`,
      })),
      ...paidDates.map((p) => ({ ...p, kind: 'Recurring' as const, uid: `recurring-paid-date-${p.id}` })),
    ];
  },
});

export type CalendarFeedStore = ReturnType<typeof calendarFeedStore>;
