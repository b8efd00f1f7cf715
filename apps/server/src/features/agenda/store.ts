import type { AgendaOneTime, AgendaRecurringPaid, CleaningDatesSummary } from '@clean/shared';
import { and, asc, type Column, eq, exists, gte, lte, type SQL, sql } from 'drizzle-orm';
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

export const agendaStore = (db: Db) => ({
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
