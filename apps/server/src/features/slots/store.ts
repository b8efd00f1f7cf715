import type { QuoteFrequency } from '@clean/shared';
import { and, asc, eq, gt, gte, isNotNull, lt, max, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contactStatus, holds, inquiries, oneTimeCleanings, recurringPayments } from '../../db/schema';
import type { Customer } from '../visits/store';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const holdColumns = {
  id: holds.id,
  inquiryId: holds.inquiryId,
  start: holds.start,
  durationMinutes: holds.durationMinutes,
  frequency: holds.frequency,
  amount: holds.amount,
  status: holds.status,
  createdAt: holds.createdAt,
  oneTimeCleaningId: holds.oneTimeCleaningId,
  recurringPaymentId: holds.recurringPaymentId,
  inquiryName: inquiries.name,
  phoneNumber: inquiries.phoneNumber,
  email: inquiries.email,
  callOrText: inquiries.callOrText,
  town: inquiries.town,
  streetAddress: inquiries.streetAddress,
  zip: inquiries.zip,
  accessNotes: inquiries.accessNotes,
  description: inquiries.description,
};
export type HoldRow = Customer & {
  id: number;
  start: Date;
  durationMinutes: number;
  frequency: QuoteFrequency;
  amount: number;
  status: 'held' | 'confirmed' | 'declined';
  createdAt: Date;
  oneTimeCleaningId: number | null;
  recurringPaymentId: number | null;
  description: string | null;
};

/** The longest visit (12 hours): a visit overlapping a moment starts at most this long before it. */
export const LONGEST_MINUTES = 720;

/** A window [start, end) whose one-time cleanings are counted. */
export type Window = { start: Date; end: Date };

const pgArray = (dates: Date[]) => `{${dates.map((d) => d.toISOString()).join(',')}}`;

/**
 * Holds (docs/product.md#open-times-and-holds): a booking request's time kept for it, and the one-time cleanings
 * counted for open times.
 */
export const holdsStore = (db: Db) => ({
  /**
   * Takes the booking lock for the rest of the transaction: the booking switch's one row, FOR UPDATE. Every
   * request that holds a time takes it before checking that the time is free and inserting its hold, so on any
   * server (PostgreSQL) or in the embedded database the check and the insert of one request never interleave
   * with another's. The row is made first if missing (a fresh install), without blocking when it exists.
   */
  async lock(): Promise<void> {
    await db.insert(contactStatus).values({ id: 1, isOpen: true }).onConflictDoNothing();
    await db
      .select({ id: contactStatus.id })
      .from(contactStatus)
      .where(eq(contactStatus.id, 1))
      .for('update');
  },

  /** Holds still held (not confirmed, declined or lapsed: made after `madeAfter`) starting in [from, to), by start. */
  live: (from: Date, to: Date, madeAfter: Date): Promise<HoldRow[]> =>
    db
      .select(holdColumns)
      .from(holds)
      .innerJoin(inquiries, eq(inquiries.id, holds.inquiryId))
      .where(
        and(
          eq(holds.status, 'held'),
          gte(holds.start, from),
          lt(holds.start, to),
          gt(holds.createdAt, madeAfter),
        ),
      )
      .orderBy(asc(holds.start), asc(holds.id)) as Promise<HoldRow[]>,

  /**
   * How many held requests (still held, made after `madeAfter`) came from this e-mail address (any case) or phone
   * number, up to `cap`. Read under the booking lock, so two requests from one contact count each other.
   */
  async waiting(contact: { email: string | null; phone: string | null }, madeAfter: Date, cap: number) {
    const sameContact = [
      ...(contact.email ? [sql`lower(${inquiries.email}) = lower(${contact.email})`] : []),
      ...(contact.phone ? [eq(inquiries.phoneNumber, contact.phone)] : []),
    ];
    if (sameContact.length === 0) return 0;
    const rows = await db
      .select({ id: holds.id })
      .from(holds)
      .innerJoin(inquiries, eq(inquiries.id, holds.inquiryId))
      .where(and(eq(holds.status, 'held'), gt(holds.createdAt, madeAfter), or(...sameContact)))
      .limit(cap);
    return rows.length;
  },

  async create(values: {
    inquiryId: number;
    start: Date;
    durationMinutes: number;
    frequency: QuoteFrequency;
    amount: number;
    createdAt: Date;
  }): Promise<number> {
    const [row] = await db.insert(holds).values(values).returning({ id: holds.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  /**
   * Changes one hold in a transaction holding its row lock: concurrent confirms (on any server) run one after
   * the other, and each sees what the one before did. `change` gets the locked row (undefined: no such hold).
   * The booking lock is taken first, as every booking and move takes it (and in that order, so none waits on
   * another in a circle): a confirm's visit is written under the same rule as theirs.
   */
  change<T>(id: number, change: (tx: Tx, row: HoldRow | undefined) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await holdsStore(tx as unknown as Db).lock();
      const [locked] = await tx.select({ id: holds.id }).from(holds).where(eq(holds.id, id)).for('update');
      const [row] = locked
        ? await tx
            .select(holdColumns)
            .from(holds)
            .innerJoin(inquiries, eq(inquiries.id, holds.inquiryId))
            .where(eq(holds.id, id))
        : [];
      return change(tx, row as HoldRow | undefined);
    });
  },

  async setStatus(id: number, status: HoldRow['status']): Promise<void> {
    await db.update(holds).set({ status }).where(eq(holds.id, id));
  },

  /**
   * Makes a held request's visit (inside `change`, under its row lock): a one-time cleaning, or with
   * `scheduleFrequency` a schedule whose first visit is the time held; the hold is confirmed naming it, the
   * inquiry Booked.
   */
  async confirm(
    row: HoldRow,
    scheduleFrequency: string | null,
  ): Promise<{ made: 'one_time'; cleaningId: number } | { made: 'recurring'; scheduleId: number }> {
    const visit = { inquiryId: row.inquiryId, amount: row.amount, durationMinutes: row.durationMinutes };
    let outcome: { made: 'one_time'; cleaningId: number } | { made: 'recurring'; scheduleId: number };
    if (scheduleFrequency === null) {
      const [made] = await db
        .insert(oneTimeCleanings)
        .values({ ...visit, dateTime: row.start })
        .returning({ id: oneTimeCleanings.id });
      if (!made) throw new Error('insert returned no row');
      outcome = { made: 'one_time', cleaningId: made.id };
      await db
        .update(holds)
        .set({ status: 'confirmed', oneTimeCleaningId: made.id })
        .where(eq(holds.id, row.id));
    } else {
      const [made] = await db
        .insert(recurringPayments)
        .values({ ...visit, frequency: scheduleFrequency, firstVisitAt: row.start })
        .returning({ id: recurringPayments.id });
      if (!made) throw new Error('insert returned no row');
      outcome = { made: 'recurring', scheduleId: made.id };
      await db
        .update(holds)
        .set({ status: 'confirmed', recurringPaymentId: made.id })
        .where(eq(holds.id, row.id));
    }
    await db.update(inquiries).set({ status: 'Booked' }).where(eq(inquiries.id, row.inquiryId));
    return outcome;
  },

  /**
   * For each window, how many one-time cleanings (each lasting its own or `defaultMinutes`) overlap it, counted up
   * to `cap` (the owner's max_overlap: more changes nothing). Only windows with some are answered, by index.
   * A cleaning overlapping a window starts at most the longest cleaning's length before it (the partial index on
   * duration_minutes gives it at once), so each count reads the date index backwards from the window's end over
   * that much: on a busy day it stops at the first cleaning instead of reading the whole day.
   */
  async cleaningCounts(
    windows: Window[],
    defaultMinutes: number,
    cap: number,
    /** A visit's key (o12: cleaning 12) whose cleaning is not counted: the one being moved. */
    excludeKey?: string,
  ): Promise<Map<number, number>> {
    const excluded = /^o(\d+)$/.exec(excludeKey ?? '')?.[1];
    if (windows.length === 0) return new Map();
    const [longest] = await db
      .select({ minutes: max(oneTimeCleanings.durationMinutes) })
      .from(oneTimeCleanings)
      .where(isNotNull(oneTimeCleanings.durationMinutes));
    const lookback = Math.max(defaultMinutes, longest?.minutes ?? 0);
    // A lateral subquery (evaluated once per window), ordered as the date index is (desc nulls last) so the
    // index gives the order and the limit stops the scan.
    const result = (await db.execute(sql`
      select c.i::int as i, x.n::int as n
        from unnest(${pgArray(windows.map((w) => w.start))}::timestamptz[],
                    ${pgArray(windows.map((w) => w.end))}::timestamptz[]) with ordinality as c(s, e, i)
        cross join lateral (
          select count(*) as n from (
            select 1 from one_time_cleanings o
             where o.date_time >= c.s - ${`${lookback} minutes`}::interval and o.date_time < c.e
               and o.date_time + coalesce(o.duration_minutes, ${defaultMinutes}::int) * interval '1 minute' > c.s
               and o.cancelled_at is null
               and o.id <> ${Number(excluded ?? 0)}::int
             order by o.date_time desc nulls last
             limit ${cap}::int) as y) as x
       where x.n > 0`)) as unknown as { rows: { i: number | string; n: number | string }[] };
    // ordinality counts from 1.
    return new Map(result.rows.map((r) => [Number(r.i) - 1, Number(r.n)]));
  },
});

export type HoldsStore = ReturnType<typeof holdsStore>;
