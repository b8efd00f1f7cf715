import {
  formatPhone,
  type inquiryQuery,
  type oneTimeCleaningQuery,
  type recurringPaidQuery,
  type recurringPaymentQuery,
} from '@clean/shared';
import { and, type Column, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inquiries, oneTimeCleanings, recurringPaid, recurringPayments } from '../../db/schema';
import { type Cell, cents, inBatches } from '../../lib/csv';
import { searchCondition, selectCleaningsWithInquiry } from '../cleanings/store';
import { inquiryCondition } from '../inquiries/store';
import { paidCondition, paidDates, scheduleCondition, selectPaidWithInquiry } from '../recurring/store';

const below = (column: Column, id: number | null): SQL | undefined =>
  id === null ? undefined : lt(column, id);

/** One CSV file: its column names and its rows, read from the database in batches as they are sent. */
export type CsvExport = { header: string[]; rows: AsyncGenerator<Cell[]> };

/**
 * CSV exports for the bookkeeper: each takes its Manage list's search parameters and yields what that search
 * shows, newest first.
 */
export function exportsService(db: Db) {
  return {
    inquiries(query: z.output<typeof inquiryQuery>): CsvExport {
      const { name, phone_number, status } = query;
      const condition = inquiryCondition({ name, phone_number, status });
      async function* rows(): AsyncGenerator<Cell[]> {
        for await (const batch of inBatches((before, limit) =>
          db
            .select()
            .from(inquiries)
            .where(and(condition, below(inquiries.id, before)))
            .orderBy(desc(inquiries.id))
            .limit(limit),
        )) {
          for (const i of batch)
            yield [
              i.id,
              i.submittedAt,
              i.name,
              i.phoneNumber ? formatPhone(i.phoneNumber) : '',
              i.email,
              i.callOrText,
              i.town,
              i.status,
              i.description,
            ];
        }
      }
      const header = [
        'id',
        'submitted',
        'name',
        'phone',
        'email',
        'call_or_text',
        'town',
        'status',
        'description',
      ];
      return { header, rows: rows() };
    },

    oneTimeCleanings(query: z.output<typeof oneTimeCleaningQuery>): CsvExport {
      async function* rows(): AsyncGenerator<Cell[]> {
        const condition = await searchCondition(db, query.search);
        for await (const batch of inBatches((before, limit) =>
          selectCleaningsWithInquiry(db, {
            id: oneTimeCleanings.id,
            dateTime: oneTimeCleanings.dateTime,
            name: inquiries.name,
            phone: inquiries.phoneNumber,
            amount: oneTimeCleanings.amount,
            paid: oneTimeCleanings.paid,
            notes: oneTimeCleanings.notes,
          })
            .where(and(condition, below(oneTimeCleanings.id, before)))
            .orderBy(desc(oneTimeCleanings.id))
            .limit(limit),
        )) {
          for (const c of batch)
            yield [
              c.id,
              c.dateTime,
              c.name,
              c.phone ? formatPhone(c.phone) : '',
              cents(c.amount),
              c.paid,
              c.notes,
            ];
        }
      }
      const header = ['id', 'date', 'inquiry', 'phone', 'amount', 'paid', 'notes'];
      return { header, rows: rows() };
    },

    recurringPayments(query: z.output<typeof recurringPaymentQuery>): CsvExport {
      const { inquiry_name, frequency, notes } = query;
      const condition = scheduleCondition({ inquiry_name, frequency, notes });
      async function* rows(): AsyncGenerator<Cell[]> {
        for await (const batch of inBatches((before, limit) =>
          db
            .select({
              id: recurringPayments.id,
              name: inquiries.name,
              phone: inquiries.phoneNumber,
              amount: recurringPayments.amount,
              frequency: recurringPayments.frequency,
              notes: recurringPayments.notes,
              createdAt: recurringPayments.createdAt,
            })
            .from(recurringPayments)
            .innerJoin(inquiries, eq(inquiries.id, recurringPayments.inquiryId))
            .where(and(condition, below(recurringPayments.id, before)))
            .orderBy(desc(recurringPayments.id))
            .limit(limit),
        )) {
          for (const s of batch)
            yield [
              s.id,
              s.name,
              s.phone ? formatPhone(s.phone) : '',
              cents(s.amount),
              s.frequency,
              s.notes,
              s.createdAt,
            ];
        }
      }
      const header = ['id', 'inquiry', 'phone', 'amount', 'frequency', 'notes', 'created'];
      return { header, rows: rows() };
    },

    recurringPaid(query: z.output<typeof recurringPaidQuery>): CsvExport {
      const condition = paidCondition(db, query.name);
      async function* rows(): AsyncGenerator<Cell[]> {
        for await (const batch of inBatches((before, limit) =>
          selectPaidWithInquiry(db, {
            id: recurringPaid.id,
            scheduleId: recurringPaid.recurringPaymentId,
            name: inquiries.name,
            amountPaid: recurringPaid.amountPaid,
            notes: recurringPaid.notes,
            submittedAt: recurringPaid.submittedAt,
          })
            .where(and(condition, below(recurringPaid.id, before)))
            .orderBy(desc(recurringPaid.id))
            .limit(limit),
        )) {
          const dates = await paidDates(
            db,
            batch.map((r) => r.id),
          );
          for (const r of batch) {
            const list = dates.get(r.id) ?? [];
            for (const date of list.length ? list : [null])
              yield [
                r.id,
                r.scheduleId,
                r.name,
                date ? new Date(date) : null,
                cents(r.amountPaid),
                list.length,
                r.notes,
                r.submittedAt,
              ];
          }
        }
      }
      const header = [
        'record_id',
        'schedule_id',
        'name',
        'paid_date',
        'record_amount_paid',
        'dates_in_record',
        'notes',
        'submitted',
      ];
      return { header, rows: rows() };
    },
  };
}
