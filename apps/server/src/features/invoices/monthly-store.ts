import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  invoiceLines,
  invoiceReminders,
  invoices,
  recurringPayments,
  visitExceptions,
} from '../../db/schema';
import { recurringKey } from '../visits/rule';
import type { Tx } from './store';

/** A recurring visit done in the month, not yet on an invoice: what the monthly run bills. */
export type DoneVisit = { scheduleId: number; inquiryId: number; key: string; start: Date; amount: number };

/** The monthly run's queries (docs/product.md#getting-paid). */
export const monthlyStore = (db: Db) => ({
  /** Done visits of every schedule that start in [from, to), by their time (moved or not), less those invoiced. */
  async doneVisits(from: Date, to: Date): Promise<DoneVisit[]> {
    const at = sql<Date>`coalesce(${visitExceptions.movedTo}, ${visitExceptions.originalStart})`;
    const rows = await db
      .select({
        scheduleId: visitExceptions.recurringPaymentId,
        originalStart: visitExceptions.originalStart,
        movedTo: visitExceptions.movedTo,
        inquiryId: recurringPayments.inquiryId,
        amount: recurringPayments.amount,
      })
      .from(visitExceptions)
      .innerJoin(recurringPayments, eq(recurringPayments.id, visitExceptions.recurringPaymentId))
      .where(and(eq(visitExceptions.status, 'done'), gte(at, from), lt(at, to)))
      .orderBy(visitExceptions.recurringPaymentId, at);
    const visits = rows.map((r) => ({
      scheduleId: r.scheduleId,
      inquiryId: r.inquiryId,
      key: recurringKey(r.scheduleId, r.originalStart),
      start: r.movedTo ?? r.originalStart,
      amount: r.amount,
    }));
    if (visits.length === 0) return [];
    const billed = await db
      .select({ key: invoiceLines.visitKey })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(
        and(
          inArray(
            invoiceLines.visitKey,
            visits.map((v) => v.key),
          ),
          sql`${invoices.status} <> 'void'`,
        ),
      );
    const done = new Set(billed.map((b) => b.key));
    return visits.filter((v) => !done.has(v.key));
  },

  /**
   * Invoices still owed, with an e-mail, whose latest reminder day (the largest of `days` already reached after the
   * due date) has not been sent: after an outage only the latest reminder goes, not each missed one.
   */
  async remindersDue(days: readonly number[], today: string): Promise<{ id: number; day: number }[]> {
    if (days.length === 0) return [];
    const result = (await db.execute(sql`
      select id, day from (
        select i.id, (select max(d) from unnest(${`{${days.join(',')}}`}::int[]) d
                       where i.due_on + d <= ${today}::date) as day
          from invoices i
         where i.status in ('open', 'partially_paid') and i.bill_to_email is not null
           and i.due_on + ${Math.min(...days)}::int <= ${today}::date) due
       where not exists (select 1 from invoice_reminders r where r.invoice_id = due.id and r.days_after = due.day)
       order by id limit 500`)) as unknown as { rows: { id: number; day: number }[] };
    return result.rows.map((r) => ({ id: Number(r.id), day: Number(r.day) }));
  },

  /** Claims one reminder in the caller's transaction: false when another server (or pass) sent it. */
  async claimReminder(tx: Tx, invoiceId: number, day: number): Promise<boolean> {
    const rows = await tx
      .insert(invoiceReminders)
      .values({ invoiceId, daysAfter: day })
      .onConflictDoNothing()
      .returning({ id: invoiceReminders.invoiceId });
    return rows.length > 0;
  },

  /**
   * The schedule's invoice for the month, claimed by its unique key: null when another server (or an earlier
   * pass) already made it.
   */
  async claim(tx: Tx, scheduleId: number, inquiryId: number, month: string): Promise<number | null> {
    const [row] = await tx
      .insert(invoices)
      .values({ inquiryId, recurringPaymentId: scheduleId, billingMonth: month })
      .onConflictDoNothing()
      .returning({ id: invoices.id });
    return row?.id ?? null;
  },
});
