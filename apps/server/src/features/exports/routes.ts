import {
  csvResponse,
  formatPhone,
  inquiryQuery,
  oneTimeCleaningQuery,
  recurringPaidQuery,
  recurringPaymentQuery,
} from '@clean/shared';
import { and, type Column, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { inquiries, oneTimeCleanings, recurringPaid, recurringPayments } from '../../db/schema';
import { type Cell, cents, inBatches, sendCsv } from '../../lib/csv';
import { requireAdmin } from '../auth/guard';
import { searchCondition } from '../cleanings/store';
import { inquiryCondition } from '../inquiries/store';
import { paidCondition, paidDates, scheduleCondition } from '../recurring/store';

const below = (column: Column, id: number | null): SQL | undefined =>
  id === null ? undefined : lt(column, id);

/**
 * CSV exports for the bookkeeper (admin): each takes its Manage list's search parameters and streams what that
 * search shows, newest first, from the database in batches.
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db: Db = app.database.db;
  const zone = app.config.timezone;
  const guard = { onRequest: requireAdmin };

  app.get(
    '/api/export/inquiries.csv',
    { ...guard, schema: { querystring: inquiryQuery, response: csvResponse } },
    async (request, reply) => {
      const { name, phone_number, status } = request.query;
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
      return sendCsv(reply, 'inquiries.csv', header, rows(), zone);
    },
  );

  app.get(
    '/api/export/one_time_cleanings.csv',
    { ...guard, schema: { querystring: oneTimeCleaningQuery, response: csvResponse } },
    async (request, reply) => {
      const condition = searchCondition(db, request.query.search);
      async function* rows(): AsyncGenerator<Cell[]> {
        for await (const batch of inBatches((before, limit) =>
          db
            .select({
              id: oneTimeCleanings.id,
              dateTime: oneTimeCleanings.dateTime,
              name: inquiries.name,
              phone: inquiries.phoneNumber,
              amount: oneTimeCleanings.amount,
              paid: oneTimeCleanings.paid,
              notes: oneTimeCleanings.notes,
            })
            .from(oneTimeCleanings)
            .innerJoin(inquiries, eq(inquiries.id, oneTimeCleanings.inquiryId))
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
      return sendCsv(reply, 'one_time_cleanings.csv', header, rows(), zone);
    },
  );

  app.get(
    '/api/export/recurring_payments.csv',
    { ...guard, schema: { querystring: recurringPaymentQuery, response: csvResponse } },
    async (request, reply) => {
      const { inquiry_name, frequency, notes } = request.query;
      const condition = scheduleCondition(db, { inquiry_name, frequency, notes });
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
      return sendCsv(reply, 'recurring_payments.csv', header, rows(), zone);
    },
  );

  // One row per paid date, so a spreadsheet can sort and count visits; the record's amount is repeated on each
  // of its rows (the record id tells them apart), a record without dates has one row with an empty date.
  app.get(
    '/api/export/recurring_paid.csv',
    { ...guard, schema: { querystring: recurringPaidQuery, response: csvResponse } },
    async (request, reply) => {
      const condition = paidCondition(db, request.query.name);
      async function* rows(): AsyncGenerator<Cell[]> {
        for await (const batch of inBatches((before, limit) =>
          db
            .select({
              id: recurringPaid.id,
              scheduleId: recurringPaid.recurringPaymentId,
              name: inquiries.name,
              amountPaid: recurringPaid.amountPaid,
              notes: recurringPaid.notes,
              submittedAt: recurringPaid.submittedAt,
            })
            .from(recurringPaid)
            .innerJoin(recurringPayments, eq(recurringPayments.id, recurringPaid.recurringPaymentId))
            .innerJoin(inquiries, eq(inquiries.id, recurringPayments.inquiryId))
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
      return sendCsv(reply, 'recurring_paid.csv', header, rows(), zone);
    },
  );
};
