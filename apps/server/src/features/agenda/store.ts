import {
  AGENDA_DAY_LIMIT,
  type AgendaOneTime,
  type AgendaRecurringPaid,
  type CleaningDatesSummary,
} from '@clean/shared';
import { and, asc, type Column, eq, exists, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  inquiries,
  oneTimeCleanings,
  recurringPaid,
  recurringPaidDates,
  recurringPayments,
} from '../../db/schema';
import { selectCleaningsWithInquiry } from '../cleanings/store';
import { joinDates, paidDates, selectPaidWithInquiry } from '../recurring/store';

/** Both ends inclusive; either may be open. */
export type Range = { from?: Date; to?: Date };

const within = (column: Column, range: Range): SQL | undefined =>
  and(range.from ? gte(column, range.from) : undefined, range.to ? lte(column, range.to) : undefined);

const hasRange = (range: Range) => Boolean(range.from || range.to);

type DayRow = { day: string; id: number; at: Date | string };

/**
 * Per business day of [from, to] that has rows, the first AGENDA_DAY_LIMIT + 1 rows of `table` by `column` (one index range
 * each): a month of ten years' busiest seed holds ~60,000 cleanings, and the calendar shows a few a day. Each
 * order is exactly an index's (one_time_cleanings_newest_idx read backwards, recurring_paid_dates_day_idx), so a
 * day stops after its first rows: with any other (`id asc` is `nulls last`), PostgreSQL sorted every row of the
 * day first, 20 and 50 ms a month instead of 1.
 */
export async function firstOfEachDay(
  db: Db,
  table: string,
  column: string,
  from: Date,
  to: Date,
  timeZone: string,
) {
  const col = sql.raw(column);
  const tbl = sql.raw(table);
  const fromAt = sql`${from.toISOString()}::timestamptz`;
  const toAt = sql`${to.toISOString()}::timestamptz`;
  // The business days that have rows, found one index probe a day (each the first row from the next day on), not
  // every day of the range: the feed's range runs to the latest visit, and one in year 2999 made it 360,000 days.
  const result = (await db.execute(sql`
    with recursive found(d) as (
        select date_trunc('day', (select min(${col}) from ${tbl} where ${col} >= ${fromAt} and ${col} <= ${toAt})
                                 at time zone ${timeZone})
      union all
        select date_trunc('day', (select min(${col}) from ${tbl}
                                   where ${col} >= (found.d + interval '1 day') at time zone ${timeZone}
                                     and ${col} <= ${toAt}) at time zone ${timeZone})
          from found where found.d is not null),
    days as (
      select to_char(d, 'YYYY-MM-DD') as day, greatest(d at time zone ${timeZone}, ${fromAt}) as starts,
             least((d + interval '1 day') at time zone ${timeZone}, ${toAt} + interval '1 microsecond') as ends
        from found where d is not null)
    select days.day, first.id, first.at from days, lateral (
      select ${sql.raw(table === 'one_time_cleanings' ? 'id' : 'recurring_paid_id')} as id, ${sql.raw(column)} as at
        from ${sql.raw(table)}
       where ${col} >= days.starts and ${col} < days.ends
       order by ${sql.raw(column)} ${sql.raw(table === 'one_time_cleanings' ? 'asc nulls first, id asc nulls first' : 'asc, recurring_paid_id asc')}
       limit ${AGENDA_DAY_LIMIT + 1}) as first
    order by days.day, first.at`)) as unknown as { rows: DayRow[] };
  const kept: DayRow[] = [];
  const truncated = new Set<string>();
  const perDay = new Map<string, number>();
  for (const row of result.rows) {
    const n = (perDay.get(row.day) ?? 0) + 1;
    perDay.set(row.day, n);
    if (n > AGENDA_DAY_LIMIT) truncated.add(row.day);
    else kept.push({ ...row, id: Number(row.id), at: new Date(row.at) });
  }
  return { kept, truncated };
}

const contactColumns = {
  inquiry_name: inquiries.name,
  phone_number: inquiries.phoneNumber,
  email: inquiries.email,
  call_or_text: inquiries.callOrText,
  town: inquiries.town,
  street_address: inquiries.streetAddress,
  zip: inquiries.zip,
  access_notes: inquiries.accessNotes,
};

export const agendaStore = (db: Db) => ({
  /**
   * The calendar's events between two instants, at most AGENDA_DAY_LIMIT cleanings and paid dates a business day
   * (the first of the day; the busier days named): cleanings dated in it, and paid records with a date in it,
   * listing only those dates.
   */
  async bounded(from: Date, to: Date, timeZone: string): Promise<CleaningDatesSummary> {
    const [cleaningDays, paidDays] = await Promise.all([
      firstOfEachDay(db, 'one_time_cleanings', 'date_time', from, to, timeZone),
      firstOfEachDay(db, 'recurring_paid_dates', 'date_time', from, to, timeZone),
    ]);
    const cleaningIds = cleaningDays.kept.map((r) => r.id);
    const recordIds = [...new Set(paidDays.kept.map((r) => r.id))];
    const [cleanings, records] = await Promise.all([
      cleaningIds.length
        ? selectCleaningsWithInquiry(db, {
            cleaning_id: oneTimeCleanings.id,
            inquiry_id: oneTimeCleanings.inquiryId,
            date_time: oneTimeCleanings.dateTime,
            ...contactColumns,
            notes: oneTimeCleanings.notes,
            paid: oneTimeCleanings.paid,
          })
            .where(inArray(oneTimeCleanings.id, cleaningIds))
            .orderBy(sql`${oneTimeCleanings.dateTime} asc nulls last`, asc(oneTimeCleanings.id))
        : [],
      recordIds.length
        ? selectPaidWithInquiry(db, {
            recurring_paid_id: recurringPaid.id,
            inquiry_id: recurringPayments.inquiryId,
            ...contactColumns,
            notes: recurringPaid.notes,
          })
            .where(inArray(recurringPaid.id, recordIds))
            .orderBy(asc(recurringPaid.id))
        : [],
    ]);
    const dates = new Map<number, string[]>();
    for (const row of paidDays.kept) {
      const list = dates.get(row.id) ?? [];
      list.push((row.at as Date).toISOString());
      dates.set(row.id, list);
    }
    const truncated = new Set([...cleaningDays.truncated, ...paidDays.truncated]);
    return {
      one_time_cleanings: cleanings.map(
        (c): AgendaOneTime => ({ ...c, date_time: c.date_time ? c.date_time.toISOString() : null }),
      ),
      recurring_paid_records: records.map((r): AgendaRecurringPaid => {
        const list = (dates.get(r.recurring_paid_id) ?? []).sort();
        return { ...r, dates_related: joinDates(list), dates: list };
      }),
      truncated_days: [...truncated].sort(),
    };
  },

  /**
   * The calendar's events. With a range only what happens inside it: cleanings dated in it, and paid records
   * with a date in it, listing only those dates. Without one, everything (undated cleanings included).
   */
  async summary(range: Range): Promise<CleaningDatesSummary> {
    const cleanings = await selectCleaningsWithInquiry(db, {
      cleaning_id: oneTimeCleanings.id,
      inquiry_id: oneTimeCleanings.inquiryId,
      inquiry_name: inquiries.name,
      date_time: oneTimeCleanings.dateTime,
      phone_number: inquiries.phoneNumber,
      email: inquiries.email,
      call_or_text: inquiries.callOrText,
      town: inquiries.town,
      street_address: inquiries.streetAddress,
      zip: inquiries.zip,
      access_notes: inquiries.accessNotes,
      notes: oneTimeCleanings.notes,
      paid: oneTimeCleanings.paid,
    })
      .where(within(oneTimeCleanings.dateTime, range))
      .orderBy(sql`${oneTimeCleanings.dateTime} asc nulls last`, asc(oneTimeCleanings.id));

    const datesInRange = within(recurringPaidDates.dateTime, range);
    const records = await selectPaidWithInquiry(db, {
      recurring_paid_id: recurringPaid.id,
      inquiry_id: recurringPayments.inquiryId,
      inquiry_name: inquiries.name,
      phone_number: inquiries.phoneNumber,
      email: inquiries.email,
      call_or_text: inquiries.callOrText,
      town: inquiries.town,
      street_address: inquiries.streetAddress,
      zip: inquiries.zip,
      access_notes: inquiries.accessNotes,
      notes: recurringPaid.notes,
    })
      .where(
        hasRange(range)
          ? exists(
              db
                .select({ one: sql`1` })
                .from(recurringPaidDates)
                .where(and(eq(recurringPaidDates.recurringPaidId, recurringPaid.id), datesInRange)),
            )
          : undefined,
      )
      .orderBy(asc(recurringPaid.id));
    const dates = await paidDates(
      db,
      records.map((r) => r.recurring_paid_id),
      datesInRange,
    );

    return {
      one_time_cleanings: cleanings.map(
        (c): AgendaOneTime => ({ ...c, date_time: c.date_time ? c.date_time.toISOString() : null }),
      ),
      recurring_paid_records: records.map((r): AgendaRecurringPaid => {
        const list = dates.get(r.recurring_paid_id) ?? [];
        return { ...r, dates_related: joinDates(list), dates: list };
      }),
    };
  },
});

export type AgendaStore = ReturnType<typeof agendaStore>;
