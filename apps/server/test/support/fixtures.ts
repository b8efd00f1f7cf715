import type { RecurringPaymentInput } from '@clean/shared';
import { scheduleRequest } from '@clean/shared/test-support';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client';
import * as schema from '../../src/db/schema';
import type { SignedInApp } from './harness';

/** Adds a package through the API as the admin; only its title matters to the tests that use it. */
export const addPackage = (t: SignedInApp, title: string) =>
  t.asAdmin('POST', '/api/packages', {
    title,
    amount: 100,
    image_url: '/demo/pkg-deep.svg',
    description: '',
  });

/** Creates a schedule through the API as the admin (its visits follow from it), answering its id. */
export async function createSchedule(
  t: SignedInApp,
  inquiryId: number,
  fields: Partial<RecurringPaymentInput> = {},
): Promise<number> {
  const created = await t.asAdmin(
    'POST',
    '/api/recurring_payments',
    scheduleRequest({ inquiry_id: inquiryId, ...fields }),
  );
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
}

/** A weekly $120 schedule from `firstVisitAt` (a wall time) whose customer is not mailed about it; answers its id. */
export const weeklySchedule = (t: SignedInApp, inquiryId: number, firstVisitAt: string) =>
  createSchedule(t, inquiryId, { frequency: 'Weekly', first_visit_at: firstVisitAt, notify_customer: false });

/** A visitor's booking request as the form fills it in (strings, as a form post sends them). */
export const booking = {
  name: 'Robin Plain',
  email: 'robin@example.com',
  phone_number: '(860) 555-0123',
  call_or_text: 'text',
  town: 'Bristol',
  description: 'Two-bedroom flat, every other week.',
};

/**
 * Builders of the owner's records, written straight to the database (for rows the API would not make, such as
 * dates in the past), each answering the new row's id. `t.db` is read at each call, so this can be made before
 * the app is.
 */
export function records(t: { db: Db }) {
  /** Inserts one row, answering its id. */
  async function add<T extends PgTable & { id: AnyPgColumn }>(table: T, row: T['$inferInsert']) {
    const [created] = await t.db.insert(table).values(row).returning({ id: table.id });
    return Number(created?.id ?? 0);
  }
  type Values<T extends PgTable> = Partial<T['$inferInsert']>;
  const inquiry = (name: string, values: Values<typeof schema.inquiries> = {}) =>
    add(schema.inquiries, { name, phoneNumber: '8605550100', ...values });
  return {
    /** Empties the four bookkeeping tables, children first. */
    async clearAll() {
      await t.db.delete(schema.recurringPaid);
      await t.db.delete(schema.recurringPayments);
      await t.db.delete(schema.oneTimeCleanings);
      await t.db.delete(schema.inquiries);
    },
    inquiry,
    /** The customers the bookkeeping tests book for: Maria and Tom with a phone number, Priya without. */
    customers: async () => ({
      maria: await inquiry('Maria Gonzalez', { phoneNumber: '8605550101' }),
      tom: await inquiry('Tom Reilly', { phoneNumber: '8605550102' }),
      priya: await inquiry('Priya Shah', { phoneNumber: null }),
    }),
    cleaning: (inquiryId: number, values: Values<typeof schema.oneTimeCleanings> = {}) =>
      add(schema.oneTimeCleanings, { inquiryId, amount: 100, ...values }),
    schedule: (inquiryId: number, values: Values<typeof schema.recurringPayments> = {}) =>
      add(schema.recurringPayments, { inquiryId, amount: 100, ...values }),
    /** A paid record of a schedule, with its dates (none: a record without dates). */
    async paidRecord(scheduleId: number, dates: Date[], values: Values<typeof schema.recurringPaid> = {}) {
      const id = await add(schema.recurringPaid, {
        recurringPaymentId: scheduleId,
        amountPaid: 100,
        ...values,
      });
      if (dates.length)
        await t.db
          .insert(schema.recurringPaidDates)
          .values(dates.map((dateTime) => ({ recurringPaidId: id, dateTime })));
      return id;
    },
  };
}
