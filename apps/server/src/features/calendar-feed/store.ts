import { randomBytes } from 'node:crypto';
import type { AddressParts } from '@clean/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calendarFeed, oneTimeCleanings, recurringPaidDates, users } from '../../db/schema';
import { agendaStore } from '../agenda/store';
import { busyTimes } from '../visits/busy-times';
import { memberName } from '../visits/member-name';
import { feedUid } from './uid';

const ROW_ID = 1;
/** 32 random bytes, URL-safe: unguessable, and the only thing protecting the feed. */
const newSecret = () => randomBytes(32).toString('base64url');

export const SECRET_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type FeedEvent = {
  uid: string;
  kind: 'One-Time' | 'Recurring' | 'Visit';
  name: string;
  start: Date;
  /** Its length; undefined: the owner's default visit length. */
  minutes?: number;
  phone: string | null;
  notes: string | null;
  /** The home, for the event's LOCATION. */
  address: AddressParts;
  /** Who cleans it (the team member's name); null or missing: nobody assigned. */
  cleaner?: string | null;
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

  /**
   * The feed's events from `since` on: the agenda's (agenda/store.ts `bounded`), so at most AGENDA_DAY_LIMIT
   * cleanings and paid dates a business day, the busier days named. Unbounded, ten years of a busy business put
   * hundreds of thousands of events (a year back and everything ahead) into one answer. Recurring visits are
   * computed for `window` only.
   */
  async events(
    since: Date,
    timeZone: string,
    window: { from: Date; to: Date },
  ): Promise<{ events: FeedEvent[]; truncatedDays: string[] }> {
    const result = (await db.execute(sql`select greatest(
        (select max(${oneTimeCleanings.dateTime}) from ${oneTimeCleanings}),
        (select max(${recurringPaidDates.dateTime}) from ${recurringPaidDates})) as last`)) as unknown as {
      rows: { last: string | Date | null }[];
    };
    const last = result.rows[0]?.last;
    const until = new Date(Math.max(Date.now(), last ? new Date(last).getTime() : 0));
    if (until < since) return { events: [], truncatedDays: [] };
    const busy = busyTimes(timeZone);
    const [agenda, hours] = await Promise.all([
      agendaStore(db).bounded(since, until, timeZone),
      busy.workingHours(db),
    ]);
    // Lengths set on cleanings, and the cleanings customers cancelled (few: the rest take the owner's default).
    const special = await db
      .select({
        id: oneTimeCleanings.id,
        minutes: oneTimeCleanings.durationMinutes,
        cancelled: oneTimeCleanings.cancelledAt,
      })
      .from(oneTimeCleanings)
      .where(
        sql`${oneTimeCleanings.dateTime} >= ${since} and (${oneTimeCleanings.durationMinutes} is not null or ${oneTimeCleanings.cancelledAt} is not null)`,
      );
    const lengths = new Map(special.map((r) => [r.id, r.minutes ?? undefined]));
    // Who cleans the cleanings from `since` on (the cleaner index: only assigned ones are read).
    const assigned = await db
      .select({ id: oneTimeCleanings.id, name: memberName })
      .from(oneTimeCleanings)
      .innerJoin(users, eq(users.id, oneTimeCleanings.cleanerId))
      .where(sql`${oneTimeCleanings.cleanerId} is not null and ${oneTimeCleanings.dateTime} >= ${since}`);
    const cleaners = new Map(assigned.map((r) => [r.id, r.name]));
    // A cancelled visit leaves the owner's calendar, as a skipped one does.
    const cancelled = new Set(special.flatMap((r) => (r.cancelled ? [r.id] : [])));
    const events: FeedEvent[] = agenda.one_time_cleanings
      .filter((c) => !cancelled.has(c.cleaning_id))
      .map((c) => ({
        uid: feedUid(`o${c.cleaning_id}`),
        kind: 'One-Time',
        name: c.inquiry_name,
        start: new Date(c.date_time as string),
        minutes: lengths.get(c.cleaning_id) ?? hours.default_duration_minutes,
        phone: c.phone_number,
        notes: c.notes,
        address: c,
        cleaner: cleaners.get(c.cleaning_id),
      }));
    // Recurring visits of a bounded window (a schedule runs for years), each occurrence its own event named by
    // its key, so a move changes that event and a skip removes it.
    const visits = (await busy.recurringBetween(db, window.from, window.to, hours)).filter(
      (v) => v.kind === 'recurring' && v.status !== 'skipped',
    );
    const paidByVisits = new Set(visits.map((v) => v.recurring_paid_id));
    for (const v of visits) {
      events.push({
        uid: feedUid(v.key),
        kind: 'Visit',
        name: v.inquiry_name,
        start: new Date(v.start),
        minutes: (Date.parse(v.end) - Date.parse(v.start)) / 60_000,
        phone: v.phone_number,
        notes: v.notes,
        address: v,
        cleaner: v.cleaner_name,
      });
    }
    for (const record of agenda.recurring_paid_records) {
      // Done & paid: the record is that visit's, already an event.
      if (paidByVisits.has(record.recurring_paid_id)) continue;
      for (const date of record.dates) {
        events.push({
          // A record holds each instant once: the pair names the event for good.
          uid: `recurring-paid-${record.recurring_paid_id}-${Date.parse(date)}`,
          kind: 'Recurring',
          name: record.inquiry_name,
          start: new Date(date),
          phone: record.phone_number,
          notes: record.notes,
          address: record,
        });
      }
    }
    return { events, truncatedDays: agenda.truncated_days ?? [] };
  },
});

export type CalendarFeedStore = ReturnType<typeof calendarFeedStore>;
