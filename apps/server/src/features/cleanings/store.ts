import { COUNT_CAP, type OneTimeCleaning } from '@clean/shared';
import { and, eq, exists, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inquiries, oneTimeCleanings } from '../../db/schema';
import { countUpTo, type ListPage } from '../../lib/paging';
import { atVersion, deleteById, updateById } from '../../lib/rows';
import { contains } from '../../lib/search';

export type CleaningValues = {
  inquiryId: number;
  dateTime: Date | null;
  amount: number;
  paid: boolean;
  notes: string | null;
  /** The visit's length; null: the owner's default. */
  durationMinutes?: number | null;
};

const columns = {
  id: oneTimeCleanings.id,
  inquiryId: oneTimeCleanings.inquiryId,
  inquiryName: inquiries.name,
  dateTime: oneTimeCleanings.dateTime,
  amount: oneTimeCleanings.amount,
  paid: oneTimeCleanings.paid,
  notes: oneTimeCleanings.notes,
  durationMinutes: oneTimeCleanings.durationMinutes,
  version: oneTimeCleanings.version,
};
type Row = {
  id: number;
  inquiryId: number;
  inquiryName: string;
  dateTime: Date | null;
  amount: number;
  paid: boolean;
  notes: string | null;
  durationMinutes: number | null;
  version: number;
};

const toCleaning = (row: Row): OneTimeCleaning => ({
  id: row.id,
  inquiry_id: row.inquiryId,
  inquiry_name: row.inquiryName,
  date_time: row.dateTime ? row.dateTime.toISOString() : null,
  amount: row.amount,
  paid: row.paid,
  notes: row.notes,
  duration_minutes: row.durationMinutes,
  version: String(row.version),
});

/**
 * The Manage search: the inquiry's name or the notes contain the text, or the text is the word "paid".
 * A name few inquiries bear is matched through their ids (the inquiry index, OR-ed with the notes' trigram index
 * in one bitmap); a common one (more than COUNT_CAP inquiries) is tested on each cleaning as the newest are read,
 * which fills a page, or the capped count, within the first thousands of rows.
 */
export async function searchCondition(db: Db, text: string | undefined): Promise<SQL | undefined> {
  if (!text) return undefined;
  const named = db.select({ id: inquiries.id }).from(inquiries).where(contains(inquiries.name, text));
  const { more: common } = await countUpTo(db, named);
  const byName = common
    ? exists(
        db
          .select({ one: sql`1` })
          .from(inquiries)
          .where(and(eq(inquiries.id, oneTimeCleanings.inquiryId), contains(inquiries.name, text))),
      )
    : sql`${oneTimeCleanings.inquiryId} = any(array(${named}))`;
  const matching = or(contains(oneTimeCleanings.notes, text), byName);
  // A third of all cleanings may be paid: tested on each row rather than collected as ids.
  return text.toLowerCase() === 'paid' ? or(eq(oneTimeCleanings.paid, true), matching) : matching;
}

/**
 * The ids the count reads. A name search counts from the inquiries bearing the name (their trigram index, then
 * their cleanings) and from the notes, each up to the cap, as a union: one condition OR-ing both read the
 * cleanings instead, 200 ms for a common surname among ten years of them.
 */
function matchingIds(db: Db, text: string | undefined, condition: SQL | undefined) {
  if (!text || text.toLowerCase() === 'paid') {
    return db.select({ id: oneTimeCleanings.id }).from(oneTimeCleanings).where(condition);
  }
  const upTo = COUNT_CAP + 1;
  return sql`(select c.id from ${inquiries} i join ${oneTimeCleanings} c on c.inquiry_id = i.id
               where ${contains(sql`i.name`, text)} limit ${upTo})
             union (select id from ${oneTimeCleanings} where ${contains(oneTimeCleanings.notes, text)} limit ${upTo})`;
}

// Exactly the order of one_time_cleanings_newest_idx, so a page is read straight from the index.
const newestFirst = [
  sql`${oneTimeCleanings.dateTime} desc nulls last`,
  sql`${oneTimeCleanings.id} desc nulls last`,
];

/**
 * One-time cleanings joined to their inquiry (whose name and phone they show): the one query shape behind
 * this list, the calendar, its feed and the CSV export.
 */
/** A one-time cleaning still planned: neither cancelled nor done (a customer's change needs it so). */
const isPlanned = (id: number) =>
  and(eq(oneTimeCleanings.id, id), isNull(oneTimeCleanings.cancelledAt), isNull(oneTimeCleanings.doneAt));

export const selectCleaningsWithInquiry = <F extends SelectedFields>(db: Db, fields: F) =>
  db.select(fields).from(oneTimeCleanings).innerJoin(inquiries, eq(inquiries.id, oneTimeCleanings.inquiryId));

export const cleaningsStore = (db: Db) => ({
  async get(id: number): Promise<OneTimeCleaning | undefined> {
    const [row] = await selectCleaningsWithInquiry(db, columns).where(eq(oneTimeCleanings.id, id));
    return row && toCleaning(row);
  },

  async list(
    search: string | undefined,
    page: { limit: number; offset: number } | null,
  ): Promise<ListPage<OneTimeCleaning>> {
    const condition = await searchCondition(db, search);
    const query = selectCleaningsWithInquiry(db, columns)
      .where(condition)
      .orderBy(...newestFirst)
      .$dynamic();
    if (!page) {
      const rows = await query;
      return { items: rows.map(toCleaning), total: rows.length };
    }
    const [rows, counted] = await Promise.all([
      query.limit(page.limit).offset(page.offset),
      countUpTo(db, matchingIds(db, search, condition)),
    ]);
    return { items: rows.map(toCleaning), ...counted };
  },

  /**
   * Inserts and answers the new cleaning from the insert's own RETURNING, joined to its inquiry in the same
   * statement: a read afterwards could find nothing if a concurrent delete came first.
   */
  async create(values: CleaningValues): Promise<OneTimeCleaning> {
    const inserted = db.$with('inserted').as(db.insert(oneTimeCleanings).values(values).returning());
    const [row] = await db
      .with(inserted)
      .select({
        id: inserted.id,
        inquiryId: inserted.inquiryId,
        inquiryName: inquiries.name,
        dateTime: inserted.dateTime,
        amount: inserted.amount,
        paid: inserted.paid,
        notes: inserted.notes,
        durationMinutes: inserted.durationMinutes,
        version: inserted.version,
      })
      .from(inserted)
      .innerJoin(inquiries, eq(inquiries.id, inserted.inquiryId));
    if (!row) throw new Error('insert returned no row');
    return toCleaning(row);
  },

  /** Changes the given fields; false when there is no such cleaning. With `version`: only at that version. */
  update: (id: number, changes: Partial<CleaningValues>, version?: string, stale?: string) =>
    updateById(db, oneTimeCleanings, id, changes, version, stale),

  remove: (id: number, version?: string, stale?: string) =>
    deleteById(db, oneTimeCleanings, id, version, stale),

  /**
   * Cancels a one-time cleaning still planned (and at `version`, when given); false when it is not (cancelled,
   * done or changed meanwhile). The customer's page cancels through it.
   */
  async cancelPlanned(id: number, at: Date, version?: string): Promise<boolean> {
    const rows = await db
      .update(oneTimeCleanings)
      .set({ cancelledAt: at })
      .where(and(isPlanned(id), atVersion(oneTimeCleanings, version)))
      .returning({ id: oneTimeCleanings.id });
    return rows.length > 0;
  },

  /**
   * Moves a planned one-time cleaning from `from` (as the customer saw it, at `version` when given) to `to`; false
   * when it changed meanwhile.
   */
  async movePlanned(id: number, from: Date, to: Date, version?: string): Promise<boolean> {
    const rows = await db
      .update(oneTimeCleanings)
      .set({ dateTime: to })
      .where(and(isPlanned(id), eq(oneTimeCleanings.dateTime, from), atVersion(oneTimeCleanings, version)))
      .returning({ id: oneTimeCleanings.id });
    return rows.length > 0;
  },

  /**
   * Puts back a cancelled one-time cleaning (at `version`, when given), keeping its time; false when it is not
   * cancelled (put back already, done, or changed meanwhile).
   */
  async uncancel(id: number, version?: string): Promise<boolean> {
    const rows = await db
      .update(oneTimeCleanings)
      .set({ cancelledAt: null })
      .where(
        and(
          eq(oneTimeCleanings.id, id),
          isNotNull(oneTimeCleanings.cancelledAt),
          isNull(oneTimeCleanings.doneAt),
          atVersion(oneTimeCleanings, version),
        ),
      )
      .returning({ id: oneTimeCleanings.id });
    return rows.length > 0;
  },

  /** A one-time cleaning's version now (undefined: gone): why a conditional change touched nothing. */
  async version(id: number): Promise<string | undefined> {
    const [row] = await db
      .select({ version: oneTimeCleanings.version })
      .from(oneTimeCleanings)
      .where(eq(oneTimeCleanings.id, id));
    return row && String(row.version);
  },
});

export type CleaningsStore = ReturnType<typeof cleaningsStore>;

/** Deletes the one-time cleanings of these inquiries; the demo's removal. */
export async function removeCleaningsOf(db: Db, inquiryIds: number[]): Promise<void> {
  if (inquiryIds.length === 0) return;
  await db.delete(oneTimeCleanings).where(inArray(oneTimeCleanings.inquiryId, inquiryIds));
}

/** The visit fields the visits feature changes of a one-time cleaning (the owner's move, status, payment, cleaner). */
export type VisitFields = Partial<
  Pick<typeof oneTimeCleanings.$inferInsert, 'dateTime' | 'paid' | 'cancelledAt' | 'cleanerId'> & {
    done: boolean;
  }
>;

/** Changes a one-time cleaning's visit fields (on the visit's change's transaction); false when there is none. */
export async function setVisitFields(db: Db, id: number, changes: VisitFields): Promise<boolean> {
  const { done, ...rest } = changes;
  const rows = await db
    .update(oneTimeCleanings)
    .set({
      ...rest,
      ...(done === undefined
        ? {}
        : { doneAt: done ? sql`coalesce(${oneTimeCleanings.doneAt}, now())` : null }),
    })
    .where(eq(oneTimeCleanings.id, id))
    .returning({ id: oneTimeCleanings.id });
  return rows.length > 0;
}
