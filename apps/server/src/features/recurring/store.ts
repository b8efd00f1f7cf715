import type { RecurringPaid, RecurringPayment } from '@clean/shared';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgSelectBase, PgSelectWithout, SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { inquiries, recurringPaid, recurringPaidDates, recurringPayments } from '../../db/schema';
import { type DependantsMessages, type DependantsPlan, deleteWithDependants } from '../../lib/dependants';
import { countUpTo, type ListPage, pageFromNewest } from '../../lib/paging';
import { deleteById, updateById } from '../../lib/rows';
import { contains } from '../../lib/search';
import { ruleOf } from '../visits/rule';

type Page = { limit: number; offset: number } | null;

// ---------------------------------------------------------------- schedules

export type ScheduleValues = {
  inquiryId: number;
  amount: number;
  frequency: string;
  notes: string | null;
  /** The first visit and each visit's length (null: the owner's default): features/visits reads them. */
  firstVisitAt?: Date | null;
  durationMinutes?: number | null;
  /** Who cleans its visits by default (features/visits decides it under the booking lock). */
  cleanerId?: number | null;
};
export type ScheduleFilters = { inquiry_name?: string; frequency?: string; notes?: string };

const scheduleColumns = {
  id: recurringPayments.id,
  inquiryId: recurringPayments.inquiryId,
  inquiryName: inquiries.name,
  amount: recurringPayments.amount,
  frequency: recurringPayments.frequency,
  notes: recurringPayments.notes,
  firstVisitAt: recurringPayments.firstVisitAt,
  durationMinutes: recurringPayments.durationMinutes,
  cleanerId: recurringPayments.cleanerId,
  version: recurringPayments.version,
};

const toSchedule = (row: {
  id: number;
  inquiryId: number;
  inquiryName: string;
  amount: number;
  frequency: string;
  notes: string | null;
  firstVisitAt: Date | null;
  durationMinutes: number | null;
  cleanerId: number | null;
  version: number;
}): RecurringPayment => {
  const rule = ruleOf(row.firstVisitAt, row.frequency);
  return {
    id: row.id,
    inquiry_id: row.inquiryId,
    inquiry_name: row.inquiryName,
    amount: row.amount,
    frequency: row.frequency,
    notes: row.notes,
    first_visit_at: row.firstVisitAt ? row.firstVisitAt.toISOString() : null,
    duration_minutes: row.durationMinutes,
    visits_note: 'note' in rule ? rule.note : null,
    cleaner_id: row.cleanerId,
    version: String(row.version),
  };
};

/** Ids of the inquiries whose name contains the text, as a subquery (served by the trigram index). */
const inquiryIdsNamed = (db: Db, text: string) =>
  db.select({ id: inquiries.id }).from(inquiries).where(contains(inquiries.name, text));

/**
 * The Manage search over schedules (also what the CSV export selects). By name it reads the schedule's own copy
 * of its inquiry's name (its trigram index): only 1 inquiry in 10 has a schedule, so counting a common surname's
 * schedules through the inquiries walked every inquiry bearing it (10,000 for `kowalski`, 30–65 ms).
 */
export const scheduleCondition = (filters: ScheduleFilters): SQL | undefined =>
  and(
    filters.inquiry_name ? contains(recurringPayments.inquiryName, filters.inquiry_name) : undefined,
    filters.frequency ? contains(recurringPayments.frequency, filters.frequency) : undefined,
    filters.notes ? contains(recurringPayments.notes, filters.notes) : undefined,
  );

const schedulePlan = (id: number): DependantsPlan<{ paid: number }> => ({
  async lock(tx) {
    const [found] = await tx
      .select({ version: recurringPayments.version })
      .from(recurringPayments)
      .where(eq(recurringPayments.id, id))
      .for('update');
    return found?.version;
  },
  async count(tx) {
    const [counted] = await tx
      .select({ n: count() })
      .from(recurringPaid)
      .where(eq(recurringPaid.recurringPaymentId, id));
    return { paid: counted?.n ?? 0 };
  },
  async removeDependants(tx) {
    await tx.delete(recurringPaid).where(eq(recurringPaid.recurringPaymentId, id));
  },
  async remove(tx) {
    await tx.delete(recurringPayments).where(eq(recurringPayments.id, id));
  },
});

export const schedulesStore = (db: Db) => ({
  async exists(id: number): Promise<boolean> {
    const [row] = await db
      .select({ id: recurringPayments.id })
      .from(recurringPayments)
      .where(eq(recurringPayments.id, id));
    return Boolean(row);
  },

  async get(id: number): Promise<RecurringPayment | undefined> {
    const [row] = await db
      .select(scheduleColumns)
      .from(recurringPayments)
      .innerJoin(inquiries, eq(inquiries.id, recurringPayments.inquiryId))
      .where(eq(recurringPayments.id, id));
    return row && toSchedule(row);
  },

  /** Newest first; each filter is a case-insensitive "contains". */
  async list(filters: ScheduleFilters, page: Page): Promise<ListPage<RecurringPayment>> {
    const condition = scheduleCondition(filters);
    const query = db
      .select(scheduleColumns)
      .from(recurringPayments)
      .innerJoin(inquiries, eq(inquiries.id, recurringPayments.inquiryId))
      .where(condition)
      .orderBy(desc(recurringPayments.createdAt), desc(recurringPayments.id))
      .$dynamic();
    if (!page) {
      const rows = await query;
      return { items: rows.map(toSchedule), total: rows.length };
    }
    const pageRows = async () => {
      const newest = filters.inquiry_name
        ? await pageFromNewest(db, {
            table: recurringPayments,
            order: sql`${recurringPayments.createdAt} desc, ${recurringPayments.id} desc`,
            match: condition as SQL,
            page,
          })
        : undefined;
      return newest
        ? db
            .select(scheduleColumns)
            .from(recurringPayments)
            .innerJoin(inquiries, eq(inquiries.id, recurringPayments.inquiryId))
            .where(inArray(recurringPayments.id, newest))
            .orderBy(desc(recurringPayments.createdAt), desc(recurringPayments.id))
        : query.limit(page.limit).offset(page.offset);
    };
    const [rows, counted] = await Promise.all([
      pageRows(),
      countUpTo(db, db.select({ id: recurringPayments.id }).from(recurringPayments).where(condition)),
    ]);
    return { items: rows.map(toSchedule), ...counted };
  },

  async create(values: ScheduleValues): Promise<number> {
    const [row] = await db.insert(recurringPayments).values(values).returning({ id: recurringPayments.id });
    if (!row) throw new Error('insert returned no row');
    return row.id;
  },

  /** Changes the given fields; false when there is no such schedule. */
  update: (id: number, changes: Partial<ScheduleValues>, version?: string, stale?: string) =>
    updateById(db, recurringPayments, id, changes, version, stale),

  /**
   * Deletes a schedule. When paid records belong to it, it is refused unless `withDependants`: then the
   * records (and their dates) go with it in one transaction.
   */
  remove(
    id: number,
    withDependants: boolean,
    messages: DependantsMessages<{ paid: number }>,
    version?: string,
  ): Promise<void> {
    return deleteWithDependants(db, schedulePlan(id), withDependants, messages, version);
  },
});

// ---------------------------------------------------------------- paid records

export type PaidValues = { recurringPaymentId: number; amountPaid: number; notes: string | null };

const paidColumns = {
  id: recurringPaid.id,
  recurringPaymentId: recurringPaid.recurringPaymentId,
  name: inquiries.name,
  amountPaid: recurringPaid.amountPaid,
  notes: recurringPaid.notes,
  submittedAt: recurringPaid.submittedAt,
};
type PaidRow = {
  id: number;
  recurringPaymentId: number;
  name: string;
  amountPaid: number;
  notes: string | null;
  submittedAt: Date;
};

/** The paid dates of some records, ascending, as ISO strings per record id. */
export async function paidDates(db: Db, ids: number[], range?: SQL): Promise<Map<number, string[]>> {
  const byRecord = new Map<number, string[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byRecord;
  // In batches: a query takes at most 65,535 parameters.
  for (let start = 0; start < ids.length; start += 5000) {
    const rows = await db
      .select({ recordId: recurringPaidDates.recurringPaidId, dateTime: recurringPaidDates.dateTime })
      .from(recurringPaidDates)
      .where(and(inArray(recurringPaidDates.recurringPaidId, ids.slice(start, start + 5000)), range))
      .orderBy(asc(recurringPaidDates.dateTime), asc(recurringPaidDates.id));
    for (const row of rows) byRecord.get(row.recordId)?.push(row.dateTime.toISOString());
  }
  return byRecord;
}

/** Joined like the original dates_related text (docs/product.md#compatibility). */
export const joinDates = (dates: string[]) => dates.join(', ');

/** One row per distinct instant, ascending. */
const distinctInstants = (dates: Date[]) =>
  [...new Set(dates.map((d) => d.getTime()))].sort((a, b) => a - b).map((t) => new Date(t));

function toPaid(row: PaidRow, dates: string[]): RecurringPaid {
  return {
    id: row.id,
    recurring_payment_id: row.recurringPaymentId,
    recurring_payment_name: row.name,
    dates_related: joinDates(dates),
    dates,
    amount_paid: row.amountPaid,
    notes: row.notes,
    submitted_at: row.submittedAt.toISOString(),
  };
}

/** The Manage search over paid records: the schedule's inquiry name contains the text. */
export const paidCondition = (db: Db, name: string | undefined): SQL | undefined =>
  name
    ? inArray(
        recurringPaid.recurringPaymentId,
        db
          .select({ id: recurringPayments.id })
          .from(recurringPayments)
          .where(inArray(recurringPayments.inquiryId, inquiryIdsNamed(db, name))),
      )
    : undefined;

/**
 * Paid records joined to their schedule and its inquiry (whose name and phone they show): the one query shape
 * behind this list, the calendar, its feed and the CSV export.
 */
export const selectPaidWithInquiry = <F extends SelectedFields>(db: Db, fields: F) =>
  db
    .select(fields as SelectedFields)
    .from(recurringPaid)
    .innerJoin(recurringPayments, eq(recurringPayments.id, recurringPaid.recurringPaymentId))
    .innerJoin(inquiries, eq(inquiries.id, recurringPayments.inquiryId)) as unknown as PaidWithInquiry<F>;

/**
 * The type drizzle gives that query for a known selection, spelled out: it cannot chain a second join onto a
 * selection that is still generic, so the query is built for any selection and given this type.
 */
type PaidWithInquiry<F extends SelectedFields> = PgSelectWithout<
  PgSelectBase<
    'recurring_paid',
    F,
    'partial',
    { recurring_paid: 'not-null'; recurring_payments: 'not-null'; inquiries: 'not-null' }
  >,
  false,
  never
>;

export const paidStore = (db: Db) => {
  const select = () => selectPaidWithInquiry(db, paidColumns);

  async function withDates(rows: PaidRow[]): Promise<RecurringPaid[]> {
    const dates = await paidDates(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toPaid(row, dates.get(row.id) ?? []));
  }

  return {
    async get(id: number): Promise<RecurringPaid | undefined> {
      const rows = await select().where(eq(recurringPaid.id, id));
      const [paid] = await withDates(rows);
      return paid;
    },

    /** Newest submitted first; `name`: the schedule's inquiry name contains it. */
    async list(name: string | undefined, page: Page): Promise<ListPage<RecurringPaid>> {
      const condition = paidCondition(db, name);
      const query = select()
        .where(condition)
        .orderBy(desc(recurringPaid.submittedAt), desc(recurringPaid.id))
        .$dynamic();
      if (!page) {
        const rows = await query;
        return { items: await withDates(rows), total: rows.length };
      }
      const pageRows = async () => {
        const newest = name
          ? await pageFromNewest(db, {
              table: recurringPaid,
              order: sql`${recurringPaid.submittedAt} desc, ${recurringPaid.id} desc`,
              match: contains(
                sql`(select ${inquiries.name} from ${recurringPayments} join ${inquiries} on ${inquiries.id} = ${recurringPayments.inquiryId}
                      where ${recurringPayments.id} = ${recurringPaid.recurringPaymentId})`,
                name,
              ),
              page,
            })
          : undefined;
        return newest
          ? select()
              .where(inArray(recurringPaid.id, newest))
              .orderBy(desc(recurringPaid.submittedAt), desc(recurringPaid.id))
          : query.limit(page.limit).offset(page.offset);
      };
      const [rows, counted] = await Promise.all([
        pageRows(),
        // A name search counts from the inquiries bearing it (their trigram index), then their schedules' records:
        // read the other way round, a common surname took a second among ten years of records.
        countUpTo(
          db,
          name
            ? db
                .select({ id: recurringPaid.id })
                .from(inquiries)
                .innerJoin(recurringPayments, eq(recurringPayments.inquiryId, inquiries.id))
                .innerJoin(recurringPaid, eq(recurringPaid.recurringPaymentId, recurringPayments.id))
                .where(contains(inquiries.name, name))
            : db.select({ id: recurringPaid.id }).from(recurringPaid),
        ),
      ]);
      return { items: await withDates(rows), ...counted };
    },

    /** The record and its dates in one transaction. */
    async create(values: PaidValues, dates: Date[]): Promise<number> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(recurringPaid).values(values).returning({ id: recurringPaid.id });
        if (!row) throw new Error('insert returned no row');
        const unique = distinctInstants(dates);
        if (unique.length > 0) {
          await tx
            .insert(recurringPaidDates)
            .values(unique.map((dateTime) => ({ recurringPaidId: row.id, dateTime })));
        }
        return row.id;
      });
    },

    /** Changes the given fields; `dates`, when given, replaces the whole set. False when there is no record. */
    async update(id: number, changes: Partial<PaidValues>, dates: Date[] | undefined): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [found] = await tx
          .select({ id: recurringPaid.id })
          .from(recurringPaid)
          .where(eq(recurringPaid.id, id))
          .for('update');
        if (!found) return false;
        if (Object.values(changes).some((v) => v !== undefined)) {
          await tx.update(recurringPaid).set(changes).where(eq(recurringPaid.id, id));
        }
        if (dates) {
          await tx.delete(recurringPaidDates).where(eq(recurringPaidDates.recurringPaidId, id));
          const unique = distinctInstants(dates);
          if (unique.length > 0) {
            await tx
              .insert(recurringPaidDates)
              .values(unique.map((dateTime) => ({ recurringPaidId: id, dateTime })));
          }
        }
        return true;
      });
    },

    /** Its dates go with it (on delete cascade). */
    remove: (id: number) => deleteById(db, recurringPaid, id),
  };
};

export type SchedulesStore = ReturnType<typeof schedulesStore>;
export type PaidStore = ReturnType<typeof paidStore>;

/** Deletes the schedules of these inquiries with their paid records (their dates cascade); the demo's removal. */
export async function removeSchedulesOf(db: Db, inquiryIds: number[]): Promise<void> {
  if (inquiryIds.length === 0) return;
  const schedules = db
    .select({ id: recurringPayments.id })
    .from(recurringPayments)
    .where(inArray(recurringPayments.inquiryId, inquiryIds));
  await db.delete(recurringPaid).where(inArray(recurringPaid.recurringPaymentId, schedules));
  await db.delete(recurringPayments).where(inArray(recurringPayments.inquiryId, inquiryIds));
}

/**
 * The paid records of a schedule's occurrences, as Done & paid makes and undoes them: each call runs on the
 * occurrence's change's transaction, after its row lock (so two Done & paid make one record).
 */
export const occurrencePaid = {
  async create(db: Db, scheduleId: number, amount: number, date: Date): Promise<number> {
    const [row] = await db
      .insert(recurringPaid)
      .values({ recurringPaymentId: scheduleId, amountPaid: amount })
      .returning({ id: recurringPaid.id });
    if (!row) throw new Error('insert returned no row');
    await db.insert(recurringPaidDates).values({ recurringPaidId: row.id, dateTime: date });
    return row.id;
  },

  /** When a paid record was made: an undo is taken on that business day only. */
  async madeAt(db: Db, id: number): Promise<Date | undefined> {
    const [row] = await db
      .select({ at: recurringPaid.submittedAt })
      .from(recurringPaid)
      .where(eq(recurringPaid.id, id));
    return row?.at;
  },

  /** Removes a paid record (its dates go with it; the occurrence's link to it is cleared by the database). */
  async remove(db: Db, id: number): Promise<void> {
    await db.delete(recurringPaid).where(eq(recurringPaid.id, id));
  },
};
