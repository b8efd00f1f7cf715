import { COUNT_CAP, OLD_RECORD_DAYS, type OldRecord, type OldRecordType } from '@clean/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ListPage } from '../../lib/paging';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Records from before this instant are old (older than 90 days: docs/product.md#old-records-and-cleanup). */
export const oldRecordCutoff = (now = new Date()) => new Date(now.getTime() - OLD_RECORD_DAYS * DAY_MS);

/** A timestamptz as the ISO text JavaScript writes (UTC, milliseconds). */
const iso = (expression: string) =>
  sql.raw(`to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const instant = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/*
 * What is old (the same rules for listing, counting and deleting):
 * - a one-time cleaning whose date (or, without a date, its creation) is before the cutoff;
 * - a recurring paid record submitted before the cutoff (its dates go with it);
 * - an inquiry submitted before the cutoff that nothing will refer to once the old cleanings are gone: no
 *   recurring schedule, no one-time cleaning that is not old, and no invoice (invoices and their inquiries are kept:
 *   docs/product.md#getting-paid). Schedules themselves are never old.
 * Each predicate is written for its own table, unaliased. `coalesce(date_time, created_at)` is the expression
 * of one_time_cleanings_effective_date_idx.
 */
const oldCleaning = (cutoff: Date) => sql`coalesce(date_time, created_at) < ${instant(cutoff)}`;
const oldPaid = (cutoff: Date) => sql`submitted_at < ${instant(cutoff)}`;
const oldInquiry = (cutoff: Date) => sql`submitted_at < ${instant(cutoff)}
  and not exists (select 1 from recurring_payments s where s.inquiry_id = inquiries.id)
  and not exists (select 1 from invoices i where i.inquiry_id = inquiries.id)
  and not exists (select 1 from one_time_cleanings c
                   where c.inquiry_id = inquiries.id and coalesce(c.date_time, c.created_at) >= ${instant(cutoff)})`;

/** Rows of a raw query; node-postgres and PGlite both answer `{ rows }`. */
async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

type Row = {
  id: number;
  name: string;
  submitted_at: string;
  /** `at` as PostgreSQL writes it, to the microsecond: where the next batch starts. */
  cursor_at: string;
  type: OldRecordType;
  dates_related: string | null;
};

/** Where an export's next batch starts: after this row of the (at, type, id) order. */
type OldRecordCursor = { at: string; type: OldRecordType; id: number };

/** The rows of one kind after `cursor`, written so the kind's (at, id) index serves it. */
function after(type: OldRecordType, at: string, cursor: OldRecordCursor | null) {
  if (!cursor) return sql``;
  const from = sql`${cursor.at}::timestamptz`;
  const column = sql.raw(at);
  if (type > cursor.type) return sql`and ${column} >= ${from}`;
  if (type < cursor.type) return sql`and ${column} > ${from}`;
  return sql`and (${column}, id) > (${from}, ${cursor.id})`;
}

/**
 * Old records in (at, type, id) order: each kind read in its index's order from `cursor` and cut at `cap` rows
 * before the kinds are merged, then the window; names and paid dates are looked up for the window's rows only.
 */
function oldRows(db: Db, cutoff: Date, cursor: OldRecordCursor | null, cap: SQL, window: SQL) {
  return rows<Row>(
    db,
    sql`with page as (
      select id, at, type from (
        (select id, coalesce(date_time, created_at) as at, 'one_time_cleaning' as type
           from one_time_cleanings where ${oldCleaning(cutoff)} ${after('one_time_cleaning', 'coalesce(date_time, created_at)', cursor)}
          order by coalesce(date_time, created_at), id ${cap})
        union all
        (select id, submitted_at, 'recurring_paid' from recurring_paid
          where ${oldPaid(cutoff)} ${after('recurring_paid', 'submitted_at', cursor)}
          order by submitted_at, id ${cap})
        union all
        (select id, submitted_at, 'inquiry' from inquiries
          where ${oldInquiry(cutoff)} ${after('inquiry', 'submitted_at', cursor)}
          order by submitted_at, id ${cap})
      ) kinds
      order by at, type, id ${window}
    )
    select page.id, page.type, ${iso('page.at')} as submitted_at, page.at::text as cursor_at,
           coalesce(cleaning_inquiry.name, paid_inquiry.name, inquiry.name) as name,
           (select string_agg(${iso('d.date_time')}, ', ' order by d.date_time)
              from recurring_paid_dates d
             where page.type = 'recurring_paid' and d.recurring_paid_id = page.id) as dates_related
      from page
      left join one_time_cleanings cleaning on page.type = 'one_time_cleaning' and cleaning.id = page.id
      left join inquiries cleaning_inquiry on cleaning_inquiry.id = cleaning.inquiry_id
      left join recurring_paid paid on page.type = 'recurring_paid' and paid.id = page.id
      left join recurring_payments schedule on schedule.id = paid.recurring_payment_id
      left join inquiries paid_inquiry on paid_inquiry.id = schedule.inquiry_id
      left join inquiries inquiry on page.type = 'inquiry' and inquiry.id = page.id
     order by page.at, page.type, page.id`,
  );
}

const toOldRecord = (r: Row): OldRecord => ({
  id: Number(r.id),
  name: r.name,
  submitted_at: r.submitted_at,
  type: r.type,
  ...(r.type === 'recurring_paid' ? { dates_related: r.dates_related ?? '' } : {}),
});

export const cleanupStore = (db: Db) => ({
  /** Old records, oldest first, a page of them (the hub's list) or all. */
  async list(cutoff: Date, page: { limit: number; offset: number } | null): Promise<ListPage<OldRecord>> {
    const cap = page ? sql`limit ${page.offset + page.limit}` : sql``;
    const window = page ? sql`limit ${page.limit} offset ${page.offset}` : sql``;
    const items = await oldRows(db, cutoff, null, cap, window);
    const records = items.map(toOldRecord);
    if (!page) return { items: records, total: records.length };
    // Counted up to COUNT_CAP (each kind read no further): ten years of old records took seconds to count.
    const upTo = COUNT_CAP + 1;
    const [counted] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from (
            (select 1 from one_time_cleanings where ${oldCleaning(cutoff)} limit ${upTo})
            union all (select 1 from recurring_paid where ${oldPaid(cutoff)} limit ${upTo})
            union all (select 1 from inquiries where ${oldInquiry(cutoff)} limit ${upTo})) kinds`,
    );
    const n = Number(counted?.n ?? 0);
    return { items: records, total: Math.min(n, COUNT_CAP), more: n > COUNT_CAP };
  },

  /**
   * Every old record, oldest first, in batches of `limit`: each batch starts after the last row of the one before
   * (its cursor), so ten years of them are read at the same cost per batch (an OFFSET re-read every earlier row).
   */
  async *batches(cutoff: Date, limit: number): AsyncGenerator<OldRecord[]> {
    let cursor: OldRecordCursor | null = null;
    for (;;) {
      const rows = await oldRows(db, cutoff, cursor, sql`limit ${limit}`, sql`limit ${limit}`);
      yield rows.map(toOldRecord);
      const last = rows.at(-1);
      if (!last || rows.length < limit) return;
      cursor = { at: last.cursor_at, type: last.type, id: Number(last.id) };
    }
  },

  /**
   * Deletes every old record, in batches of `batch` rows a transaction: ten years of records (a million rows) in
   * one statement would outlast the statement timeout, and batches keep each transaction, its locks and WAL small
   * while bookings go on (npm run bench:scale). Recent records are never touched; a failure leaves the batches
   * already done deleted (they were old) and the rest for the next cleanup. Returns how many.
   */
  async deleteOld(cutoff: Date, onBatch?: (total: number) => Promise<void>, batch = 5_000): Promise<number> {
    let total = 0;
    // Cleanings first: an inquiry whose cleanings were all old is then free to go.
    for (const [table, condition] of [
      ['one_time_cleanings', oldCleaning(cutoff)],
      ['recurring_paid', oldPaid(cutoff)],
      ['inquiries', oldInquiry(cutoff)],
    ] as const) {
      const name = sql.raw(table);
      for (;;) {
        const [result] = await rows<{ n: number }>(
          db,
          sql`with gone as (delete from ${name} where id in (select id from ${name} where ${condition} limit ${batch})
                            returning 1)
              select count(*)::int as n from gone`,
        );
        const n = Number(result?.n ?? 0);
        total += n;
        if (n > 0) await onBatch?.(total);
        if (n < batch) break;
      }
    }
    return total;
  },
});

/** A job whose server has not reported for this long is taken for dead (a batch takes well under a second). */
const STALE_AFTER = sql`interval '60 seconds'`;

/** `lost`: unfinished, and its server stopped reporting (it died mid-way). */
type JobRow = { id: number; deleted: number; error: string | null; finished: boolean; lost: boolean };

/** The background cleanup's row (cleanup_jobs): started, progressed, finished, read by any server. */
export const cleanupJobsStore = (db: Db) => ({
  /** A new job, or null while another one is running (on any server). */
  async start(): Promise<number | null> {
    const [row] = await rows<{ id: number }>(
      db,
      sql`insert into cleanup_jobs (deleted)
          select 0 where not exists (select 1 from cleanup_jobs
                                      where finished_at is null and heartbeat_at > now() - ${STALE_AFTER})
          returning id`,
    );
    return row ? Number(row.id) : null;
  },

  /** The job running now (on any server), if any. */
  async running(): Promise<number | null> {
    const [row] = await rows<{ id: number }>(
      db,
      sql`select id from cleanup_jobs where finished_at is null and heartbeat_at > now() - ${STALE_AFTER}
          order by id desc limit 1`,
    );
    return row ? Number(row.id) : null;
  },

  async progress(id: number, deleted: number): Promise<void> {
    await db.execute(
      sql`update cleanup_jobs set deleted = ${deleted}, heartbeat_at = now() where id = ${id}`,
    );
  },

  async finish(id: number, deleted: number, error: string | null): Promise<void> {
    await db.execute(sql`update cleanup_jobs set deleted = ${deleted}, error = ${error}, heartbeat_at = now(),
                         finished_at = now() where id = ${id}`);
  },

  async get(id: number): Promise<JobRow | undefined> {
    const [row] = await rows<JobRow>(
      db,
      sql`select id, deleted, error, finished_at is not null as finished,
                 finished_at is null and heartbeat_at <= now() - ${STALE_AFTER} as lost
            from cleanup_jobs where id = ${id}`,
    );
    return row && { ...row, id: Number(row.id), deleted: Number(row.deleted) };
  },
});

export type CleanupStore = ReturnType<typeof cleanupStore>;
export type CleanupJobsStore = ReturnType<typeof cleanupJobsStore>;
